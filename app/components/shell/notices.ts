import type { Notifications } from "../../../workers/workspaces/index";

export type Inbox = Awaited<ReturnType<Notifications["list"]>>;
export type Notice = Inbox["notifications"][number];

const TITLES: Record<string, string> = {
  approval_requested: "Approval asked",
  approved: "Approved",
  rejected: "Sent back",
  mention: "Mentioned you",
  client_review: "Client feedback",
  publish_failed: "Failed to publish",
  inbox_assigned: "Assigned to you",
  inbox_draft: "Reply to approve",
};

/** What kind of notice it is, in a word or two (an unknown kind still reads as a notice). */
export const noticeTitle = (kind: string) => TITLES[kind] ?? "Notice";

/** Where a notice leads: its post's details, on the discussion when the notice is about what someone said. */
export function noticeHref(n: Pick<Notice, "kind" | "postId">): string {
  if (n.kind === "inbox_assigned") return "/inbox?assigned=me";
  if (n.kind === "inbox_draft") return "/inbox";
  if (!n.postId) return "/content";
  const discussion = n.kind === "mention" || n.kind === "client_review";
  return `/content?post=${encodeURIComponent(n.postId)}${discussion ? "&view=comments" : ""}`;
}

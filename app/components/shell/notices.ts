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

/**
 * When a notice came, in the viewer's zone ("Dec 5, 2026, 9:00 AM"), never the stored ISO instant. The bell is on
 * every page, so it reads the zone with the browser's own Intl rather than pulling a date library into each page's
 * first load; the parts are assembled so every ICU version (server and browser) writes the same text.
 */
export function noticeTime(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("month")} ${part("day")}, ${part("year")}, ${part("hour")}:${part("minute")} ${part("dayPeriod")}`;
}

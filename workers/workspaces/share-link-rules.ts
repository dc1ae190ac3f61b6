import type { CLIENT_DECISIONS } from "../db/schema/approvals";
import type { POST_STATUSES } from "../db/schema/posts";
import { Gone } from "../errors";
import type { Refusal } from "./rules";

export const SHARE_LINK_DEFAULT_DAYS = 7;
export const SHARE_LINK_MAX_DAYS = 30;
/** A link is for a client's review of a plan, not an archive: one page of posts. */
export const SHARE_LINK_MAX_POSTS = 50;

export const ShareMessages = {
  invalid: "This approval link is not valid. Ask the person who sent it for a new one.",
  revoked: "This approval link has been revoked. Ask the person who sent it for a new one.",
  expired: "This approval link has expired. Ask the person who sent it for a new one.",
  emptyRange: "No posts are planned in this date range.",
  commentNeeded: "Please say what should change.",
  thanks: (decision: (typeof CLIENT_DECISIONS)[number]) =>
    decision === "approved" ? "Thank you: approved" : "Thank you: changes requested",
} as const;

/** What creating and revoking a link answer (the API and the post's share page). */
export const ShareReplies = { created: "Approval link created", revoked: "Approval link revoked" } as const;

/** A link answers until it is revoked or expires (410, so the client knows it once worked). */
export function shareLinkRefusal(link: { expiresAt: number; revokedAt: number | null }, now: number): Refusal {
  if (link.revokedAt !== null) return new Gone(ShareMessages.revoked);
  if (link.expiresAt <= now) return new Gone(ShareMessages.expired);
  return null;
}

export function shareLinkState(link: { expiresAt: number; revokedAt: number | null }, now: number) {
  return link.revokedAt !== null ? "revoked" : link.expiresAt <= now ? "expired" : "active";
}

/** What the author reads after a client's decision. */
export function clientReviewNotice(review: {
  label: string;
  decision: "approved" | "changes_requested";
  comment: string | null;
  excerpt: string;
}): { message: string; subject: string } {
  const who = `A client (link "${review.label}")`;
  const post = `"${review.excerpt}"`;
  const comment = review.comment ? `: ${review.comment}` : ".";
  return review.decision === "approved"
    ? { message: `${who} approved ${post}${comment}`, subject: "A client approved your post" }
    : { message: `${who} asked for changes to ${post}${comment}`, subject: "A client asked for changes" };
}

/** Where a shared post stands against its time, as the client's page words it (review.tsx). */
export const SHARED_TIMINGS = ["planned", "was_planned", "not_scheduled", "held", "published"] as const;
export type SharedTiming = (typeof SHARED_TIMINGS)[number];

/**
 * What is true of a shared post's time: a draft (one sent back included) keeps the time it once had but is planned
 * for nothing; a post held for a client's changes waits for an edit (ADR 078); a time gone by was planned, not is.
 */
export function sharedTiming(
  post: { status: (typeof POST_STATUSES)[number]; scheduledDate: string | null },
  now: number,
): SharedTiming {
  if (post.status === "published") return "published";
  if (post.status === "changes_requested") return "held";
  if (post.status === "draft" || post.scheduledDate === null) return "not_scheduled";
  return Date.parse(post.scheduledDate) > now ? "planned" : "was_planned";
}

import { formatDateTime } from "~/lib/format";
import { FORMAT_LABELS, PLATFORM_NAMES, type Platform, type PostFormat } from "../../../workers/platform-profile";
import { allHashtags } from "../../../workers/posts/public";

/** What post cards, the planner and the detail dialog show of a post. Pure. */

export interface PlacedPost {
  publishedAt: string | null;
  scheduledDate: string | null;
  createdAt: string | null;
}

/** SPEC: a post appears on its publish date if published, else its scheduled date, else its creation date. */
export function placementInstant(post: PlacedPost): number {
  return Date.parse(post.publishedAt ?? post.scheduledDate ?? post.createdAt ?? "");
}

/** The first `max` characters, with an ellipsis when cut. */
export function excerpt(content: string, max = 80): string {
  const chars = [...content.trim()];
  return chars.length > max ? `${chars.slice(0, max).join("").trimEnd()}…` : chars.join("");
}

/** The first three hashtags the post carries (written in the text or listed). */
/** The post's share page: the dialog's panel reads from it and posts to it; without JavaScript it is the page. */
export const sharePath = (id: string) => `/posts/${encodeURIComponent(id)}/share`;

export const cardHashtags = (post: { content: string; hashtags: string[] }, max = 3) =>
  allHashtags(post.content, post.hashtags).slice(0, max);

/** The date a card shows (published, else scheduled, else created) in the user's zone, e.g. "Mar 5, 2026, 9:00 AM". */
export function cardDate(post: PlacedPost, timeZone: string): string {
  return formatDateTime(new Date(placementInstant(post)).toISOString(), timeZone);
}

/** SPEC status colours: scheduled amber, published green, failed red, waiting for approval violet, anything else grey. */
export function statusTone(status: string): string {
  switch (status) {
    case "scheduled":
      return "bg-amber-100 text-amber-800 border-amber-300";
    case "published":
    case "partially_published":
      return "bg-green-100 text-green-800 border-green-300";
    case "failed":
      return "bg-red-100 text-red-800 border-red-300";
    case "held":
    case "changes_requested":
      return "bg-orange-100 text-orange-800 border-orange-300";
    case "pending_approval":
      return "bg-violet-100 text-violet-800 border-violet-300";
    default:
      return "bg-slate-100 text-slate-700 border-slate-300";
  }
}

const STATUS_LABELS: Record<string, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  queued: "Queued",
  publishing: "Publishing",
  published: "Published",
  partially_published: "Partially published",
  failed: "Failed",
  unconfirmed: "Unconfirmed",
  held: "On hold",
  pending_approval: "Pending approval",
  changes_requested: "Changes requested",
};

/** What a held channel waits for, by its hold reason (workers/posts/channel-holds.ts). */
const HOLD_LABELS: Record<string, string> = {
  account_disconnected: "Waiting for reconnect",
  account_needs_reconnect: "Waiting for reconnect",
  media_deleted: "Media deleted",
  time_passed: "Needs a new time",
  changes_requested: "Changes requested",
};
export const heldLabel = (kind: string | null | undefined) => (kind && HOLD_LABELS[kind]) || STATUS_LABELS.held!;
export const statusLabel = (status: string) => STATUS_LABELS[status] ?? status;

/** A claimed channel is "Publishing" (it has left the user's hands), "Retrying" while a retry waits (issue 42). */
export function channelLabel(t: { status: string; retry?: unknown; error?: { kind: string | null } | null }) {
  if (t.status === "queued") return t.retry ? "Retrying" : STATUS_LABELS.publishing!;
  return t.status === "held" ? heldLabel(t.error?.kind) : statusLabel(t.status);
}

/** The statuses a post shows: the post's own when it has no channels, else one per channel. */
export function channelStatuses(post: {
  status: string;
  platformPosts: Array<{ platform: string; status: string; retry?: unknown }>;
}): Array<{ platform: string | null; status: string; label?: string }> {
  return post.platformPosts.length
    ? post.platformPosts.map((t) => ({ platform: t.platform, status: t.status, label: channelLabel(t) }))
    : [{ platform: null, status: post.status }];
}

/** The channels that are not feed posts, as "Instagram Reel", once each (ADR 066; a network's formats are checked on write). */
export function cardFormats(post: { channels: Array<{ platform: string; options?: { format?: string } | null }> }) {
  const labels = post.channels.flatMap((c) => {
    const format = c.options?.format;
    if (!format || format === "feed") return [];
    return [`${PLATFORM_NAMES[c.platform as Platform]} ${FORMAT_LABELS[format as PostFormat] ?? "Post"}`];
  });
  return [...new Set(labels)];
}

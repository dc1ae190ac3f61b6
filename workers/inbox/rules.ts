import type { RemoteComment } from "../platforms";

/**
 * The inbox's pure rules (ADR 069): when an account is polled, which comments are new, and what a reply request
 * may do given the item's recorded reply.
 */

/** An account is polled at most this often: every network's comment reads are rate limited per token. */
export const POLL_INTERVAL_MS = 5 * 60_000;
/** Comments are read on posts published within this window; older posts rarely gather new ones. */
export const WATCH_WINDOW_MS = 14 * 86_400_000;
/** Items written up to this long before the newest one seen are taken again (search indexes lag); the key dedupes. */
export const OVERLAP_MS = 15 * 60_000;
/** Accounts polled per cron run and shard, oldest poll first. */
export const ACCOUNTS_PER_RUN = 20;
/** A reply recorded `sending` this long ago with no outcome is taken as interrupted (a crash), not in flight. */
export const REPLY_LEASE_MS = 2 * 60_000;
export const REPLY_MAX = 2_000;

export function pollDue(polledAt: number | null | undefined, now: number): boolean {
  return polledAt == null || now - polledAt >= POLL_INTERVAL_MS;
}

export interface IncomingComment {
  remoteId: string;
  author: string;
  text: string;
  createdAt: number;
}

/**
 * The comments worth writing: parsed times (an unreadable one counts as now) from a little before the cursor on.
 * Whatever else a comment carries (the post it belongs to) is kept.
 */
export function freshComments<C extends RemoteComment>(
  comments: C[],
  newestAt: number | null,
  now: number,
): Array<Omit<C, "id" | "createdAt"> & IncomingComment> {
  const from = newestAt == null ? 0 : newestAt - OVERLAP_MS;
  return comments
    .map(({ id, createdAt, ...rest }) => {
      const at = Date.parse(createdAt);
      return { ...rest, remoteId: id, createdAt: Number.isNaN(at) ? now : at };
    })
    .filter((c) => c.createdAt >= from);
}

/** The cursor after a poll: the newest item time seen, never moving back. */
export function nextNewestAt(newestAt: number | null, taken: IncomingComment[]): number | null {
  return taken.reduce<number | null>((max, c) => (max == null || c.createdAt > max ? c.createdAt : max), newestAt);
}

export interface RecordedReply {
  replyState: "sending" | "sent" | "failed" | null;
  replyStartedAt: number | null;
  /** When our reply was taken, and when the network says the item was last edited (a review, ADR 101). */
  repliedAt?: number | null;
  editedAt?: number | null;
}

/**
 * What a reply request does, given what is recorded:
 * - `send`: nothing was sent before: record, then call;
 * - `look-first`: an earlier attempt may have reached the network (a lost answer, a crash): look for it before
 *   sending again;
 * - `answered` / `in-flight`: refused, so two members never answer the same item twice; an item edited after our
 *   reply (a review the reviewer changed) may be answered again, replacing the earlier reply.
 */
export function replyStep(item: RecordedReply, now: number): "send" | "look-first" | "answered" | "in-flight" {
  if (item.replyState === "sent")
    return item.editedAt != null && item.repliedAt != null && item.editedAt > item.repliedAt ? "send" : "answered";
  if (item.replyState === "sending")
    return item.replyStartedAt != null && now - item.replyStartedAt < REPLY_LEASE_MS ? "in-flight" : "look-first";
  if (item.replyState === "failed") return "look-first";
  return "send";
}

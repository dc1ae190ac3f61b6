import type { Slot } from "../../../workers/queue/slots";

/** One account's queue as GET /api/queue returns it. */
export interface QueueJson {
  accountId: string;
  platform: string;
  username: string;
  timezone: string;
  ownTimezone: string | null;
  paused: boolean;
  slots: Slot[];
  upcoming: Array<{ at: string; slot: boolean; post: { postId: string; targetId: string; content: string } | null }>;
}

/** The waiting posts' target ids with the one at `from` moved to `to` (the reorder request's order). */
export function movedOrder(queue: QueueJson, from: number, to: number): string[] {
  const ids = queue.upcoming.flatMap((r) => (r.post ? [r.post.targetId] : []));
  const [moved] = ids.splice(from, 1);
  if (moved === undefined) return ids;
  ids.splice(Math.max(0, Math.min(to, ids.length)), 0, moved);
  return ids;
}

/** The composer's request turned into Add to queue: the server picks each channel's time. */
export function queueRequest<T extends object>(body: T) {
  return { ...body, scheduledDate: null, status: "scheduled" as const, publishNow: false, addToQueue: true };
}

/** When a post on screen is worth watching for a publish to land. Pure. */

/** How far ahead a scheduled channel counts as "about to publish". */
export const SOON_MS = 5 * 60_000;
/** How often the screen asks again while something is in flight. */
export const POLL_MS = 4_000;

interface TargetLike {
  status: string;
  dueAt: string | null;
}

/** A channel queued or publishing, or scheduled within the next few minutes (or overdue, waiting for the cron). */
export function targetInFlight(target: TargetLike, now: number): boolean {
  if (target.status === "queued" || target.status === "publishing") return true;
  return target.status === "scheduled" && target.dueAt !== null && Date.parse(target.dueAt) <= now + SOON_MS;
}

export function postInFlight(post: { platformPosts: TargetLike[] }, now: number): boolean {
  return post.platformPosts.some((t) => targetInFlight(t, now));
}

/** When the earliest later-scheduled channel comes within SOON_MS (so the screen starts watching then), or null. */
export function nextWatchStart(posts: Array<{ platformPosts: TargetLike[] }>, now: number): number | null {
  const starts = posts
    .flatMap((p) => p.platformPosts)
    .flatMap((t) => (t.status === "scheduled" && t.dueAt ? [Date.parse(t.dueAt) - SOON_MS] : []))
    .filter((at) => at > now);
  return starts.length ? Math.min(...starts) : null;
}

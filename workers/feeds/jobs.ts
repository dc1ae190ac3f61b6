import { checkFeed, type PollDeps } from "./poll";
import type { FeedRow } from "./store";

/** Feeds checked per shard per cron minute; the rest are next in line a minute later. */
const FEEDS_PER_RUN = 10;
/** A claimed feed's next check if its run dies mid-way (the check itself moves it on when it ends). */
const CLAIM_MS = 5 * 60_000;

/**
 * The cron's feed job on one shard: the due feeds, each claimed so an overlapping run skips it, every workspace's
 * checked at once (a workspace's in turn). Each check has its own time limit and records its own outcome, so a slow
 * or broken feed delays no other workspace's.
 * The `moving` workspaces' feeds (ADR 082) wait for a run after their move.
 */
export async function runFeedChecks(
  deps: PollDeps,
  moving: readonly string[] = [],
): Promise<{ checked: number; posted: number }> {
  const now = deps.now();
  const due = await deps.store.due(now, FEEDS_PER_RUN, moving);
  const byWorkspace = new Map<string, FeedRow[]>();
  for (const feed of due)
    if (await deps.store.claim(feed, now + CLAIM_MS))
      byWorkspace.set(feed.workspaceId, [...(byWorkspace.get(feed.workspaceId) ?? []), feed]);
  // Workspaces side by side, a workspace's feeds one after another: two of its queue feeds checked at once each read
  // the same free slot of a channel they share, and both items took it.
  const inTurn = async (feeds: FeedRow[]) => {
    let posted = 0;
    for (const feed of feeds)
      posted += await checkFeed(feed, deps).then(
        (r) => r.posted,
        (err) => {
          console.error("feed check crashed", feed.id, err);
          return 0;
        },
      );
    return posted;
  };
  const posted = (await Promise.all([...byWorkspace.values()].map(inTurn))).reduce((a, b) => a + b, 0);
  return { checked: [...byWorkspace.values()].flat().length, posted };
}

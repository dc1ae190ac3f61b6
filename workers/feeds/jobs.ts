import { checkFeed, type PollDeps } from "./poll";

/** Feeds checked per shard per cron minute; the rest are next in line a minute later. */
const FEEDS_PER_RUN = 10;
/** A claimed feed's next check if its run dies mid-way (the check itself moves it on when it ends). */
const CLAIM_MS = 5 * 60_000;

/**
 * The cron's feed job on one shard: the due feeds, each claimed so an overlapping run skips it, all checked at
 * once. Each check has its own time limit and records its own outcome, so a slow or broken feed delays no other.
 * The `moving` workspaces' feeds (ADR 082) wait for a run after their move.
 */
export async function runFeedChecks(
  deps: PollDeps,
  moving: readonly string[] = [],
): Promise<{ checked: number; posted: number }> {
  const now = deps.now();
  const due = await deps.store.due(now, FEEDS_PER_RUN, moving);
  const claimed = [];
  for (const feed of due) if (await deps.store.claim(feed, now + CLAIM_MS)) claimed.push(feed);
  const results = await Promise.allSettled(claimed.map((feed) => checkFeed(feed, deps)));
  let posted = 0;
  for (const r of results) {
    if (r.status === "fulfilled") posted += r.value.posted;
    else console.error("feed check crashed", r.reason);
  }
  return { checked: claimed.length, posted };
}

/**
 * A move's precondition (ADR 082): a quiet window, so no publish can run on the old shard while the new one
 * takes over. Nothing of the workspace may be in flight (claimed, queued, publishing, unconfirmed, staging) and
 * nothing due, first try or retry, within QUIET_MS.
 */
export const QUIET_MS = 10 * 60_000;

const IN_FLIGHT = "status IN ('queued', 'publishing', 'unconfirmed') OR claim_id IS NOT NULL";

/** When the workspace's next publishing work is (0: now, in flight), or null when none is near. */
export async function nextPublishingWork(shard: D1Database, workspaceId: string, now: number): Promise<number | null> {
  const [targets, stagings] = await shard.batch<{ next: number | null }>([
    shard
      .prepare(
        `SELECT MIN(CASE WHEN ${IN_FLIGHT} THEN 0 ELSE COALESCE(next_attempt_at, due_at) END) AS next
         FROM post_targets
         WHERE workspace_id = ? AND (${IN_FLIGHT} OR (status = 'scheduled' AND COALESCE(next_attempt_at, due_at) <= ?))`,
      )
      .bind(workspaceId, now + QUIET_MS),
    shard
      .prepare(
        "SELECT MIN(0) AS next FROM target_stagings WHERE workspace_id = ? AND state IN ('staging', 'processing')",
      )
      .bind(workspaceId),
  ]);
  const times = [targets, stagings].map((r) => r!.results[0]?.next).filter((t): t is number => t != null);
  return times.length ? Math.min(...times) : null;
}

/** When to try a refused move again: once the work due at `next` (or in flight now) has had its window. */
export const retryAt = (next: number, now: number) => Math.max(next, now) + QUIET_MS;

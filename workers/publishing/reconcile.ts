import { sql } from "drizzle-orm";
import { enqueue, type PublishMessage } from "./claim";
import { type PublishDeps, verifyTarget } from "./consumer";
import { type Leases, leaseCutoffs } from "./lease";
import { reclaim } from "./target-writes";

/** Stuck targets looked at per cron run; the rest wait a minute (verifying costs platform calls). */
const RECONCILE_BATCH = 25;

/** The lease condition, shared by the status counts and the reconciler's conditional updates. */
export function stuckCondition(now: number, leases: Leases) {
  const { queuedBefore, publishingBefore } = leaseCutoffs(now, leases);
  return sql`((status = 'queued' AND max(coalesce(due_at, 0), coalesce(next_attempt_at, 0), updated_at) < ${queuedBefore})
    OR (status = 'publishing' AND updated_at < ${publishingBefore}))`;
}

/**
 * The cron's safety net for targets whose queue message or consumer vanished (a crash between the claim
 * and `sendBatch`, a restart of a local queue, an invocation killed mid-publish). Past its lease:
 * - a `queued` target was never handed to a platform, so it is re-claimed and re-enqueued;
 * - a `publishing` target may have been sent, so the platform is asked first: found → published,
 *   cannot tell → unconfirmed, not there → back to `queued` and re-enqueued.
 * Every move is a conditional UPDATE on the stale state, so overlapping crons act once, and a duplicate
 * message is harmless because the consumer only publishes a target it moves from `queued` itself.
 */
export async function reconcileStuckTargets(
  deps: PublishDeps & { queue: Queue<PublishMessage>; leases: Leases },
): Promise<{ requeued: number; settled: number }> {
  const now = deps.now();
  const stuck = await deps.db.query.postTargets.findMany({
    where: stuckCondition(now, deps.leases),
    orderBy: (t, { asc }) => asc(t.updatedAt),
    limit: RECONCILE_BATCH,
  });
  const claimId = crypto.randomUUID();
  const claimed: Array<{ id: string; due_at: number }> = [];
  let settled = 0;
  for (const target of stuck) {
    if (target.status === "publishing") {
      const verdict = await verifyTarget(target, deps);
      if (verdict.outcome !== "not_found") {
        settled++;
        continue;
      }
    }
    claimed.push(...(await reclaim(deps.db, target, claimId, now)));
  }
  await enqueue(deps.queue, claimed, claimId, now);
  return { requeued: claimed.length, settled };
}

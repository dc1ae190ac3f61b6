import type { Db } from "../db/client";
import { schedulerRuns } from "../db/schema/index";
import { CLAIM_HORIZON_MS, delaySecondsUntil } from "../delivery";
import type { Platform } from "../platform-profile";
import { claimDue, claimedPostsPublishing } from "./target-writes";

const CLAIM_BATCH = 500;
const SEND_BATCH = 100; // Queues' sendBatch limit

export interface PublishMessage {
  targetId: string;
  claimId: string;
  /**
   * The target's account and platform as claimed: a hint that lets the pacing gate run before the target is read,
   * and the read join the move's batch. The row decides: a hint that does not match it is ignored (ADR 041).
   */
  accountId?: string;
  platform?: Platform;
  /** A staging step (ADR 029): prepare the target's media ahead, publish nothing. */
  stage?: boolean;
}

/** A message's hint of its target's account and platform. */
export type TargetHint = { accountId: string; platform: Platform };

/** The row is the hint's target (else the hint is stale and the row decides alone). */
export const isHintOf = (hint: TargetHint, target: TargetHint) =>
  target.accountId === hint.accountId && target.platform === hint.platform;

interface ClaimedRow {
  id: string;
  due_at: number;
  account_id?: string;
  platform?: Platform;
}

/**
 * Claims every scheduled target due within the horizon (or overdue: a target whose time passed while
 * the system was down is picked up, never skipped) in ONE conditional UPDATE, so two overlapping runs
 * can never claim the same target, then enqueues each with a delay that lands on its second.
 */
export async function claimDueTargets(
  deps: { db: Db; d1: D1Database; queue: Queue<PublishMessage>; now: () => number },
  options: { kind: "cron" | "trigger"; workspaceId?: string; targetId?: string } = { kind: "cron" },
): Promise<{ claimed: number; claimId: string }> {
  const started = deps.now();
  const claimId = crypto.randomUUID();
  const horizon = started + CLAIM_HORIZON_MS;
  let claimed = 0;
  for (;;) {
    const claim = { claimId, at: started, horizon, limit: CLAIM_BATCH };
    // One transaction: the claimed targets' posts show as publishing with them (derived, never set apart).
    const [moved] = await deps.d1.batch<ClaimedRow>([
      claimDue(deps.d1, claim, options),
      claimedPostsPublishing(deps.d1, claimId, started),
    ]);
    const results = moved!.results;
    if (results.length === 0) break;
    await enqueue(deps.queue, results, claimId, deps.now());
    claimed += results.length;
    if (results.length < CLAIM_BATCH) break;
  }
  await deps.db.insert(schedulerRuns).values({
    id: claimId,
    kind: options.kind,
    workspaceId: options.workspaceId ?? null,
    startedAt: started,
    durationMs: deps.now() - started,
    claimed,
  });
  return { claimed, claimId };
}

export async function enqueue(
  queue: Queue<PublishMessage>,
  rows: ClaimedRow[],
  claimId: string,
  now: number,
): Promise<void> {
  for (let i = 0; i < rows.length; i += SEND_BATCH) {
    await queue.sendBatch(
      rows.slice(i, i + SEND_BATCH).map((r) => ({
        body: {
          targetId: r.id,
          claimId,
          ...(r.account_id && r.platform && { accountId: r.account_id, platform: r.platform }),
        },
        delaySeconds: delaySecondsUntil(r.due_at, now),
      })),
    );
  }
}

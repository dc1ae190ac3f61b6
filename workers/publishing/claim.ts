import type { Db } from "../db/client";
import { schedulerRuns } from "../db/schema/index";
import { CLAIM_HORIZON_MS } from "../delivery/edit-lock";
import { delaySecondsUntil } from "../delivery/state";

const CLAIM_BATCH = 500;
const SEND_BATCH = 100; // Queues' sendBatch limit

export interface PublishMessage {
  targetId: string;
  claimId: string;
  /** A staging step (ADR 029): prepare the target's media ahead, publish nothing. */
  stage?: boolean;
}

interface ClaimedRow {
  id: string;
  due_at: number;
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
    const params: unknown[] = [claimId, started, horizon];
    const param = (value: unknown) => `?${params.push(value)}`;
    const workspaceFilter = options.workspaceId ? `AND workspace_id = ${param(options.workspaceId)}` : "";
    // A paused queue (ADR 022) holds its account's targets; naming one target ("Share next") sends it anyway.
    const scope = options.targetId
      ? `AND id = ${param(options.targetId)}`
      : "AND NOT EXISTS (SELECT 1 FROM account_queues q WHERE q.account_id = post_targets.account_id AND q.paused = 1)";
    const bound = deps.d1
      .prepare(
        `UPDATE post_targets SET status = 'queued', claim_id = ?1, claimed_at = ?2, updated_at = ?2
       WHERE id IN (SELECT id FROM post_targets WHERE status = 'scheduled' AND due_at <= ?3 ${workspaceFilter} ${scope} ORDER BY due_at LIMIT ${CLAIM_BATCH})
         AND status = 'scheduled'
       RETURNING id, due_at`,
      )
      .bind(...params);
    const { results } = await bound.all<ClaimedRow>();
    if (results.length === 0) break;
    // The posts of claimed targets now show as publishing (their status is derived from the targets).
    await deps.d1
      .prepare(
        "UPDATE posts SET status = 'publishing', updated_at = ?2 WHERE id IN (SELECT post_id FROM post_targets WHERE claim_id = ?1) AND status != 'publishing'",
      )
      .bind(claimId, started)
      .run();
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
        body: { targetId: r.id, claimId },
        delaySeconds: delaySecondsUntil(r.due_at, now),
      })),
    );
  }
}

import type { Services } from "../services";
import { reportDeps, runDueReports } from "./reports";
import { runRetention } from "./rollups";
import { type AnalyticsMessage, enqueueDueSyncs, handleAnalyticsBatch } from "./sync";

/**
 * The analytics part of the every-minute cron: enqueue due account syncs, generate due scheduled reports, and
 * roll a batch of expired post snapshots into the rollups (ADR 023). The `moving` workspaces (ADR 082) get no
 * sync and no report until their move is over.
 */
export async function runAnalyticsCron(
  services: Services,
  moving: readonly string[] = [],
): Promise<{ enqueued: number; reports: number; snapshotsRetired: number }> {
  const { db, now } = services;
  const queue = services.queues.analytics as Queue<AnalyticsMessage>;
  const enqueued = await enqueueDueSyncs({ db, now, queue, moving });
  const reports = await runDueReports(reportDeps(services), moving);
  const { deleted } = await runRetention(db, now());
  return { enqueued, reports, snapshotsRetired: deleted };
}

/**
 * The analytics queues: 'postline-analytics' syncs one account per message; its dead-letter queue only
 * logs what gave up (the next cron enqueues the account again when it is due).
 */
export async function handleAnalyticsQueue(batch: MessageBatch<unknown>, services: Services): Promise<void> {
  if (batch.queue === "postline-analytics-dlq") {
    for (const m of batch.messages) console.warn("analytics sync gave up", m.body);
    batch.ackAll();
    return;
  }
  await handleAnalyticsBatch(batch, services.analyticsDeps());
}

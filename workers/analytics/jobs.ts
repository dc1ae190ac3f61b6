import { inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { connectedAccounts } from "../db/schema/index";
import type { Services } from "../services";
import { reportDeps, runDueReports } from "./reports";
import { runRetention } from "./rollups";
import { type AnalyticsMessage, analyticsMessage, enqueueDueSyncs, handleAnalyticsBatch } from "./sync";

/**
 * How long a sync of a workspace being moved waits before it is tried again (ADR 082): a move takes seconds to
 * minutes. Tried after the switch, its message names the old shard, finds no account there and is acked; the cron
 * enqueues the account again from its new shard.
 */
const MOVE_RETRY_SECONDS = 60;

/**
 * The analytics part of the every-minute cron: enqueue due account syncs, generate due scheduled reports, and
 * roll a batch of expired post snapshots into the rollups (ADR 023). The `moving` workspaces (ADR 082) get no
 * sync, no report and no retention until their move is over.
 */
export async function runAnalyticsCron(
  services: Services,
  moving: readonly string[] = [],
): Promise<{ enqueued: number; reports: number; snapshotsRetired: number }> {
  const { db, now } = services;
  const queue = services.queues.analytics as Queue<AnalyticsMessage>;
  const enqueued = await enqueueDueSyncs({ db, now, queue, moving });
  const reports = await runDueReports(reportDeps(services), moving);
  const { deleted } = await runRetention(db, now(), undefined, moving);
  return { enqueued, reports, snapshotsRetired: deleted };
}

/**
 * The analytics queues: 'postline-analytics' syncs one account per message; its dead-letter queue only
 * logs what gave up (the next cron enqueues the account again when it is due). A message about an account of a
 * `moving` workspace (ADR 082) is retried later instead: a sync now would write to rows being copied.
 */
export async function handleAnalyticsQueue(
  batch: MessageBatch<unknown>,
  services: Services,
  moving: readonly string[] = [],
): Promise<void> {
  if (batch.queue === "postline-analytics-dlq") {
    for (const m of batch.messages) console.warn("analytics sync gave up", m.body);
    batch.ackAll();
    return;
  }
  const deps = services.analyticsDeps();
  const held = moving.length ? await heldForMove(deps.db, batch.messages, moving) : new Set();
  for (const m of held) (m as Message).retry({ delaySeconds: MOVE_RETRY_SECONDS });
  // The same batch without the held messages.
  const rest: MessageBatch<unknown> = Object.create(batch, {
    messages: { value: batch.messages.filter((m) => !held.has(m)) },
  });
  await handleAnalyticsBatch(rest, deps);
}

/** The messages about accounts of the `moving` workspaces (one read for the batch). */
async function heldForMove(db: Db, messages: readonly Message<unknown>[], moving: readonly string[]) {
  const accountOf = new Map(messages.map((m) => [m, analyticsMessage.safeParse(m.body).data?.accountId]));
  const ids = [...new Set(accountOf.values())].filter((id) => id !== undefined);
  if (!ids.length) return new Set<Message<unknown>>();
  const accounts = await db
    .select({ id: connectedAccounts.id, workspaceId: connectedAccounts.workspaceId })
    .from(connectedAccounts)
    .where(inArray(connectedAccounts.id, ids));
  const held = new Set(accounts.filter((a) => moving.includes(a.workspaceId)).map((a) => a.id));
  return new Set(messages.filter((m) => held.has(accountOf.get(m) ?? "")));
}

import { and, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { EmitEvent } from "../automation";
import { chunksOf, D1_MAX_PARAMS } from "../db/chunks";
import type { Db } from "../db/client";
import {
  accountMetricSnapshots,
  analyticsSyncState,
  audienceSnapshots,
  connectedAccounts,
  postMetricSnapshots,
  postTargets,
  syncedComments,
} from "../db/schema/index";
import type { Platform } from "../platform-profile";
import { type AccountCredentials, type PlatformClient, PlatformError, refreshOnce } from "../platforms";
import { notMoving } from "../tenancy/moving";
import { ACCOUNT_INTERVAL_MS, dueTargets, planAccountSyncs, targetDueAt } from "./planner";

/** The same shape the publishing consumer receives; the Worker entry supplies the real clients. */
export interface SyncDeps {
  db: Db;
  now: () => number;
  client: (platform: Platform) => PlatformClient;
  credentials: (accountId: string) => Promise<AccountCredentials>;
  /** After the platform refused the token: one forced refresh (null when the account has no refresh token). */
  refreshCredentials: (accountId: string) => Promise<AccountCredentials | null>;
  /** Webhook events: analytics.synced after a sync that brought in data. */
  emit?: EmitEvent;
}

export const analyticsMessage = z.object({ accountId: z.string().min(1), reason: z.string() });
export type AnalyticsMessage = z.infer<typeof analyticsMessage>;

export interface SyncFailure {
  platform: Platform;
  accountId: string;
  targetId?: string;
  kind: "retryable" | "auth" | "permanent";
  message: string;
}

export interface SyncResult {
  accountId: string;
  platform: Platform;
  accountSynced: boolean;
  targetsSynced: number;
  commentsSynced: number;
  failures: SyncFailure[];
}

export interface SyncOptions {
  /** Sync account metrics and every selected target now, due or not. */
  force?: boolean;
  /** With force: only targets published at or after this instant. */
  publishedSince?: number;
  /** Only these targets (a single post's sync). */
  targetIds?: string[];
}

/**
 * Syncs one account: its metrics and audience, then the metrics and comments of its published targets.
 * Appends snapshots (never updates one). Each failure is returned with its platform, not thrown.
 */
export async function syncAccount(
  accountId: string,
  deps: SyncDeps,
  opts: SyncOptions = {},
): Promise<SyncResult | null> {
  const { db } = deps;
  const account = await db.query.connectedAccounts.findFirst({ where: eq(connectedAccounts.id, accountId) });
  if (!account) return null;
  const result: SyncResult = {
    accountId,
    platform: account.platform,
    accountSynced: false,
    targetsSynced: 0,
    commentsSynced: 0,
    failures: [],
  };
  const fail = (err: unknown, targetId?: string) =>
    result.failures.push({ platform: account.platform, accountId, targetId, ...classify(err) });

  let access: ReturnType<typeof refreshOnce>;
  try {
    // A token the platform stopped taking is refreshed once before the sync reports it as refused.
    access = refreshOnce(await deps.credentials(accountId), () => deps.refreshCredentials(accountId));
  } catch (err) {
    fail(err);
    await saveState(db, account.id, account.workspaceId, null, result.failures);
    return result;
  }
  const client = deps.client(account.platform);
  const state = await db.query.analyticsSyncState.findFirst({ where: eq(analyticsSyncState.accountId, accountId) });
  const now = deps.now();
  const writes: Write[] = [];

  const step: SyncStep = { account, now, access, client, writes, result, fail };
  const accountDue = opts.force || !state?.lastAccountSyncAt || now - state.lastAccountSyncAt >= ACCOUNT_INTERVAL_MS;
  if (accountDue && !opts.targetIds) await syncAccountFigures(step);
  for (const t of await targetsToSync(db, accountId, opts, now)) await syncTarget(step, t);

  await writeAll(db, writes);
  await saveState(db, account.id, account.workspaceId, result.accountSynced ? now : null, result.failures);
  if (result.accountSynced || result.targetsSynced > 0) {
    const { accountSynced, targetsSynced, commentsSynced, failures } = result;
    await deps.emit?.(account.workspaceId, "analytics.synced", {
      accountId,
      platform: account.platform,
      accountSynced,
      postsSynced: targetsSynced,
      commentsSynced,
      failures: failures.length,
    });
  }
  return result;
}

type Write = { table: "account" | "post" | "audience" | "comment"; row: Record<string, unknown> };

/** What each step of one account's sync shares: the account, the clock, its access, and where results go. */
interface SyncStep {
  account: { id: string; workspaceId: string; platform: Platform };
  now: number;
  access: ReturnType<typeof refreshOnce>;
  client: ReturnType<SyncDeps["client"]>;
  writes: Write[];
  result: SyncResult;
  fail: (err: unknown, targetId?: string) => void;
}

/** The account's own figures: followers, reach, impressions, profile views, and its audience when given. */
async function syncAccountFigures({ account, now, access, client, writes, result, fail }: SyncStep) {
  const { id: accountId, workspaceId, platform } = account;
  try {
    const m = await access.call((c) => client.accountMetrics(c));
    const base = { accountId, workspaceId, platform, takenAt: now };
    writes.push({
      table: "account",
      row: {
        id: crypto.randomUUID(),
        ...base,
        followers: m.followers,
        reach: m.reach ?? null,
        impressions: m.impressions ?? null,
        profileViews: m.profileViews ?? null,
      },
    });
    if (m.audience) writes.push({ table: "audience", row: { id: crypto.randomUUID(), ...base, data: m.audience } });
    result.accountSynced = true;
  } catch (err) {
    fail(err);
  }
}

/** The account's published targets to measure now: the given ones, all since `publishedSince` if forced, or the due. */
async function targetsToSync(db: SyncDeps["db"], accountId: string, opts: SyncOptions, now: number) {
  const targets = await db
    .select({
      id: postTargets.id,
      postId: postTargets.postId,
      remoteId: postTargets.remoteId,
      version: postTargets.version,
      publishedAt: postTargets.publishedAt,
      lastSnapshotAt: sql<
        number | null
      >`(select max(s.taken_at) from post_metric_snapshots s where s.target_id = ${postTargets.id})`,
    })
    .from(postTargets)
    .where(
      and(eq(postTargets.accountId, accountId), eq(postTargets.status, "published"), isNotNull(postTargets.remoteId)),
    );
  return opts.targetIds
    ? targets.filter((t) => opts.targetIds!.includes(t.id))
    : opts.force
      ? targets.filter((t) => (t.publishedAt ?? 0) >= (opts.publishedSince ?? 0))
      : targets.filter(
          (t) =>
            dueTargets([{ targetId: t.id, publishedAt: t.publishedAt ?? 0, lastSnapshotAt: t.lastSnapshotAt }], now)
              .length > 0,
        );
}

/** One target's metrics and comments. */
async function syncTarget(
  { account, now, access, client, writes, result, fail }: SyncStep,
  t: { id: string; postId: string; remoteId: string | null; version: typeof postTargets.$inferSelect.version },
) {
  const { id: accountId, workspaceId, platform } = account;
  try {
    const m = await access.call((c) => client.postMetrics(c, t.remoteId!, t.version?.options));
    writes.push({
      table: "post",
      row: {
        id: crypto.randomUUID(),
        targetId: t.id,
        postId: t.postId,
        accountId,
        workspaceId,
        platform,
        takenAt: now,
        ...pickMetrics(m),
      },
    });
    result.targetsSynced += 1;
    const comments = await access.call((c) => client.comments(c, t.remoteId!));
    for (const c of comments) {
      const createdAt = Date.parse(c.createdAt);
      writes.push({
        table: "comment",
        row: {
          id: crypto.randomUUID(),
          targetId: t.id,
          postId: t.postId,
          workspaceId,
          platform,
          remoteId: c.id,
          author: c.author,
          text: c.text,
          createdAt: Number.isNaN(createdAt) ? now : createdAt,
          syncedAt: now,
        },
      });
    }
    result.commentsSynced += comments.length;
  } catch (err) {
    fail(err, t.id);
  }
}

function pickMetrics(m: {
  impressions: number;
  reach: number;
  likes: number;
  comments: number;
  shares: number;
  saves: number;
  clicks: number;
  videoViews: number;
}) {
  const n = (v: number) => (Number.isFinite(v) && v > 0 ? Math.round(v) : 0);
  return {
    impressions: n(m.impressions),
    reach: n(m.reach),
    likes: n(m.likes),
    comments: n(m.comments),
    shares: n(m.shares),
    saves: n(m.saves),
    clicks: n(m.clicks),
    videoViews: n(m.videoViews),
  };
}

function classify(err: unknown): { kind: SyncFailure["kind"]; message: string } {
  if (err instanceof PlatformError) return { kind: err.kind, message: err.message };
  return { kind: "retryable", message: err instanceof Error ? err.message : String(err) };
}

const TABLES = {
  account: accountMetricSnapshots,
  post: postMetricSnapshots,
  audience: audienceSnapshots,
  comment: syncedComments,
} as const;

/** Inserts in as few statements as D1's 100-parameter limit allows, all in one batch. */
async function writeAll(db: Db, writes: Array<{ table: keyof typeof TABLES; row: Record<string, unknown> }>) {
  const statements = [];
  for (const table of Object.keys(TABLES) as Array<keyof typeof TABLES>) {
    const rows = writes.filter((w) => w.table === table).map((w) => w.row);
    if (!rows.length) continue;
    const perStatement = Math.max(1, Math.floor(D1_MAX_PARAMS / Object.keys(rows[0]!).length));
    for (const run of chunksOf(rows, perStatement)) {
      const insert = db.insert(TABLES[table]).values(run as never);
      statements.push(table === "comment" ? insert.onConflictDoNothing() : insert);
    }
  }
  if (statements.length) await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
}

async function saveState(
  db: Db,
  accountId: string,
  workspaceId: string,
  syncedAt: number | null,
  failures: SyncFailure[],
) {
  const lastError = failures.length
    ? failures
        .map((f) => f.message)
        .join("; ")
        .slice(0, 500)
    : null;
  await db
    .insert(analyticsSyncState)
    .values({ accountId, workspaceId, lastAccountSyncAt: syncedAt, lastError })
    .onConflictDoUpdate({
      target: analyticsSyncState.accountId,
      set: { lastError, ...(syncedAt ? { lastAccountSyncAt: syncedAt } : {}) },
    });
}

/** Cron: enqueue every account that is due (SPEC cadence in planner.ts), capped per platform, but `moving` ones'. */
export async function enqueueDueSyncs(deps: {
  db: Db;
  now: () => number;
  queue: Queue<AnalyticsMessage>;
  moving?: readonly string[];
}): Promise<number> {
  const { db } = deps;
  const now = deps.now();
  const accounts = await db
    .select({
      accountId: connectedAccounts.id,
      workspaceId: connectedAccounts.workspaceId,
      platform: connectedAccounts.platform,
      lastAccountSyncAt: analyticsSyncState.lastAccountSyncAt,
      lastEnqueuedAt: analyticsSyncState.lastEnqueuedAt,
    })
    .from(connectedAccounts)
    .leftJoin(analyticsSyncState, eq(analyticsSyncState.accountId, connectedAccounts.id))
    .where(and(eq(connectedAccounts.status, "connected"), notMoving(connectedAccounts.workspaceId, deps.moving ?? [])));
  if (!accounts.length) return 0;
  const targets = await db
    .select({
      accountId: postTargets.accountId,
      publishedAt: postTargets.publishedAt,
      lastSnapshotAt: sql<
        number | null
      >`(select max(s.taken_at) from post_metric_snapshots s where s.target_id = ${postTargets.id})`,
    })
    .from(postTargets)
    .where(and(eq(postTargets.status, "published"), isNotNull(postTargets.remoteId)));
  const nextDue = new Map<string, number>();
  for (const t of targets) {
    const due = targetDueAt({ targetId: "", publishedAt: t.publishedAt ?? 0, lastSnapshotAt: t.lastSnapshotAt });
    nextDue.set(t.accountId, Math.min(due, nextDue.get(t.accountId) ?? Infinity));
  }
  const plan = planAccountSyncs(
    accounts.map((a) => ({ ...a, nextTargetDueAt: nextDue.get(a.accountId) ?? null })),
    now,
  );
  const workspaceOf = new Map(accounts.map((a) => [a.accountId, a.workspaceId]));
  for (let i = 0; i < plan.length; i += 100) {
    const chunk = plan.slice(i, i + 100);
    await deps.queue.sendBatch(chunk.map((p) => ({ body: { accountId: p.accountId, reason: p.reason } })));
    await db.batch(
      chunk.map((p) =>
        db
          .insert(analyticsSyncState)
          .values({ accountId: p.accountId, workspaceId: workspaceOf.get(p.accountId)!, lastEnqueuedAt: now })
          .onConflictDoUpdate({ target: analyticsSyncState.accountId, set: { lastEnqueuedAt: now } }),
      ) as [never, ...never[]],
    );
  }
  return plan.length;
}

/** Queue consumer: one account per message. Retries only when everything failed for a retryable reason. */
export async function handleAnalyticsBatch(batch: MessageBatch<unknown>, deps: SyncDeps): Promise<void> {
  for (const message of batch.messages) {
    const parsed = analyticsMessage.safeParse(message.body);
    if (!parsed.success) {
      message.ack();
      continue;
    }
    try {
      const result = await syncAccount(parsed.data.accountId, deps);
      const nothingSynced = result && !result.accountSynced && result.targetsSynced === 0;
      if (
        result &&
        nothingSynced &&
        result.failures.length > 0 &&
        result.failures.every((f) => f.kind === "retryable")
      ) {
        message.retry({ delaySeconds: 300 });
      } else message.ack();
    } catch (err) {
      console.error("analytics sync failed", parsed.data.accountId, err);
      message.retry({ delaySeconds: 60 });
    }
  }
}

/** The ids of a workspace's accounts, for a member-requested sync. */
export async function workspaceAccountIds(db: Db, workspaceId: string, platforms?: Platform[]) {
  const rows = await db
    .select({ id: connectedAccounts.id })
    .from(connectedAccounts)
    .where(
      and(
        eq(connectedAccounts.workspaceId, workspaceId),
        ne(connectedAccounts.status, "disconnected"),
        platforms?.length ? inArray(connectedAccounts.platform, platforms) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { posts, postTargets, schedulerRuns } from "../db/schema/index";
import type { Leases } from "./lease";
import { stuckCondition } from "./reconcile";

/**
 * The numbers behind GET /api/scheduler/status, for one workspace. `late`: not out yet a minute after its
 * time; `stuck`: queued or publishing past its lease (the cron's reconciler is recovering it). Either a
 * silent cron or a stuck target makes the scheduler unhealthy.
 */
export async function schedulerStatus(db: Db, workspaceId: string, now: number, leases: Leases) {
  const [counts] = await db
    .select({
      queued: sql<number>`sum(case when ${postTargets.status} in ('queued','publishing') then 1 else 0 end)`,
      due: sql<number>`sum(case when ${postTargets.status} = 'scheduled' and ${postTargets.dueAt} <= ${now + 60_000} then 1 else 0 end)`,
      late: sql<number>`sum(case when ${postTargets.status} in ('scheduled','queued','publishing') and ${postTargets.dueAt} < ${now - 60_000} then 1 else 0 end)`,
      stuck: sql<number>`sum(case when ${stuckCondition(now, leases)} then 1 else 0 end)`,
      scheduled: sql<number>`sum(case when ${postTargets.status} = 'scheduled' then 1 else 0 end)`,
      failed: sql<number>`sum(case when ${postTargets.status} = 'failed' then 1 else 0 end)`,
      unconfirmed: sql<number>`sum(case when ${postTargets.status} = 'unconfirmed' then 1 else 0 end)`,
    })
    .from(postTargets)
    .where(eq(postTargets.workspaceId, workspaceId));
  const lastRun = await db.query.schedulerRuns.findFirst({
    where: eq(schedulerRuns.kind, "cron"),
    orderBy: desc(schedulerRuns.startedAt),
  });
  return {
    queueDepth: Number(counts?.queued ?? 0),
    dueNow: Number(counts?.due ?? 0),
    late: Number(counts?.late ?? 0),
    stuck: Number(counts?.stuck ?? 0),
    scheduled: Number(counts?.scheduled ?? 0),
    failed: Number(counts?.failed ?? 0),
    unconfirmed: Number(counts?.unconfirmed ?? 0),
    lastCronRun: lastRun
      ? { at: new Date(lastRun.startedAt).toISOString(), claimed: lastRun.claimed, durationMs: lastRun.durationMs }
      : null,
    healthy: !!lastRun && now - lastRun.startedAt < 3 * 60_000 && Number(counts?.stuck ?? 0) === 0,
  };
}

export type SchedulerStatus = Awaited<ReturnType<typeof schedulerStatus>>;

/** The workspace's next scheduled targets, soonest first. */
export async function upcomingTargets(db: Db, workspaceId: string, now: number, limit = 20) {
  return db
    .select({
      targetId: postTargets.id,
      postId: postTargets.postId,
      platform: postTargets.platform,
      accountId: postTargets.accountId,
      status: postTargets.status,
      dueAt: postTargets.dueAt,
      content: posts.content,
    })
    .from(postTargets)
    .innerJoin(posts, eq(posts.id, postTargets.postId))
    .where(
      and(
        eq(postTargets.workspaceId, workspaceId),
        inArray(postTargets.status, ["scheduled", "queued", "publishing"]),
        gt(postTargets.dueAt, now - 3600_000),
      ),
    )
    .orderBy(asc(postTargets.dueAt))
    .limit(limit)
    .then((rows) =>
      rows.map((r) => ({
        ...r,
        dueAt: r.dueAt ? new Date(r.dueAt).toISOString() : null,
        content: r.content.slice(0, 80),
      })),
    );
}

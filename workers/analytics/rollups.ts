import { type SQL, sql } from "drizzle-orm";
import { batch } from "../db/batch-reads";
import type { Db } from "../db/client";
import { rebuildContent } from "./content-rollup";
import { rebuildHashtags } from "./hashtag-rollup";
import { DAY_MS, HOUR_MS, SLOT_MS, WEEK_MS } from "./rollup-ranges";

/**
 * The analytics rollups' repair and retention (ADR 023). Triggers (all of them in rollups.sql, ADR 052) keep
 * post_metrics_daily and its hourly twin, post_metrics_post_daily, their weekly sums, post_engagement_daily and its total, post_best_times_daily and its weekly sums, post_hashtag_daily,
 * post_content_daily and post_published_daily and its total right on every write; `rebuildRollups` recomputes them from scratch (after a
 * bug, or to check the triggers), and `runRetention` deletes old post snapshots without changing them.
 */

/** Raw post snapshots are kept this long; older ones live on in the rollups only. */
export const RETENTION_DAYS = 90;
/** Snapshots deleted per statement, so one cron run stays well inside D1's limits. */
export const RETENTION_BATCH = 2_000;

/** Integer literals: D1 binds numbers as REAL, and REAL arithmetic would make slots fractional. */
const DAY = sql.raw(String(DAY_MS));
const WEEK = sql.raw(String(WEEK_MS));
const HOUR = sql.raw(String(HOUR_MS));

/** What the rollups are, computed from the targets, their current metrics and the snapshots' deltas. */
export const recomputedMetrics = (workspaceId: string) => metricsPer(workspaceId, DAY, "day");
/** post_metrics_hourly: the same sums per UTC hour of publishing. */
export const recomputedHourlyMetrics = (workspaceId: string) => metricsPer(workspaceId, HOUR, "hour");

const metricsPer = (workspaceId: string, unit: SQL, key: "day" | "hour") => {
  const k = sql.raw(key);
  return sql`
  select workspace_id, ${k}, account_id, platform, sum(targets) as targets, sum(impressions) as impressions, sum(reach) as reach,
    sum(likes) as likes, sum(comments) as comments, sum(shares) as shares, sum(saves) as saves, sum(clicks) as clicks,
    sum(video_views) as video_views
  from (
    select workspace_id, published_at - published_at % ${unit} as ${k}, account_id, platform, 1 as targets, 0 as impressions,
      0 as reach, 0 as likes, 0 as comments, 0 as shares, 0 as saves, 0 as clicks, 0 as video_views
    from post_targets where workspace_id = ${workspaceId} and status = 'published' and published_at is not null
    union all
    select workspace_id, published_at - published_at % ${unit}, account_id, platform, 0, impressions, reach, likes, comments, shares,
      saves, clicks, video_views
    from post_metrics_current where workspace_id = ${workspaceId} and published_at is not null
  ) group by workspace_id, ${k}, account_id`;
};

/** The top-post rollup: per post and UTC day of publishing, its targets, engagement, reach, `split` and first publish.
 * The per-post subqueries name the post index: left to itself the planner took the workspace's published-targets index
 * (three terms matched), which scans every target of the workspace per post (a 100,000-post rebuild never finished).
 */
export const recomputedPostTotals = (workspaceId: string) => sql`
  select workspace_id, post_id, day, sum(targets) as targets, sum(engagement) as engagement, sum(reach) as reach,
    (select count(distinct t.published_at - t.published_at % ${DAY}) > 1 from post_targets t indexed by post_targets_post_idx
      where t.post_id = x.post_id and t.workspace_id = x.workspace_id and t.status = 'published' and t.published_at is not null) as split,
    min(first) as first_published_at
  from (
    select workspace_id, post_id, published_at - published_at % ${DAY} as day, 1 as targets, 0 as engagement, 0 as reach,
      published_at as first
    from post_targets where workspace_id = ${workspaceId} and status = 'published' and published_at is not null
    union all
    select workspace_id, post_id, published_at - published_at % ${DAY}, 0, likes + comments + shares, reach, null
    from post_metrics_current where workspace_id = ${workspaceId} and published_at is not null
  ) x group by workspace_id, post_id, day`;

/** The top-post rollup by platform: post_metrics_post_daily's figures per (platform, post, day), with `multi`. */
export const recomputedPlatformPostTotals = (workspaceId: string) => sql`
  select workspace_id, platform, post_id, day, sum(targets) as targets, sum(engagement) as engagement, sum(reach) as reach,
    (select count(distinct t.published_at - t.published_at % ${DAY}) > 1 from post_targets t indexed by post_targets_post_idx
      where t.post_id = x.post_id and t.workspace_id = x.workspace_id and t.platform = x.platform and t.status = 'published'
        and t.published_at is not null) as split,
    (select count(distinct t.platform) > 1 from post_targets t indexed by post_targets_post_idx
      where t.post_id = x.post_id and t.workspace_id = x.workspace_id and t.status = 'published' and t.published_at is not null) as multi,
    min(first) as first_published_at
  from (
    select workspace_id, platform, post_id, published_at - published_at % ${DAY} as day, 1 as targets, 0 as engagement, 0 as reach,
      published_at as first
    from post_targets where workspace_id = ${workspaceId} and status = 'published' and published_at is not null
    union all
    select workspace_id, platform, post_id, published_at - published_at % ${DAY}, 0, likes + comments + shares, reach, null
    from post_metrics_current where workspace_id = ${workspaceId} and published_at is not null
  ) x group by workspace_id, platform, post_id, day`;

export const recomputedPlatformWeeklyPostTotals = (workspaceId: string) => sql`
  select workspace_id, platform, post_id, day - day % ${WEEK} as week, sum(targets) as targets, sum(engagement) as engagement,
    sum(reach) as reach, min(first_published_at) as first_published_at
  from (${recomputedPlatformPostTotals(workspaceId)}) group by workspace_id, platform, post_id, week`;

/** The weekly rollups: the daily ones (as recomputed) summed per epoch-aligned UTC week. */
export const recomputedWeeklyMetrics = (workspaceId: string) => sql`
  select workspace_id, day - day % ${WEEK} as week, account_id, max(platform) as platform, sum(targets) as targets,
    sum(impressions) as impressions, sum(reach) as reach, sum(likes) as likes, sum(comments) as comments, sum(shares) as shares,
    sum(saves) as saves, sum(clicks) as clicks, sum(video_views) as video_views
  from (${recomputedMetrics(workspaceId)}) group by workspace_id, week, account_id`;

export const recomputedWeeklyPostTotals = (workspaceId: string) => sql`
  select workspace_id, post_id, day - day % ${WEEK} as week, sum(targets) as targets, sum(engagement) as engagement,
    sum(reach) as reach, min(first_published_at) as first_published_at
  from (${recomputedPostTotals(workspaceId)}) group by workspace_id, post_id, week`;

/** Engagement per (day, platform) as JSON arrays of 96 quarter-hours, for days on or after `fromDay`. */
export const recomputedEngagement = (workspaceId: string, fromDay: number) => engagementPer(workspaceId, fromDay, true);
/** post_engagement_daily_total: the same per day, every platform together (ADR 135). */
export const recomputedEngagementTotal = (workspaceId: string, fromDay: number) =>
  engagementPer(workspaceId, fromDay, false);

/** The snapshots' deltas from `fromDay` on as 96 quarter-hours per day, and per platform when `byPlatform`. */
const engagementPer = (workspaceId: string, fromDay: number, byPlatform: boolean) => {
  // The platform's column, its key and its join term; all empty for every platform together.
  const [pick, p, keyed, onP] = byPlatform
    ? [sql`, platform as p`, sql`, p`, sql`, k.p`, sql` and s.p = k.p`]
    : [sql``, sql``, sql``, sql``];
  return sql`
  with recursive slots(i) as (select 0 union all select i + 1 from slots where i < 95),
  s as (
    select taken_at - taken_at % ${DAY} as d${pick}, taken_at % ${DAY} / 900000 as slot,
      sum(likes_delta) as l, sum(comments_delta) as c, sum(shares_delta) as sh
    from post_metric_snapshots where workspace_id = ${workspaceId} and taken_at >= ${fromDay} group by d${p}, slot
  ),
  k as (select distinct d${p} from s)
  select ${workspaceId} as workspace_id, k.d as day${byPlatform ? sql`, k.p as platform` : sql``},
    json_group_array(coalesce(s.l, 0) order by slots.i) as likes,
    json_group_array(coalesce(s.c, 0) order by slots.i) as comments,
    json_group_array(coalesce(s.sh, 0) order by slots.i) as shares
  from k cross join slots left join s on s.d = k.d${onP} and s.slot = slots.i
  group by k.d${keyed}`;
};

/** The best-times rollup: targets with current metrics and their engagement per (day, platform), as 96 quarter-hours by publish time. */
export const recomputedBestTimes = (workspaceId: string) => bestTimesPer(workspaceId, DAY_MS, "day");
/** The same per (epoch-aligned week, platform), as the week's 672 quarter-hours. */
export const recomputedWeeklyBestTimes = (workspaceId: string) => bestTimesPer(workspaceId, WEEK_MS, "week");

const bestTimesPer = (workspaceId: string, unitMs: number, key: "day" | "week") => {
  const unit = sql.raw(String(unitMs));
  return sql`
  with recursive slots(i) as (select 0 union all select i + 1 from slots where i < ${sql.raw(String(unitMs / SLOT_MS - 1))}),
  s as (
    select published_at - published_at % ${unit} as d, platform as p, published_at % ${unit} / ${sql.raw(String(SLOT_MS))} as slot,
      count(*) as n, sum(likes + comments + shares) as e
    from post_metrics_current where workspace_id = ${workspaceId} and published_at is not null group by 1, 2, 3
  ),
  k as (select distinct d, p from s)
  select ${workspaceId} as workspace_id, k.d as ${sql.raw(key)}, k.p as platform,
    json_group_array(coalesce(s.n, 0) order by slots.i) as posts,
    json_group_array(coalesce(s.e, 0) order by slots.i) as engagement
  from k cross join slots left join s on s.d = k.d and s.p = k.p and s.slot = slots.i
  group by k.d, k.p`;
};

/** The day before which engagement can no longer be recomputed (the retention job deleted its snapshots). */
export async function retentionHorizon(db: Db): Promise<number> {
  const [row] = await db.all<{ horizon: number }>(sql`select horizon from analytics_retention where id = 1`);
  return row?.horizon ?? 0;
}

/**
 * Rebuilds one workspace's rollups from scratch in one batch (a transaction): every day of the metrics
 * and top-post rollups, and the engagement rollup from the retention horizon on (earlier days exist only as rollups).
 */
export async function rebuildRollups(
  db: Db,
  workspaceId: string,
): Promise<{ metricDays: number; engagementDays: number }> {
  const horizon = await retentionHorizon(db);
  await batch(db, [
    sql`delete from post_metrics_daily where workspace_id = ${workspaceId}`,
    sql`insert into post_metrics_daily (workspace_id, day, account_id, platform, targets, impressions, reach, likes, comments,
      shares, saves, clicks, video_views) ${recomputedMetrics(workspaceId)}`,
    sql`delete from post_metrics_hourly where workspace_id = ${workspaceId}`,
    sql`insert into post_metrics_hourly (workspace_id, hour, account_id, platform, targets, impressions, reach, likes, comments,
      shares, saves, clicks, video_views) ${recomputedHourlyMetrics(workspaceId)}`,
    sql`delete from post_metrics_post_daily where workspace_id = ${workspaceId}`,
    sql`insert into post_metrics_post_daily (workspace_id, post_id, day, targets, engagement, reach, split, first_published_at)
      ${recomputedPostTotals(workspaceId)}`,
    // The daily inserts' triggers fill the weekly rollups too; rebuilding them here makes the repair not depend on those triggers.
    sql`delete from post_metrics_weekly where workspace_id = ${workspaceId}`,
    sql`insert into post_metrics_weekly (workspace_id, week, account_id, platform, targets, impressions, reach, likes, comments,
      shares, saves, clicks, video_views) ${recomputedWeeklyMetrics(workspaceId)}`,
    sql`delete from post_metrics_post_weekly where workspace_id = ${workspaceId}`,
    sql`insert into post_metrics_post_weekly (workspace_id, post_id, week, targets, engagement, reach, first_published_at)
      ${recomputedWeeklyPostTotals(workspaceId)}`,
    sql`delete from post_platform_daily where workspace_id = ${workspaceId}`,
    sql`insert into post_platform_daily (workspace_id, platform, post_id, day, targets, engagement, reach, split, multi, first_published_at)
      ${recomputedPlatformPostTotals(workspaceId)}`,
    sql`delete from post_platform_weekly where workspace_id = ${workspaceId}`,
    sql`insert into post_platform_weekly (workspace_id, platform, post_id, week, targets, engagement, reach, first_published_at)
      ${recomputedPlatformWeeklyPostTotals(workspaceId)}`,
    sql`delete from post_engagement_daily where workspace_id = ${workspaceId} and day >= ${horizon}`,
    sql`insert into post_engagement_daily (workspace_id, day, platform, likes, comments, shares) ${recomputedEngagement(workspaceId, horizon)}`,
    sql`delete from post_engagement_daily_total where workspace_id = ${workspaceId} and day >= ${horizon}`,
    sql`insert into post_engagement_daily_total (workspace_id, day, likes, comments, shares) ${recomputedEngagementTotal(workspaceId, horizon)}`,
    sql`delete from post_best_times_daily where workspace_id = ${workspaceId}`,
    sql`insert into post_best_times_daily (workspace_id, day, platform, posts, engagement) ${recomputedBestTimes(workspaceId)}`,
    sql`delete from post_best_times_weekly where workspace_id = ${workspaceId}`,
    sql`insert into post_best_times_weekly (workspace_id, week, platform, posts, engagement) ${recomputedWeeklyBestTimes(workspaceId)}`,
    ...rebuildHashtags(workspaceId),
    ...rebuildContent(workspaceId),
  ]);
  const [counts] = await db.all<{ m: number; e: number }>(sql`select
    (select count(*) from post_metrics_daily where workspace_id = ${workspaceId}) as m,
    (select count(*) from post_engagement_daily where workspace_id = ${workspaceId}) as e`);
  return { metricDays: counts?.m ?? 0, engagementDays: counts?.e ?? 0 };
}

/**
 * Deletes post snapshots taken before the UTC midnight RETENTION_DAYS ago, except each target's current
 * one (post_metrics_current points at it), up to `limit` per call, and moves the horizon there. Their
 * growth stays in post_engagement_daily (the delete trigger is off while `running`), and each kept
 * snapshot's stored delta already counts from the deleted one before it, so no total changes.
 */
export async function runRetention(
  db: Db,
  now: number,
  limit = RETENTION_BATCH,
  moving: readonly string[] = [],
): Promise<{ deleted: number; horizon: number }> {
  const horizon = Math.floor((now - RETENTION_DAYS * DAY_MS) / DAY_MS) * DAY_MS;
  // A workspace being moved keeps its snapshots until it is on its new shard (ADR 082): a delete during the copy
  // would make the move roll back. Its expired ones are older than the horizon there and go in a later run.
  const skipMoving = moving.length
    ? sql`and s.workspace_id not in (${sql.join(
        moving.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const [, deleted] = await batch(db, [
    sql`update analytics_retention set running = 1 where id = 1`,
    sql`delete from post_metric_snapshots where rowid in (
      select s.rowid from post_metric_snapshots s where s.taken_at < ${horizon} ${skipMoving}
        and not exists (select 1 from post_metrics_current c where c.target_id = s.target_id and c.snapshot_id = s.id)
      limit ${limit})`,
    sql`update analytics_retention set running = 0, horizon = max(horizon, ${horizon}) where id = 1`,
  ]);
  return { deleted: deleted?.meta.changes ?? 0, horizon };
}

import { type SQL, sql } from "drizzle-orm";
import { allRendered } from "../db/batch-reads";
import type { Db } from "../db/client";
import { type ContentSums, contentSums, type PublishSample, publishSamples } from "./aggregate";
import { signed } from "./group-sums";
import { $, type PeriodRange, platformFilter, platformKey, rollupUnion, unlessMeasuredAfter } from "./period-scope";
import { loadTargetRows } from "./post-reads";
import { cutPieces, cutSlots, DAY_MS, perTargetPieces, SLOT_MS, WEEK_MS } from "./rollup-ranges";

/**
 * The Content and Posting patterns tabs from rollups (migration 0030, ADR 023): post_content_daily/weekly (per
 * UTC day or week of publishing, platform and content type: targets, impressions, reach, engagement) and
 * post_published_daily (every published target per quarter-hour of publishing, beside post_best_times_daily's
 * engagement per quarter-hour).
 */

const DAY = sql.raw(String(DAY_MS));
const WEEK = sql.raw(String(WEEK_MS));

/** content-type.ts's contentTypeOf over the post's media, in SQL (rollups.sql's triggers use the same expression). */
const contentTypeSql = (post: SQL, platform: SQL) => sql`(select case
    when count(*) = 0 then case when ${platform} = 'youtube' then 'video' else 'text' end
    when count(*) > 1 then 'carousel' when max(m.file_type) = 'image' then 'single_image'
    when ${platform} = 'instagram' and coalesce(max(m.duration) <= 90, 0) then 'reel' else 'video' end
  from post_media pm join media m on m.id = pm.media_id where pm.post_id = ${post} and m.file_type in ('image', 'video'))`;

/** The daily content rollup computed from the targets, their current metrics and their posts' media (the rebuild's source). */
export const recomputedContent = (workspaceId: string) => sql`
  select f.workspace_id, f.day, f.platform, ${contentTypeSql(sql`f.post_id`, sql`f.platform`)} as content_type,
    sum(f.targets) as targets, sum(f.impressions) as impressions, sum(f.reach) as reach, sum(f.engagement) as engagement
  from (
    select post_id, workspace_id, published_at - published_at % ${DAY} as day, platform, 1 as targets, 0 as impressions,
      0 as reach, 0 as engagement
    from post_targets where workspace_id = ${workspaceId} and status = 'published' and published_at is not null
    union all
    select post_id, workspace_id, published_at - published_at % ${DAY}, platform, 0, impressions, reach, likes + comments + shares
    from post_metrics_current where workspace_id = ${workspaceId} and published_at is not null
  ) f group by 1, 2, 3, 4`;

/** The weekly content rollup: the daily one (as recomputed) summed per epoch-aligned UTC week. */
export const recomputedWeeklyContent = (workspaceId: string) => sql`
  select workspace_id, day - day % ${WEEK} as week, platform, content_type, sum(targets) as targets,
    sum(impressions) as impressions, sum(reach) as reach, sum(engagement) as engagement
  from (${recomputedContent(workspaceId)}) group by workspace_id, week, platform, content_type`;

/** Every published target per (day, platform), as 96 quarter-hours by publish time. */
export const recomputedPublished = (workspaceId: string) => sql`
  with recursive slots(i) as (select 0 union all select i + 1 from slots where i < 95),
  s as (
    select published_at - published_at % ${DAY} as d, platform as p, published_at % ${DAY} / 900000 as slot, count(*) as n
    from post_targets where workspace_id = ${workspaceId} and status = 'published' and published_at is not null group by 1, 2, 3
  ),
  k as (select distinct d, p from s)
  select ${workspaceId} as workspace_id, k.d as day, k.p as platform, json_group_array(coalesce(s.n, 0) order by slots.i) as targets
  from k cross join slots left join s on s.d = k.d and s.p = k.p and s.slot = slots.i
  group by k.d, k.p`;

/**
 * post_published_daily_total (ADR 137): per day, every published target and the current engagement of every measured
 * one (post_best_times_daily's), each as 96 quarter-hours by publish time, all platforms together.
 */
export const recomputedPublishedTotal = (workspaceId: string) => sql`
  with recursive slots(i) as (select 0 union all select i + 1 from slots where i < 95),
  t as (
    select published_at - published_at % ${DAY} as d, published_at % ${DAY} / 900000 as slot, count(*) as n
    from post_targets where workspace_id = ${workspaceId} and status = 'published' and published_at is not null group by 1, 2
  ),
  e as (
    select published_at - published_at % ${DAY} as d, published_at % ${DAY} / 900000 as slot,
      sum(likes + comments + shares) as n
    from post_metrics_current where workspace_id = ${workspaceId} and published_at is not null group by 1, 2
  ),
  k as (select d from t union select d from e)
  select ${workspaceId} as workspace_id, k.d as day, json_group_array(coalesce(t.n, 0) order by slots.i) as targets,
    json_group_array(coalesce(e.n, 0) order by slots.i) as engagement
  from k cross join slots left join t on t.d = k.d and t.slot = slots.i left join e on e.d = k.d and e.slot = slots.i
  group by k.d`;

/**
 * The rebuild's statements for one workspace (run inside rebuildRollups' batch). The daily inserts' triggers fill
 * the weekly rollup too; rebuilding it after them makes the repair not depend on those triggers.
 */
export const rebuildContent = (workspaceId: string) => [
  sql`delete from post_content_daily where workspace_id = ${workspaceId}`,
  sql`insert into post_content_daily (workspace_id, day, platform, content_type, targets, impressions, reach, engagement)
    ${recomputedContent(workspaceId)}`,
  sql`delete from post_content_weekly where workspace_id = ${workspaceId}`,
  sql`insert into post_content_weekly (workspace_id, week, platform, content_type, targets, impressions, reach, engagement)
    ${recomputedWeeklyContent(workspaceId)}`,
  sql`delete from post_published_daily where workspace_id = ${workspaceId}`,
  sql`insert into post_published_daily (workspace_id, day, platform, targets) ${recomputedPublished(workspaceId)}`,
  sql`delete from post_published_daily_total where workspace_id = ${workspaceId}`,
  sql`insert into post_published_daily_total (workspace_id, day, targets, engagement) ${recomputedPublishedTotal(workspaceId)}`,
];

const CONTENT_COLUMNS = sql`content_type, platform, targets, impressions, reach, engagement`;

/**
 * Each content type's figures over the period, as aggregate.contentSums over `loadTargetRows` gives them. A period
 * nobody measured after (any period ending now) reads whole UTC weeks and days from the rollups and the partial
 * days at its edges from their targets, with their figures as of the period's end; a past period (a custom range
 * measured since its end) needs figures as of its end, which no rollup holds, so it reads every target.
 */
export async function loadContentSums(db: Db, workspaceId: string, range: PeriodRange): Promise<ContentSums[]> {
  const { days: whole, pieces } = perTargetPieces(range);
  const perTarget = async () => contentSums(await loadTargetRows(db, workspaceId, range));
  if (!whole) return perTarget();
  const rollup = rollupUnion(
    workspaceId,
    whole,
    { weekly: "post_content_weekly", daily: "post_content_daily" },
    CONTENT_COLUMNS,
    range.platforms,
  );
  const fromRollups = async () => {
    const [rollupRows, ...pieceSums] = await Promise.all([
      allRendered<ContentSums>(
        db,
        `analytics.content-rollup:${rollup.key}`,
        () => sql`
        select content_type as contentType, platform, sum(targets) as targets, sum(impressions) as impressions,
          sum(reach) as reach, sum(engagement) as engagement
        from (${rollup.build()}) group by content_type, platform`,
        rollup.values,
      ),
      ...pieces.map(async ({ span, sign }) =>
        signed(
          contentSums(
            await loadTargetRows(db, workspaceId, { ...span, platforms: range.platforms }, undefined, {
              asOf: range.end,
            }),
          ),
          sign,
        ),
      ),
    ]);
    return [...rollupRows, ...pieceSums.flat()];
  };
  return unlessMeasuredAfter(db, workspaceId, range, fromRollups, perTarget);
}

/**
 * Every published target of the period (measured or not) with its engagement, as aggregate.publishSamples over
 * `loadTargetRows` gives them, for the posting patterns. A period nobody measured after reads the quarter-hours
 * it holds whole from post_published_daily (targets) beside post_best_times_daily (their current engagement), one
 * row each per UTC day and platform, or without a platform filter from their total (one row a day, ADR 137), and
 * only the slots its ends cut (the one holding "now") per target; a local midnight is always on a quarter-hour, so
 * the start cuts none. A past period reads every target.
 */
export async function loadPublishSamples(db: Db, workspaceId: string, range: PeriodRange): Promise<PublishSample[]> {
  const perTarget = async () => publishSamples(await loadTargetRows(db, workspaceId, range));
  if (range.end <= range.start) return perTarget();
  const window = [{ from: range.start, to: range.end }];
  const cut = cutSlots(window);
  const skip = new Set(cut.map((c) => c.start));
  const fromRollups = async () => {
    const [rows, ...pieceRows] = await Promise.all([
      allRendered<{ day: number; targets: string; engagement: string | null }>(
        db,
        `analytics.published-slots:${platformKey(range.platforms)}`,
        // Without a platform filter, one row a day with every platform together (ADR 137): a fifth of the rows for
        // a workspace on five platforms, and no join.
        () =>
          range.platforms?.length
            ? sql`
        select p.day, p.targets, b.engagement from post_published_daily p
        left join post_best_times_daily b on b.workspace_id = p.workspace_id and b.day = p.day and b.platform = p.platform
        where p.workspace_id = ${$("ws")} and p.day >= ${$("start")} and p.day < ${$("end")}
          ${platformFilter(sql`p.platform`, range.platforms)}`
            : sql`
        select day, targets, engagement from post_published_daily_total
        where workspace_id = ${$("ws")} and day >= ${$("start")} and day < ${$("end")}`,
        { ws: workspaceId, start: range.start - (range.start % DAY_MS), end: range.end },
      ),
      ...cutPieces(window, cut).map((piece) =>
        loadTargetRows(db, workspaceId, { start: piece.from, end: piece.to, platforms: range.platforms }, undefined, {
          asOf: range.end,
        }),
      ),
    ]);
    // Plain loops into one list: a 30-day range walks ~15,000 quarter-hours, and flatMap made an array for each.
    const samples = publishSamples(pieceRows.flat());
    for (const r of rows) {
      const targets: number[] = JSON.parse(r.targets);
      const engagement: number[] = r.engagement ? JSON.parse(r.engagement) : [];
      for (let i = 0; i < targets.length; i++) {
        const at = r.day + i * SLOT_MS;
        if (targets[i]! > 0 && at >= range.start && at < range.end && !skip.has(at))
          samples.push({ at, posts: targets[i]!, engagement: engagement[i] ?? 0 });
      }
    }
    return samples;
  };
  return unlessMeasuredAfter(db, workspaceId, range, fromRollups, perTarget);
}

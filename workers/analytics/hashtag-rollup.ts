import { sql } from "drizzle-orm";
import { allRendered } from "../db/batch-reads";
import type { Db } from "../db/client";
import type { Platform } from "../platform-profile";
import { type TagSums, tagSums } from "./aggregate";
import { signed } from "./group-sums";
import { $, type PeriodRange, platformKey, rollupUnion, targetScope, unlessMeasuredAfter } from "./period-scope";
import { loadTargetRows, parseList } from "./post-reads";
import { DAY_MS, perTargetPieces, WEEK_MS } from "./rollup-ranges";

/**
 * The Hashtags tab from post_hashtag_daily (migration 0028, ADR 039): per (UTC day of publishing, platform,
 * tag) the published targets of posts carrying the tag and their current impressions, reach and engagement.
 */

const DAY = sql.raw(String(DAY_MS));
const WEEK = sql.raw(String(WEEK_MS));
/** What JS's String.prototype.trim strips, so the SQL key trims exactly as aggregate.normalizeTag does. */
const JS_WHITESPACE = sql.raw(
  "char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)",
);
const norm = sql`lower(ltrim(trim(j.value, ${JS_WHITESPACE}), '#'))`;

/** The rollup computed from the targets, their current metrics and their posts' hashtags (the rebuild's source). */
export const recomputedHashtags = (workspaceId: string) => sql`
  with tags as (
    select distinct p.id as post_id, ${norm} as tag
    from posts p, json_each(case when json_valid(p.hashtags) then p.hashtags else '[]' end) j
    where p.workspace_id = ${workspaceId} and typeof(j.key) = 'integer' and j.type = 'text' and ${norm} <> ''
  ), f as (
    select post_id, workspace_id, day, platform, sum(targets) as targets, sum(impressions) as impressions, sum(reach) as reach,
      sum(engagement) as engagement from (
      select post_id, workspace_id, published_at - published_at % ${DAY} as day, platform, 1 as targets, 0 as impressions,
        0 as reach, 0 as engagement
      from post_targets where workspace_id = ${workspaceId} and status = 'published' and published_at is not null
      union all
      select post_id, workspace_id, published_at - published_at % ${DAY}, platform, 0, impressions, reach, likes + comments + shares
      from post_metrics_current where workspace_id = ${workspaceId} and published_at is not null
    ) group by post_id, workspace_id, day, platform
  )
  select f.workspace_id, f.day, f.platform, tags.tag, sum(f.targets) as targets, sum(f.impressions) as impressions,
    sum(f.reach) as reach, sum(f.engagement) as engagement
  from f join tags on tags.post_id = f.post_id group by 1, 2, 3, 4`;

/** The weekly rollup: the daily one (as recomputed) summed per epoch-aligned UTC week. */
export const recomputedWeeklyHashtags = (workspaceId: string) => sql`
  select workspace_id, day - day % ${WEEK} as week, platform, tag, sum(targets) as targets, sum(impressions) as impressions,
    sum(reach) as reach, sum(engagement) as engagement
  from (${recomputedHashtags(workspaceId)}) group by workspace_id, week, platform, tag`;

/**
 * The rebuild's statements for one workspace (run inside rebuildRollups' batch). The daily inserts' triggers fill
 * the weekly rollup too; rebuilding it after them makes the repair not depend on those triggers.
 */
export const rebuildHashtags = (workspaceId: string) => [
  sql`delete from post_hashtag_daily where workspace_id = ${workspaceId}`,
  sql`insert into post_hashtag_daily (workspace_id, day, platform, tag, targets, impressions, reach, engagement)
    ${recomputedHashtags(workspaceId)}`,
  sql`delete from post_hashtag_weekly where workspace_id = ${workspaceId}`,
  sql`insert into post_hashtag_weekly (workspace_id, week, platform, tag, targets, impressions, reach, engagement)
    ${recomputedWeeklyHashtags(workspaceId)}`,
];

const TAG_COLUMNS = sql`tag, platform, targets, impressions, reach, engagement`;

/**
 * Each tag's figures over the period, as aggregate.tagSums over `loadTargetRows` gives them. A period nobody
 * measured after (any period ending now) reads whole UTC weeks and days from the rollups ((weeks + days) ×
 * platforms × tags rows)
 * and the partial days at its edges from their targets; a past period (a custom range measured since its end)
 * needs figures as of its end, which no rollup holds, so it reads every target of the period.
 */
export async function loadTagSums(db: Db, workspaceId: string, range: PeriodRange): Promise<TagSums[]> {
  const { days, pieces } = perTargetPieces(range);
  const perTarget = async () => tagSums(await loadTargetRows(db, workspaceId, range));
  if (!days) return perTarget();
  const rollup = rollupUnion(
    workspaceId,
    days,
    { weekly: "post_hashtag_weekly", daily: "post_hashtag_daily" },
    TAG_COLUMNS,
    range.platforms,
  );
  const fromRollups = async () => {
    const [rollupRows, ...pieceSums] = await Promise.all([
      allRendered<TagSums>(
        db,
        `analytics.tag-rollup:${rollup.key}`,
        () => sql`
        select tag, platform, sum(targets) as targets, sum(impressions) as impressions, sum(reach) as reach,
          sum(engagement) as engagement
        from (${rollup.build()}) group by tag, platform`,
        rollup.values,
      ),
      ...pieces.map(async ({ span, sign }) => {
        const rows = await allRendered<{
          hashtags: string;
          platform: Platform;
          impressions: number;
          reach: number;
          likes: number;
          comments: number;
          shares: number;
        }>(
          db,
          `analytics.tag-piece:${platformKey(range.platforms)}`,
          () => sql`
          select p.hashtags, t.platform, coalesce(c.impressions, 0) as impressions, coalesce(c.reach, 0) as reach,
            coalesce(c.likes, 0) as likes, coalesce(c.comments, 0) as comments, coalesce(c.shares, 0) as shares
          from post_targets t join posts p on p.id = t.post_id left join post_metrics_current c on c.target_id = t.id
          where ${targetScope($("ws"), { start: $("start"), end: $("end"), platforms: range.platforms })}`,
          { ws: workspaceId, start: span.start, end: span.end },
        );
        return signed(tagSums(rows.map((r) => ({ ...r, hashtags: parseList(r.hashtags) }))), sign);
      }),
    ]);
    return [...rollupRows, ...pieceSums.flat()];
  };
  return unlessMeasuredAfter(db, workspaceId, range, fromRollups, perTarget);
}

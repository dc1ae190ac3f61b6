import { type Placeholder, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { Platform } from "../platform-profile";
import type { TargetRow } from "./aggregate";
import { changeCount } from "./change-counters";
import {
  $,
  measuredAfter,
  metricRows,
  type PeriodRange,
  platformFilter,
  platformKey,
  type StatementPart,
  targetScope,
} from "./period-scope";
import { loadTargetRows } from "./post-reads";
import { DAY_MS, edgeDays, type Span, splitByWeeks, unitStarts, WEEK_MS } from "./rollup-ranges";
import { keepTop, keptTop } from "./top-post-kept";

/**
 * The targets in the period of its top post as aggregate.topPost ranks it (engagement, then reach, then the
 * earliest published, then first in (published_at, target id) order), with their metrics; none without published
 * targets. The post is found inside the statement that reads its targets, so a period up to now costs no round trip
 * of its own. A period nobody measured after (any period ending now) ranks only the posts that can win
 * (`topCandidates`), with or without a platform filter; a past period sums every post of the period. Such a period
 * first offers the post the isolate kept for it (ADR 136), taken while the workspace's top-post version is the one
 * it was found at and no target entered the period's end since.
 */
export async function topPostTargets(db: Db, workspaceId: string, range: PeriodRange): Promise<TargetRow[]> {
  const { days, edges } = rankingSplit(range);
  const narrow = days && !(await measuredAfter(db, workspaceId, range));
  const { platforms } = range;
  // The period, for the ranking's own reads of its targets (named apart from loadTargetRows' placeholders).
  const period = { start: $("q.start"), end: $("q.end"), platforms };
  const values = { "q.ws": workspaceId, "q.start": range.start, "q.end": range.end };
  const cands = narrow ? topCandidates(workspaceId, days, edges, platforms) : null;
  const kept = cands ? keptTop(workspaceId, range) : null;
  // Null when nothing is kept: the version never equals it.
  const keptValues = {
    "q.kept": kept?.postId ?? null,
    "q.keptVersion": kept?.version ?? null,
    "q.keptEnd": kept?.end ?? range.end,
  };
  const keptPost = () =>
    sql`select ${$("q.kept")} where ${$("q.keptVersion")} = (select version from top_post_versions where workspace_id = ${$("q.ws")})
      and not exists (select 1 from post_targets t where ${targetScope($("q.ws"), { start: $("q.keptEnd"), end: $("q.end"), platforms })})`;
  const engaged = () =>
    cands
      ? sql`
    with cand(post_id) as (${cands.build()}),
    -- Driven from the few candidates through post_targets_post_idx, not from every target of the period.
    tg as materialized (
      select t.id, t.post_id, t.published_at from cand cross join post_targets t indexed by post_targets_post_idx on t.post_id = cand.post_id where ${targetScope($("q.ws"), period)}),
    sums as materialized (
      select tg.post_id, sum(c.likes + c.comments + c.shares) as e, sum(c.reach) as r
      from tg join post_metrics_current c on c.target_id = tg.id group by tg.post_id),
    best as (select e, r from sums order by e desc, r desc limit 1)
    select tg.post_id from best b join sums s on s.e = b.e and s.r = b.r join tg on tg.post_id = s.post_id
    where b.e > 0 or b.r > 0 order by tg.published_at, tg.id limit 1`
      : sql`
    with sums as materialized (
      select post_id, sum(likes + comments + shares) as e, sum(reach) as r from (${metricRows($("q.ws"), period)}) group by post_id),
    best as (select e, r from sums order by e desc, r desc limit 1)
    select t.post_id from best b join sums s on s.e = b.e and s.r = b.r join post_targets t on t.post_id = s.post_id
    where (b.e > 0 or b.r > 0) and ${targetScope($("q.ws"), period)}
    order by t.published_at, t.id limit 1`;
  // Nothing has engagement or reach: every post ties, so the first published wins (coalesce reads it only then).
  const first = () =>
    sql`select t.post_id from post_targets t where ${targetScope($("q.ws"), period)} order by t.published_at, t.id limit 1`;
  if (!cands)
    return loadTargetRows(db, workspaceId, range, {
      key: `top:all:${platformKey(platforms)}`,
      values,
      build: () => sql`select coalesce((${engaged()}), (${first()}))`,
    });
  // The version first in the batch (one transaction), the ranking after it: were they ever apart, a change between
  // them would label the answer with an older version, which only costs a recompute.
  const [version, rows] = await Promise.all([
    changeCount(db, "top_post_versions", workspaceId),
    loadTargetRows(db, workspaceId, range, {
      key: `top:narrow:${cands.key}`,
      values: { ...values, ...cands.values, ...keptValues },
      build: () => sql`select coalesce((${keptPost()}), (${engaged()}), (${first()}))`,
    }),
  ]);
  keepTop(workspaceId, range, version, rows);
  return rows;
}

/**
 * The targets in the period of every post that can be among its first `k` by aggregate.topPost's ranking: for a
 * period nobody measured after, the candidates of `topCandidates` (each bucket's first k, every split post, the
 * edges' first k), read through post_targets_post_idx; a past period (or one shorter than a whole UTC day)
 * reads every target of the period.
 */
export async function topPostRows(db: Db, workspaceId: string, range: PeriodRange, k: number): Promise<TargetRow[]> {
  const { days, edges } = rankingSplit(range);
  if (!days || (await measuredAfter(db, workspaceId, range))) return loadTargetRows(db, workspaceId, range);
  const cands = topCandidates(workspaceId, days, edges, range.platforms, { k, engagedOnly: false });
  return loadTargetRows(db, workspaceId, range, {
    key: `candidates:${cands.key}`,
    values: cands.values,
    build: () => sql`select post_id from (${cands.build()})`,
  });
}

/**
 * The period's whole UTC days and its partial-day edges for ranking its posts, each edge read per target. An edge's
 * day rollup would do only when the day holds nothing else, even after "now" (a clock ahead); finding that out is a
 * read, and a round trip, before the ranking could be sent.
 */
function rankingSplit(range: PeriodRange) {
  const { days, edges } = edgeDays(range);
  return { days, edges: edges.map((e) => e.edge) };
}

/**
 * The posts that can be a period's top post (its first `k`, for a longer list). The period is cut into buckets: whole UTC weeks
 * (post_metrics_post_weekly), the whole days around them (post_metrics_post_daily) and the partial days at its
 * edges (from the targets, taken together). A post whose targets in the period all fall in one bucket and that
 * is not that bucket's first by (engagement, reach, first publish) loses to that first, whose total in the
 * period is at least its total in the bucket; so the candidates are each bucket's first (with any post tied on
 * all three: published in the same millisecond, the target id decides at ranking) and every post whose
 * targets went out on several UTC days (`split`). A bucket where nothing has engagement or reach holds no
 * winner unless nothing anywhere has, which the caller's fallback handles.
 */
const topCandidates = (
  workspaceId: string,
  days: Span,
  edges: Span[],
  platforms: Platform[] | null,
  rank: Rank = { k: 1, engagedOnly: true },
): StatementPart => {
  const { k, engagedOnly } = rank;
  const { weeks, days: loose } = splitByWeeks(days);
  // Its text depends on the number of edges, the platforms and the ranking; the buckets' starts are JSON values.
  const values: Record<string, unknown> = {
    "c.ws": workspaceId,
    "c.start": days.start,
    "c.end": days.end,
    "c.weeks": JSON.stringify(weeks ? unitStarts(weeks, WEEK_MS) : []),
    "c.days": JSON.stringify(loose.flatMap((d) => unitStarts(d, DAY_MS))),
  };
  for (const [i, e] of edges.entries()) {
    values[`c.e${i}s`] = e.start;
    values[`c.e${i}e`] = e.end;
  }
  if (platforms?.length) values["c.platforms"] = JSON.stringify(platforms);
  return {
    key: `${edges.length}:${platformKey(platforms)}:${k}:${engagedOnly ? "engaged" : "any"}`,
    values,
    build: () => candidatesSql(edges.length, platforms, rank),
  };
};

/** topCandidates' text: `c.ws`, the whole days `c.start`, `c.end`, their buckets `c.weeks`, `c.days`, edge i `c.e{i}s`, `c.e{i}e`. */
function candidatesSql(edgeCount: number, platforms: Platform[] | null, rank: Rank) {
  const { k } = rank;
  const ws = $("c.ws");
  const [start, end] = [$("c.start"), $("c.end")];
  const edgeTargets = sql.join(
    Array.from(
      { length: edgeCount },
      (_, i) =>
        sql`select t.id, t.post_id, t.published_at from post_targets t where ${targetScope(ws, { start: $(`c.e${i}s`), end: $(`c.e${i}e`), platforms })}`,
    ),
    sql` union all `,
  );
  const edgeTop = edgeCount
    ? sql`union select * from (
      with et as materialized (
        select et.post_id, sum(coalesce(c.likes + c.comments + c.shares, 0)) as e, sum(coalesce(c.reach, 0)) as r, min(et.published_at) as f
        from (${edgeTargets}) et left join post_metrics_current c on c.target_id = et.id group by et.post_id)
      select post_id from et where (e, r, f) = (select e, r, f from et order by e desc, r desc, f limit 1 offset ${offsetOf(k)})
      ${k > 1 ? sql`union select * from (select post_id from et order by e desc, r desc, f limit ${sql.raw(String(k))})` : sql``})`
    : sql``;
  if (!platforms?.length)
    return sql`
    ${bucketTops("post_metrics_post_weekly", "week", $("c.weeks"), rank)}
    union ${bucketTops("post_metrics_post_daily", "day", $("c.days"), rank)}
    union select post_id from post_metrics_post_daily where workspace_id = ${ws} and split = 1 and day >= ${start} and day < ${end}
    ${edgeTop}`;
  // Under a platform filter a bucket is a (week or day, platform) cell; a post spans several cells when its
  // targets on a platform went out on several days, or, under several platforms, when it went out on several.
  const inRange = sql`workspace_id = ${ws} ${platformFilter(sql`platform`, platforms)} and day >= ${start} and day < ${end}`;
  return sql`
    ${bucketTops("post_platform_weekly", "week", $("c.weeks"), rank, true)}
    union ${bucketTops("post_platform_daily", "day", $("c.days"), rank, true)}
    union select post_id from post_platform_daily where ${inRange} and split = 1
    ${platforms.length > 1 ? sql`union select post_id from post_platform_daily where ${inRange} and multi = 1` : sql``}
    ${edgeTop}`;
}

/**
 * Each bucket's first `k` posts by (engagement, reach, first publish) and any tied with the k-th on all three: one
 * covering-index seek per bucket (per bucket and platform under a filter). CROSS JOIN keeps the buckets outermost.
 * With `engagedOnly` (the overview's top post) a bucket where nothing has engagement or reach offers nobody (the
 * caller's first-published fallback answers); a list ranks those too.
 */
function bucketTops(table: string, key: string, starts: Placeholder, { k, engagedOnly }: Rank, byPlatform = false) {
  const [t, col, idx] = [sql.raw(table), sql.raw(key), sql.raw(`${table}_top_idx`)];
  const cells = byPlatform
    ? sql`json_each(${starts}) d cross join json_each(${$("c.platforms")}) pl`
    : sql`json_each(${starts}) d`;
  const cell = (alias: string) => {
    const a = sql.raw(alias);
    return sql`${a}workspace_id = ${$("c.ws")} ${byPlatform ? sql`and ${a}platform = pl.value` : sql``} and ${a}${col} = d.value`;
  };
  const order = sql`order by engagement desc, reach desc, first_published_at`;
  // A deleted post leaves an all-zero row whose first publish is null, which sorts first: it holds no place.
  const tied = sql`select p.post_id from ${cells}
    cross join ${t} p indexed by ${idx} on ${cell("p.")} and p.targets > 0
      and (p.engagement, p.reach, p.first_published_at) = (
        select engagement, reach, first_published_at from ${t} where ${cell("")} and targets > 0 ${order} limit 1 offset ${offsetOf(k)})
    ${engagedOnly ? sql`where p.engagement > 0 or p.reach > 0` : sql``}`;
  if (k === 1) return tied;
  // Nested: D1 allows few terms in one compound SELECT.
  return sql`select * from (${tied} union select j.value from ${cells}, json_each((
    select json_group_array(post_id) from (select post_id from ${t} indexed by ${idx} where ${cell("")} and targets > 0 ${order} limit ${sql.raw(String(k))}))) j)`;
}

/** How many posts to find (each bucket's first `k`), and whether posts without engagement or reach count. */
interface Rank {
  k: number;
  engagedOnly: boolean;
}

/** The k-th row's OFFSET as an integer literal (D1 binds numbers as REAL). */
const offsetOf = (k: number) => sql.raw(String(Math.max(0, Math.floor(k) - 1)));

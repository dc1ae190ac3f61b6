import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { AudienceData } from "../db/schema/analytics";
import type { Platform } from "../platform-profile";
import { type Metrics, type PublishSample, type SnapshotDelta, sumMetrics, type TargetRow } from "./aggregate";
import { weeklySamples } from "./best-times";
import { contentTypeOf, type MediaInfo } from "./content-type";
import {
  cutPieces,
  cutSlots,
  DAY_MS,
  edgeDays,
  perTargetPieces,
  type Span,
  splitByWeeks,
  sumSlots,
  unitStarts,
  WEEK_MS,
  widenDays,
} from "./rollup-ranges";

/** D1 reads behind the analytics endpoints. Every query is scoped by workspace id first. */

export const platformFilter = (column: SQL, platforms: Platform[] | null) =>
  platforms?.length
    ? sql` and ${column} in (${sql.join(
        platforms.map((p) => sql`${p}`),
        sql`, `,
      )})`
    : sql``;

interface RawTargetRow {
  target_id: string;
  post_id: string;
  account_id: string;
  platform: Platform;
  published_at: number;
  content: string;
  hashtags: string;
  snapshot_id: string | null;
  impressions: number | null;
  reach: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  clicks: number | null;
  video_views: number | null;
  /** JSON array of the post's media: [{kind, durationSec}]. */
  media: string;
}

/** Best-times samples from the weekly rollup (every week ever, platforms filtered), folded per offset of `timezone`. */
export async function loadBestTimeSamples(
  db: Db,
  workspaceId: string,
  platforms: Platform[] | null,
  timezone: string,
): Promise<PublishSample[]> {
  const rows = await db.all<{ week: number; posts: string; engagement: string }>(sql`
    select week, posts, engagement from post_best_times_weekly
    where workspace_id = ${workspaceId} ${platformFilter(sql`platform`, platforms)}`);
  return weeklySamples(
    rows.map((r) => ({ week: r.week, posts: JSON.parse(r.posts), engagement: JSON.parse(r.engagement) })),
    timezone,
  );
}

/** A period's whole UTC days as rollup pieces: whole weeks from the weekly table, the days around them from the daily one. */
export function rollupPieces(days: Span, weekly: string, daily: string) {
  const split = splitByWeeks(days);
  return [
    ...(split.weeks ? [{ table: sql.raw(weekly), key: sql.raw("week"), span: split.weeks }] : []),
    ...split.days.map((span) => ({ table: sql.raw(daily), key: sql.raw("day"), span })),
  ];
}

/** `columns` of a rollup's rows over a period's whole UTC days (`rollupPieces`), platforms filtered, as one union. */
export const rollupUnion = (
  workspaceId: string,
  days: Span,
  tables: { weekly: string; daily: string },
  columns: SQL,
  platforms: Platform[] | null,
) =>
  sql.join(
    rollupPieces(days, tables.weekly, tables.daily).map(
      ({ table, key, span }) => sql`select ${columns} from ${table}
        where workspace_id = ${workspaceId} and ${key} >= ${span.start} and ${key} < ${span.end}
          ${platformFilter(sql`platform`, platforms)}`,
    ),
    sql` union all `,
  );

/**
 * The workspace's targets published in [start, end) with their latest snapshot taken before `asOf` (the end
 * unless told; zeros when none yet), oldest first. `postId` narrows to one post or a list of posts; `newest` keeps
 * only the period's newest targets (still oldest first), so a listing reads a bounded number of rows.
 */
export async function loadTargetRows(
  db: Db,
  workspaceId: string,
  range: { start: number; end: number; platforms: Platform[] | null },
  postId?: string | string[],
  { asOf = range.end, newest }: { asOf?: number; newest?: number } = {},
): Promise<TargetRow[]> {
  const posts =
    postId === undefined
      ? sql``
      : typeof postId === "string"
        ? sql` and t.post_id = ${postId}`
        : sql` and t.post_id in (select value from json_each(${JSON.stringify(postId)}))`;
  const rows = await db.all<RawTargetRow>(sql`
    select t.id as target_id, t.post_id, t.account_id, t.platform, t.published_at, p.content, p.hashtags,
           s.id as snapshot_id, s.impressions, s.reach, s.likes, s.comments, s.shares, s.saves, s.clicks, s.video_views,
           (select json_group_array(json_object('kind', m.file_type, 'durationSec', m.duration))
              from post_media pm join media m on m.id = pm.media_id where pm.post_id = t.post_id) as media
    -- Given posts' targets through their index: the planner otherwise scans every target of the period.
    from post_targets t ${postId === undefined ? sql`` : sql`indexed by post_targets_post_idx`}
    join posts p on p.id = t.post_id
    left join post_metric_snapshots s on s.id = (
      select s2.id from post_metric_snapshots s2 where s2.target_id = t.id and s2.taken_at < ${asOf}
      order by s2.taken_at desc limit 1)
    where t.workspace_id = ${workspaceId} and t.status = 'published' and t.published_at >= ${range.start} and t.published_at < ${range.end}
    ${platformFilter(sql`t.platform`, range.platforms)} ${posts}
    ${newest === undefined ? sql`order by t.published_at, t.id` : sql`order by t.published_at desc, t.id desc limit ${newest}`}`);
  if (newest !== undefined) rows.reverse();
  return rows.map((r) => ({
    targetId: r.target_id,
    postId: r.post_id,
    accountId: r.account_id,
    platform: r.platform,
    publishedAt: r.published_at,
    content: r.content,
    hashtags: parseList(r.hashtags),
    contentType: contentTypeOf({ platform: r.platform, media: parseMedia(r.media) }),
    hasMetrics: r.snapshot_id != null,
    impressions: r.impressions ?? 0,
    reach: r.reach ?? 0,
    likes: r.likes ?? 0,
    comments: r.comments ?? 0,
    shares: r.shares ?? 0,
    saves: r.saves ?? 0,
    clicks: r.clicks ?? 0,
    videoViews: r.video_views ?? 0,
  }));
}

function parseMedia(json: string): MediaInfo[] {
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.filter((m): m is MediaInfo => m && (m.kind === "image" || m.kind === "video")) : [];
  } catch {
    return [];
  }
}

export function parseList(json: string): string[] {
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/** Growth of likes/comments/shares between consecutive snapshots of each target, for snapshots taken in [start, end). */
export async function loadSnapshotDeltas(
  db: Db,
  workspaceId: string,
  range: { start: number; end: number; platforms: Platform[] | null },
  postId?: string,
) {
  return db.all<SnapshotDelta & { platform: Platform }>(sql`
    select taken_at as takenAt, platform, likes, comments, shares from (
      select s.taken_at, s.platform,
        s.likes - coalesce(lag(s.likes) over w, 0) as likes,
        s.comments - coalesce(lag(s.comments) over w, 0) as comments,
        s.shares - coalesce(lag(s.shares) over w, 0) as shares
      from post_metric_snapshots s
      where s.workspace_id = ${workspaceId} and s.taken_at < ${range.end} ${platformFilter(sql`s.platform`, range.platforms)}
        ${postId ? sql` and s.post_id = ${postId}` : sql``}
      window w as (partition by s.target_id order by s.taken_at)
    ) where taken_at >= ${range.start}
    order by taken_at`);
}

export type PeriodRange = { start: number; end: number; platforms: Platform[] | null };

/**
 * Each target published in the period that has metrics, with its latest snapshot taken before `asOf` (the
 * period's end unless told): post_metrics_current when that is older (always, for a period ending now), else
 * the target's latest earlier snapshot (a past period). Targets whose every snapshot is later are left out (zeros).
 */
export const metricRows = (workspaceId: string, r: PeriodRange, asOf = r.end) => {
  const scope = sql`c.workspace_id = ${workspaceId} and c.published_at >= ${r.start} and c.published_at < ${r.end} ${platformFilter(sql`c.platform`, r.platforms)}`;
  return sql`
    select c.account_id, c.platform, c.post_id, c.impressions, c.reach, c.likes, c.comments, c.shares, c.saves, c.clicks, c.video_views
    from post_metrics_current c where ${scope} and c.taken_at < ${asOf}
    union all
    select c.account_id, c.platform, c.post_id, s.impressions, s.reach, s.likes, s.comments, s.shares, s.saves, s.clicks, s.video_views
    from post_metrics_current c
    join post_metric_snapshots s on s.rowid = (
      select s2.rowid from post_metric_snapshots s2 where s2.target_id = c.target_id and s2.taken_at < ${asOf}
      order by s2.taken_at desc, s2.rowid desc limit 1)
    where ${scope} and c.taken_at >= ${asOf}`;
};

export const targetScope = (workspaceId: string, r: PeriodRange) =>
  sql`t.workspace_id = ${workspaceId} and t.status = 'published' and t.published_at >= ${r.start} and t.published_at < ${r.end} ${platformFilter(sql`t.platform`, r.platforms)}`;

export interface AccountSums extends Metrics {
  accountId: string;
  platform: Platform;
  /** Published targets of the account in the period, with or without metrics. */
  targets: number;
}

type Sums = Metrics & { accountId: string; platform: Platform; targets?: number };
const SUMS = sql.raw(
  "sum(impressions) as impressions, sum(reach) as reach, sum(likes) as likes, sum(comments) as comments, sum(shares) as shares, sum(saves) as saves, sum(clicks) as clicks, sum(video_views) as videoViews",
);
const METRIC_KEYS = ["impressions", "reach", "likes", "comments", "shares", "saves", "clicks", "videoViews"] as const;

/**
 * The period's metrics per account and its number of published targets (the post count), as
 * `loadTargetRows` + aggregate.totals/byAccount would compute them: whole UTC days from the
 * post_metrics_daily rollup, the partial days at the edges from the targets themselves; for a past period,
 * targets measured again since its end are taken back to their latest snapshot before it. An edge longer than
 * the rest of its day is that day from the rollup less the rest (`perTargetPieces`).
 */
export async function loadPeriodSums(
  db: Db,
  workspaceId: string,
  range: PeriodRange,
): Promise<{ posts: number; accounts: AccountSums[] }> {
  const { days, pieces } = perTargetPieces(range);
  const platforms = sql`${platformFilter(sql`platform`, range.platforms)}`;
  const parts = pieces.flatMap(({ span, sign }) => {
    const r = { ...span, platforms: range.platforms };
    return [
      db.all<Sums>(
        sql`select t.account_id as accountId, t.platform, count(*) as targets from post_targets t where ${targetScope(workspaceId, r)} group by t.account_id, t.platform`,
      ),
      db.all<Sums>(
        sql`select account_id as accountId, platform, ${SUMS} from (${metricRows(workspaceId, r, range.end)}) group by account_id, platform`,
      ),
    ].map((rows) => ({ sign, rows }));
  });
  if (days) {
    for (const { table, key, span } of rollupPieces(days, "post_metrics_weekly", "post_metrics_daily"))
      parts.push({
        sign: 1,
        rows: db.all<Sums>(sql`select account_id as accountId, platform, sum(targets) as targets, ${SUMS} from ${table}
          where workspace_id = ${workspaceId} and ${key} >= ${span.start} and ${key} < ${span.end} ${platforms} group by account_id, platform`),
      });
    if (await measuredSince(db, workspaceId, range.end))
      parts.push({
        sign: 1,
        rows: db.all<Sums>(backToEnd(workspaceId, { ...days, platforms: range.platforms }, range.end)),
      });
  }
  const byAccount = new Map<string, AccountSums>();
  for (const { sign, rows } of await Promise.all(parts.map(async (p) => ({ sign: p.sign, rows: await p.rows }))))
    for (const row of rows) {
      const into = byAccount.get(row.accountId) ?? {
        accountId: row.accountId,
        platform: row.platform,
        targets: 0,
        ...sumMetrics([]),
      };
      into.targets += sign * Number(row.targets ?? 0);
      for (const k of METRIC_KEYS) into[k] += sign * Number(row[k] ?? 0);
      byAccount.set(row.accountId, into);
    }
  // Only accounts with published targets in the period are listed, as before.
  const accounts = [...byAccount.values()]
    .filter((a) => a.targets > 0)
    .sort((a, b) => (a.accountId < b.accountId ? -1 : 1));
  // A post counts once per channel (definitions.ts): the period's posts are its published targets.
  return { posts: accounts.reduce((n, a) => n + a.targets, 0), accounts };
}

/** Whether any snapshot of the workspace was taken at or after `at` (one index seek). */
export async function measuredSince(db: Db, workspaceId: string, at: number): Promise<boolean> {
  const [row] = await db.all<{ n: number }>(
    sql`select count(*) as n from (select 1 from post_metric_snapshots where workspace_id = ${workspaceId} and taken_at >= ${at} limit 1)`,
  );
  return (row?.n ?? 0) > 0;
}

/** Per account, what takes the rollup's current metrics back to the latest snapshot before `asOf`. */
const backToEnd = (workspaceId: string, r: PeriodRange, asOf: number) => {
  const d = (col: string) => sql.raw(`sum(coalesce(s.${col}, 0) - c.${col})`);
  return sql`
    select c.account_id as accountId, c.platform, ${d("impressions")} as impressions, ${d("reach")} as reach, ${d("likes")} as likes,
      ${d("comments")} as comments, ${d("shares")} as shares, ${d("saves")} as saves, ${d("clicks")} as clicks, ${d("video_views")} as videoViews
    from post_metrics_current c
    left join post_metric_snapshots s on s.rowid = (
      select s2.rowid from post_metric_snapshots s2 where s2.target_id = c.target_id and s2.taken_at < ${asOf}
      order by s2.taken_at desc, s2.rowid desc limit 1)
    where c.workspace_id = ${workspaceId} and c.published_at >= ${r.start} and c.published_at < ${r.end}
      ${platformFilter(sql`c.platform`, r.platforms)} and c.taken_at >= ${asOf}
    group by c.account_id, c.platform`;
};

/**
 * The id of the period's top post as aggregate.topPost ranks it (engagement, then reach, then the earliest
 * published, then first in (published_at, target id) order), or null without published targets.
 * A period nobody measured after (any period ending now) ranks only the posts that can win
 * (`topCandidates`), with or without a platform filter; a past period sums every post of the period.
 */
export async function topPostId(db: Db, workspaceId: string, range: PeriodRange): Promise<string | null> {
  // Together: under batchReads both go in one round trip.
  const [{ days, edges }, measured] = await Promise.all([
    rankingSplit(db, workspaceId, range),
    measuredSince(db, workspaceId, range.end),
  ]);
  const narrow = days && !measured;
  const [best] = await db.all<{ postId: string }>(
    narrow
      ? sql`
    with cand(post_id) as (${topCandidates(workspaceId, days, edges, range.platforms)}),
    -- Driven from the few candidates through post_targets_post_idx, not from every target of the period.
    tg as materialized (
      select t.id, t.post_id, t.published_at from cand cross join post_targets t indexed by post_targets_post_idx on t.post_id = cand.post_id where ${targetScope(workspaceId, range)}),
    sums as materialized (
      select tg.post_id, sum(c.likes + c.comments + c.shares) as e, sum(c.reach) as r
      from tg join post_metrics_current c on c.target_id = tg.id group by tg.post_id),
    best as (select e, r from sums order by e desc, r desc limit 1)
    select tg.post_id as postId from best b join sums s on s.e = b.e and s.r = b.r join tg on tg.post_id = s.post_id
    where b.e > 0 or b.r > 0 order by tg.published_at, tg.id limit 1`
      : sql`
    with sums as materialized (
      select post_id, sum(likes + comments + shares) as e, sum(reach) as r from (${metricRows(workspaceId, range)}) group by post_id),
    best as (select e, r from sums order by e desc, r desc limit 1)
    select t.post_id as postId from best b join sums s on s.e = b.e and s.r = b.r join post_targets t on t.post_id = s.post_id
    where (b.e > 0 or b.r > 0) and ${targetScope(workspaceId, range)}
    order by t.published_at, t.id limit 1`,
  );
  if (best) return best.postId;
  // Nothing has engagement or reach: every post ties, so the first published wins.
  const [first] = await db.all<{ postId: string }>(sql`
    select t.post_id as postId from post_targets t where ${targetScope(workspaceId, range)} order by t.published_at, t.id limit 1`);
  return first?.postId ?? null;
}

/**
 * The targets in the period of every post that can be among its first `k` by aggregate.topPost's ranking: for a
 * period nobody measured after, the candidates of `topCandidates` (each bucket's first k, every split post, the
 * edges' first k), read through post_targets_post_idx; a past period (or one shorter than a whole UTC day)
 * reads every target of the period.
 */
export async function topPostRows(db: Db, workspaceId: string, range: PeriodRange, k: number): Promise<TargetRow[]> {
  const { days, edges } = await rankingSplit(db, workspaceId, range);
  if (!days || (await measuredSince(db, workspaceId, range.end))) return loadTargetRows(db, workspaceId, range);
  const ids = await db.all<{ postId: string }>(
    sql`select post_id as postId from (${topCandidates(workspaceId, days, edges, range.platforms, { k, engagedOnly: false })})`,
  );
  return ids.length
    ? loadTargetRows(
        db,
        workspaceId,
        range,
        ids.map((r) => r.postId),
      )
    : [];
}

/**
 * The period's whole days and partial-day edges for ranking its posts: an edge's day counts as whole when nothing
 * else of that day is published or measured (on the filtered platforms), e.g. the hours before "now", since the
 * day's rollup rows then hold exactly the edge's posts (one seek per check instead of the edge's targets).
 */
async function rankingSplit(db: Db, workspaceId: string, range: PeriodRange) {
  const split = edgeDays(range);
  const occupied = (
    s: Span,
  ) => sql`exists (select 1 from post_targets t where ${targetScope(workspaceId, { ...s, platforms: range.platforms })})
    or exists (select 1 from post_metrics_current c where c.workspace_id = ${workspaceId} and c.published_at >= ${s.start}
      and c.published_at < ${s.end} ${platformFilter(sql`c.platform`, range.platforms)})`;
  const take = await Promise.all(
    split.edges.map(async (e) => {
      const [row] = await db.all<{ n: number }>(sql`select ${sql.join(e.rest.map(occupied), sql` or `)} as n`);
      return !row?.n;
    }),
  );
  const { days, edges } = widenDays(split, take);
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
) => {
  const { k } = rank;
  const { weeks, days: loose } = splitByWeeks(days);
  const dayStarts = loose.flatMap((d) => unitStarts(d, DAY_MS));
  const weekStarts = weeks ? unitStarts(weeks, WEEK_MS) : [];
  const edgeTargets = sql.join(
    edges.map(
      (e) =>
        sql`select t.id, t.post_id, t.published_at from post_targets t where ${targetScope(workspaceId, { ...e, platforms })}`,
    ),
    sql` union all `,
  );
  const edgeTop = edges.length
    ? sql`union select * from (
      with et as materialized (
        select et.post_id, sum(coalesce(c.likes + c.comments + c.shares, 0)) as e, sum(coalesce(c.reach, 0)) as r, min(et.published_at) as f
        from (${edgeTargets}) et left join post_metrics_current c on c.target_id = et.id group by et.post_id)
      select post_id from et where (e, r, f) = (select e, r, f from et order by e desc, r desc, f limit 1 offset ${offsetOf(k)})
      ${k > 1 ? sql`union select * from (select post_id from et order by e desc, r desc, f limit ${sql.raw(String(k))})` : sql``})`
    : sql``;
  if (!platforms?.length)
    return sql`
    ${bucketTops("post_metrics_post_weekly", "week", weekStarts, workspaceId, rank)}
    union ${bucketTops("post_metrics_post_daily", "day", dayStarts, workspaceId, rank)}
    union select post_id from post_metrics_post_daily where workspace_id = ${workspaceId} and split = 1 and day >= ${days.start} and day < ${days.end}
    ${edgeTop}`;
  // Under a platform filter a bucket is a (week or day, platform) cell; a post spans several cells when its
  // targets on a platform went out on several days, or, under several platforms, when it went out on several.
  const inRange = sql`workspace_id = ${workspaceId} ${platformFilter(sql`platform`, platforms)} and day >= ${days.start} and day < ${days.end}`;
  return sql`
    ${bucketTops("post_platform_weekly", "week", weekStarts, workspaceId, rank, platforms)}
    union ${bucketTops("post_platform_daily", "day", dayStarts, workspaceId, rank, platforms)}
    union select post_id from post_platform_daily where ${inRange} and split = 1
    ${platforms.length > 1 ? sql`union select post_id from post_platform_daily where ${inRange} and multi = 1` : sql``}
    ${edgeTop}`;
};

/**
 * Each bucket's first `k` posts by (engagement, reach, first publish) and any tied with the k-th on all three: one
 * covering-index seek per bucket (per bucket and platform under a filter). CROSS JOIN keeps the buckets outermost.
 * With `engagedOnly` (the overview's top post) a bucket where nothing has engagement or reach offers nobody (the
 * caller's first-published fallback answers); a list ranks those too.
 */
function bucketTops(
  table: string,
  key: string,
  starts: number[],
  workspaceId: string,
  { k, engagedOnly }: Rank,
  platforms?: Platform[],
) {
  const [t, col, idx] = [sql.raw(table), sql.raw(key), sql.raw(`${table}_top_idx`)];
  const cells = platforms
    ? sql`json_each(${JSON.stringify(starts)}) d cross join json_each(${JSON.stringify(platforms)}) pl`
    : sql`json_each(${JSON.stringify(starts)}) d`;
  const cell = (alias: string) => {
    const a = sql.raw(alias);
    return sql`${a}workspace_id = ${workspaceId} ${platforms ? sql`and ${a}platform = pl.value` : sql``} and ${a}${col} = d.value`;
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

export const dailyEngagementSql = (
  workspaceId: string,
  platforms: Platform[] | null,
  days: Array<{ from: number; to: number }>,
) => sql`
    select d.key as i, coalesce(sum(s.likes_delta), 0) as likes, coalesce(sum(s.comments_delta), 0) as comments, coalesce(sum(s.shares_delta), 0) as shares
    from json_each(${JSON.stringify(days.map((d) => [d.from, d.to]))}) d
    left join post_metric_snapshots s on s.workspace_id = ${workspaceId} and s.taken_at >= d.value ->> 0 and s.taken_at < d.value ->> 1
      ${platformFilter(sql`s.platform`, platforms)}
    group by d.key order by d.key`;

/**
 * Likes, comments and shares received per local day: whole quarter-hours from the post_engagement_daily
 * rollup, and the quarter-hours a day boundary or the range's end cuts from the snapshots' stored deltas.
 */
export async function loadDailyEngagement(
  db: Db,
  workspaceId: string,
  platforms: Platform[] | null,
  days: Array<{ day: string; from: number; to: number }>,
) {
  if (!days.length) return [];
  const first = days[0]!.from;
  const last = days[days.length - 1]!.to;
  const cut = cutSlots(days);
  const pieces = cutPieces(days, cut);
  const [rollup, raw] = await Promise.all([
    db.all<{ day: number; likes: string; comments: string; shares: string }>(sql`
      select day, likes, comments, shares from post_engagement_daily
      where workspace_id = ${workspaceId} and day >= ${first - (first % DAY_MS)} and day < ${last} ${platformFilter(sql`platform`, platforms)}`),
    pieces.length
      ? db.all<{ i: number; likes: number; comments: number; shares: number }>(
          dailyEngagementSql(workspaceId, platforms, pieces),
        )
      : Promise.resolve([]),
  ]);
  const sums = sumSlots(
    days,
    rollup.map((r) => ({
      day: r.day,
      likes: JSON.parse(r.likes),
      comments: JSON.parse(r.comments),
      shares: JSON.parse(r.shares),
    })),
    cut,
  );
  for (const r of raw) {
    const into = sums[pieces[Number(r.i)]!.window]!;
    into.likes += r.likes;
    into.comments += r.comments;
    into.shares += r.shares;
  }
  return days.map((d, i) => ({ date: d.day, ...sums[i]! }));
}

export interface AccountRow {
  id: string;
  platform: Platform;
  username: string;
  displayName: string;
  status: "connected" | "needs_reconnect";
  followerCount: number | null;
}

export async function loadAccounts(
  db: Db,
  workspaceId: string,
  platforms: Platform[] | null = null,
): Promise<AccountRow[]> {
  return db.all<AccountRow>(sql`
    select id, platform, username, display_name as displayName, status, follower_count as followerCount
    from connected_accounts where workspace_id = ${workspaceId} and status != 'disconnected' ${platformFilter(sql`platform`, platforms)}
    order by platform, username`);
}

/**
 * Each account's latest follower count at `before` (from snapshots, else the count stored at connect time);
 * null when we had not measured it by then.
 */
export async function knownFollowersAt(db: Db, workspaceId: string, before: number, platforms: Platform[] | null) {
  return db.all<{ accountId: string; platform: Platform; followers: number | null }>(sql`
    select a.id as accountId, a.platform, coalesce(
      (select s.followers from account_metric_snapshots s where s.account_id = a.id and s.taken_at < ${before} order by s.taken_at desc limit 1),
      case when a.created_at < ${before} then a.follower_count end) as followers
    from connected_accounts a where a.workspace_id = ${workspaceId} and a.status != 'disconnected' ${platformFilter(sql`a.platform`, platforms)}`);
}

/** knownFollowersAt with an unmeasured account counted as 0 (for totals). */
export async function followersAt(db: Db, workspaceId: string, before: number, platforms: Platform[] | null) {
  const rows = await knownFollowersAt(db, workspaceId, before, platforms);
  return rows.map((r) => ({ ...r, followers: r.followers ?? 0 }));
}

export async function loadAccountSnapshots(
  db: Db,
  workspaceId: string,
  range: { start: number; end: number; platforms: Platform[] | null },
  accountId?: string,
) {
  return db.all<{
    accountId: string;
    platform: Platform;
    takenAt: number;
    followers: number;
    reach: number | null;
    impressions: number | null;
    profileViews: number | null;
  }>(sql`
    select account_id as accountId, platform, taken_at as takenAt, followers, reach, impressions, profile_views as profileViews
    from account_metric_snapshots
    where workspace_id = ${workspaceId} and taken_at >= ${range.start} and taken_at < ${range.end} ${platformFilter(sql`platform`, range.platforms)}
      ${accountId ? sql` and account_id = ${accountId}` : sql``}
    order by taken_at`);
}

export async function latestAudience(db: Db, workspaceId: string, platforms: Platform[] | null) {
  const rows = await db.all<{
    accountId: string;
    platform: Platform;
    username: string;
    displayName: string;
    takenAt: number;
    data: string;
  }>(sql`
    select s.account_id as accountId, s.platform, a.username, a.display_name as displayName, s.taken_at as takenAt, s.data
    from audience_snapshots s join connected_accounts a on a.id = s.account_id
    where s.workspace_id = ${workspaceId} ${platformFilter(sql`s.platform`, platforms)}
      and s.taken_at = (select max(s2.taken_at) from audience_snapshots s2 where s2.account_id = s.account_id)
    order by s.platform, a.username, s.account_id`);
  return rows.map((r) => ({ ...r, data: JSON.parse(r.data) as AudienceData }));
}

export async function loadComments(db: Db, workspaceId: string, postId: string) {
  return db.all<{ id: string; platform: Platform; author: string; text: string; createdAt: number }>(sql`
    select remote_id as id, platform, author, text, created_at as createdAt from synced_comments
    where workspace_id = ${workspaceId} and post_id = ${postId} order by created_at desc limit 200`);
}

/** The latest sync of any figure: an account's metrics or a post's snapshot. */
export async function lastSyncedAt(db: Db, workspaceId: string): Promise<number | null> {
  // SQLite's two-argument max() is null when either is: 0 stands for "never".
  const [row] = await db.all<{ at: number | null }>(sql`select nullif(max(
      coalesce((select max(last_account_sync_at) from analytics_sync_state where workspace_id = ${workspaceId}), 0),
      coalesce((select max(taken_at) from post_metric_snapshots where workspace_id = ${workspaceId}), 0)), 0) as at`);
  return row?.at ?? null;
}

import { sql } from "drizzle-orm";
import { allRendered } from "../db/batch-reads";
import type { Db } from "../db/client";
import type { Platform } from "../platform-profile";
import { type Metrics, sumMetrics } from "./aggregate";
import {
  $,
  measuredSinceSql,
  metricRows,
  notYet,
  type PeriodRange,
  platformFilter,
  platformKey,
  rollupPieces,
  targetScope,
} from "./period-scope";
import { perTargetHourPieces, type Signed } from "./rollup-ranges";

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
 * the rest of its day is that day from the rollup less the rest, and an edge's whole hours come from
 * post_metrics_hourly, so per target only the partial hours at the cuts are read (`perTargetHourPieces`).
 */
export async function loadPeriodSums(
  db: Db,
  workspaceId: string,
  range: PeriodRange,
): Promise<{ posts: number; accounts: AccountSums[] }> {
  const { days, hours, pieces } = perTargetHourPieces(range);
  // Every statement below is rendered once per isolate for its kind and the platforms (the names are written into
  // its text), and bound to the workspace, its span and the period's end on each call (ADR 048).
  const { platforms } = range;
  const on = platformKey(platforms);
  const ws = { ws: workspaceId };
  const parts = pieces.flatMap(({ span, sign }) => {
    const values = { ...ws, start: span.start, end: span.end };
    return [
      allRendered<Sums>(db, `analytics.piece-targets:${on}`, () => pieceTargets(platforms), values),
      allRendered<Sums>(db, `analytics.piece-sums:${on}`, () => pieceSums(platforms), {
        ...values,
        asOf: range.end,
      }),
    ].map((rows) => ({ sign, rows }));
  });
  const fromRollups: Array<Signed & { table: RollupTable }> = [
    ...(days
      ? rollupPieces(days).map(({ weekly, span }) => ({
          table: weekly ? ("post_metrics_weekly" as const) : ("post_metrics_daily" as const),
          span,
          sign: 1 as const,
        }))
      : []),
    ...hours.map(({ span, sign }) => ({ table: "post_metrics_hourly" as const, span, sign })),
  ];
  for (const { table, span, sign } of fromRollups)
    parts.push({
      sign,
      rows: allRendered<Sums>(db, `analytics.rollup-sums:${table}:${on}`, () => rollupSums(table, platforms), {
        ...ws,
        start: span.start,
        end: span.end,
      }),
    });
  // The rollups hold current figures: for a past period, each span they answered is taken back to its end. Sent
  // with the reads above, not after a check of its own: each read answers nothing unless something was measured since.
  if (fromRollups.length && !notYet(range, range.end))
    for (const { span, sign } of [...(days ? [{ span: days, sign: 1 as const }] : []), ...hours])
      parts.push({
        sign,
        rows: allRendered<Sums>(db, `analytics.back-to-end:${on}`, () => backToEnd(platforms), {
          ...ws,
          start: span.start,
          end: span.end,
          asOf: range.end,
        }),
      });
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

/** A piece's published targets per account (`ws`, `start`, `end`). */
const pieceTargets = (platforms: Platform[] | null) =>
  sql`select t.account_id as accountId, t.platform, count(*) as targets from post_targets t where ${targetScope($("ws"), { start: $("start"), end: $("end"), platforms })} group by t.account_id, t.platform`;

/** A piece's metrics per account as of the period's end (`ws`, `start`, `end`, `asOf`). */
const pieceSums = (platforms: Platform[] | null) =>
  sql`select account_id as accountId, platform, ${SUMS} from (${metricRows($("ws"), { start: $("start"), end: $("end"), platforms }, $("asOf"))}) group by account_id, platform`;

type RollupTable = "post_metrics_weekly" | "post_metrics_daily" | "post_metrics_hourly";
const ROLLUP_KEY: Record<RollupTable, string> = {
  post_metrics_weekly: "week",
  post_metrics_daily: "day",
  post_metrics_hourly: "hour",
};

/** A rollup's sums per account over a span of its weeks, days or hours (`ws`, `start`, `end`). */
const rollupSums = (table: RollupTable, platforms: Platform[] | null) => {
  const key = sql.raw(ROLLUP_KEY[table]);
  return sql`select account_id as accountId, platform, sum(targets) as targets, ${SUMS} from ${sql.raw(table)}
        where workspace_id = ${$("ws")} and ${key} >= ${$("start")} and ${key} < ${$("end")} ${platformFilter(sql`platform`, platforms)} group by account_id, platform`;
};

/**
 * Per account, what takes the rollup's current metrics back to the latest snapshot before `asOf` (`ws`, `start`,
 * `end`, `asOf`). The check that anything was measured since comes first as a one-row table (CROSS JOIN keeps it
 * outermost): when nothing was, no target is looked at. As a WHERE term SQLite evaluated it for every target.
 */
const backToEnd = (platforms: Platform[] | null) => {
  const d = (col: string) => sql.raw(`sum(coalesce(s.${col}, 0) - c.${col})`);
  return sql`
    select c.account_id as accountId, c.platform, ${d("impressions")} as impressions, ${d("reach")} as reach, ${d("likes")} as likes,
      ${d("comments")} as comments, ${d("shares")} as shares, ${d("saves")} as saves, ${d("clicks")} as clicks, ${d("video_views")} as videoViews
    from (select 1 where ${measuredSinceSql($("ws"), $("asOf"))}) since
    cross join post_metrics_current c
    left join post_metric_snapshots s on s.rowid = (
      select s2.rowid from post_metric_snapshots s2 where s2.target_id = c.target_id and s2.taken_at < ${$("asOf")}
      order by s2.taken_at desc, s2.rowid desc limit 1)
    where c.workspace_id = ${$("ws")} and c.published_at >= ${$("start")} and c.published_at < ${$("end")}
      ${platformFilter(sql`c.platform`, platforms)} and c.taken_at >= ${$("asOf")}
    group by c.account_id, c.platform`;
};

import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { allRendered } from "../db/batch-reads";
import type { Db } from "../db/client";
import { PLATFORMS, type Platform } from "../platform-profile";
import { type Span, splitByWeeks } from "./rollup-ranges";

/**
 * The SQL pieces every analytics read shares: a period's scope, its platform filter and the rollups' pieces.
 * The reads' statements are rendered once per isolate for each shape (`allRendered`, ADR 048): a builder takes its
 * values as placeholders (`Bound`), and the key names what its text depends on (the platforms, which pieces).
 */

/** A value in a statement: the value itself, or the placeholder a rendered statement binds it to. */
export type Bound<T> = T | Placeholder;
/** A period whose bounds may be placeholders. */
export type BoundRange = { start: Bound<number>; end: Bound<number>; platforms: Platform[] | null };
/** The placeholder named `name`. */
export const $ = (name: string) => sql.placeholder(name);

/**
 * The platforms of a filter, checked and in PLATFORMS' order (null for none): the same set writes the same SQL text
 * in whichever order a request lists it, so a rendered statement's key is the set, not each of its orders.
 */
function knownPlatforms(platforms: Platform[] | null): Platform[] | null {
  if (!platforms?.length) return null;
  const unknown = platforms.find((p) => !(PLATFORMS as readonly string[]).includes(p));
  if (unknown !== undefined) throw new Error(`Unknown platform ${JSON.stringify(unknown)} in a platform filter.`);
  return PLATFORMS.filter((p) => platforms.includes(p));
}

/** The part of a rendered statement's key that `platformFilter` writes: the filter's platforms, checked. */
export const platformKey = (platforms: Platform[] | null) => knownPlatforms(platforms)?.join(",") ?? "all";

/**
 * ` and <column> in ('instagram', …)`: the names are written into the SQL rather than bound. One statement (the top
 * post's ranking and its targets, ADR 117) repeats the filter in several places, and bound, every platform listed
 * took it past D1's 100 parameters (ADR 118). Only PLATFORMS' own names are written, so nothing a request sends
 * reaches the SQL text.
 */
export const platformFilter = (column: SQL, platforms: Platform[] | null) => {
  const known = knownPlatforms(platforms);
  if (!known) return sql``;
  return sql` and ${column} in (${sql.raw(known.map((p) => `'${p}'`).join(", "))})`;
};

/** A period's whole UTC days as rollup pieces: whole weeks from the weekly table, the days around them from the daily one. */
export function rollupPieces(days: Span): Array<{ weekly: boolean; span: Span }> {
  const split = splitByWeeks(days);
  return [
    ...(split.weeks ? [{ weekly: true, span: split.weeks }] : []),
    ...split.days.map((span) => ({ weekly: false, span })),
  ];
}

/**
 * Part of a statement rendered once per isolate (`allRendered`): what its text depends on (`key`), its values by
 * placeholder name, and its text with those placeholders (made only when the key is new to the isolate).
 */
export interface StatementPart {
  key: string;
  values: Record<string, unknown>;
  build: () => SQL;
}

/**
 * `columns` of a rollup's rows over a period's whole UTC days (`rollupPieces`), platforms filtered, as one union:
 * its text depends on which pieces the days split into and the platforms; piece i's bounds are `r{i}s`, `r{i}e`.
 */
export function rollupUnion(
  workspaceId: string,
  days: Span,
  tables: { weekly: string; daily: string },
  columns: SQL,
  platforms: Platform[] | null,
): StatementPart {
  const pieces = rollupPieces(days);
  const values: Record<string, unknown> = { ws: workspaceId };
  for (const [i, { span }] of pieces.entries()) {
    values[`r${i}s`] = span.start;
    values[`r${i}e`] = span.end;
  }
  return {
    key: `${pieces.map((p) => (p.weekly ? "w" : "d")).join("")}:${platformKey(platforms)}`,
    values,
    build: () =>
      sql.join(
        pieces.map(({ weekly }, i) => {
          const [table, key] = weekly ? [tables.weekly, "week"] : [tables.daily, "day"];
          return sql`select ${columns} from ${sql.raw(table)}
        where workspace_id = ${$("ws")} and ${sql.raw(key)} >= ${$(`r${i}s`)} and ${sql.raw(key)} < ${$(`r${i}e`)}
          ${platformFilter(sql`platform`, platforms)}`;
        }),
        sql` union all `,
      ),
  };
}

/**
 * A period, and for one resolved against the clock the moment it was (`now`): nothing is published or measured
 * after that moment (both are stamped with the clock), so a check for it needs no read.
 */
export type PeriodRange = { start: number; end: number; platforms: Platform[] | null; now?: number };

/** Whether `at` is not yet past for `range`: at or after its `now`, where nothing is published or measured. */
export const notYet = (range: PeriodRange, at: number) => range.now !== undefined && at >= range.now;

/**
 * Each target published in the period that has metrics, with its latest snapshot taken before `asOf` (the
 * period's end unless told): post_metrics_current when that is older (always, for a period ending now), else
 * the target's latest earlier snapshot (a past period). Targets whose every snapshot is later are left out (zeros).
 */
export const metricRows = (workspaceId: Bound<string>, r: BoundRange, asOf = r.end) => {
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

export const targetScope = (workspaceId: Bound<string>, r: BoundRange) =>
  sql`t.workspace_id = ${workspaceId} and t.status = 'published' and t.published_at >= ${r.start} and t.published_at < ${r.end} ${platformFilter(sql`t.platform`, r.platforms)}`;

/** Whether any snapshot of the workspace was taken at or after the range's end: no read for an end not yet past. */
export async function measuredAfter(db: Db, workspaceId: string, range: PeriodRange): Promise<boolean> {
  if (notYet(range, range.end)) return false;
  const [row] = await allRendered<{ n: number }>(
    db,
    "analytics.measured-after",
    () => sql`select ${measuredSinceSql($("ws"), $("at"))} as n`,
    { ws: workspaceId, at: range.end },
  );
  return (row?.n ?? 0) > 0;
}

/** SQL: whether any snapshot of the workspace was taken at or after `at` (one index seek). */
export const measuredSinceSql = (workspaceId: Bound<string>, at: Bound<number>) =>
  sql`exists (select 1 from post_metric_snapshots where workspace_id = ${workspaceId} and taken_at >= ${at})`;

/**
 * A read from the rollups, which hold current figures and so answer only for a period nobody measured after,
 * issued beside the `measuredAfter` check that decides it: under `batchReads` both go in one round trip (a period up
 * to now needs no check). A past period (measured since its end) drops that answer and reads `perTarget()` instead.
 */
export async function unlessMeasuredAfter<T>(
  db: Db,
  workspaceId: string,
  range: PeriodRange,
  fromRollups: () => Promise<T>,
  perTarget: () => Promise<T>,
): Promise<T> {
  const rollups = fromRollups();
  // Dropped unread for a past period: its failure must not surface as an unhandled rejection.
  rollups.catch(() => {});
  return (await measuredAfter(db, workspaceId, range)) ? perTarget() : rollups;
}

import { type Placeholder, sql } from "drizzle-orm";
import { allRendered } from "../db/batch-reads";
import type { Db } from "../db/client";
import type { Platform } from "../platform-profile";
import type { PublishSample } from "./aggregate";
import { weeklySamples } from "./best-times";
import { $, type Bound, platformFilter, platformKey } from "./period-scope";
import { cutPieces, cutSlots, DAY_MS, sumSlots } from "./rollup-ranges";

/**
 * Engagement over time: per local day (the daily rollup plus the cut quarter-hours) and the best-times samples.
 * Each statement is rendered once per isolate for its platforms and bound on each call (`allRendered`, ADR 048).
 */

/** Best-times samples from the weekly rollup (every week ever, platforms filtered), folded per offset of `timezone`. */
export async function loadBestTimeSamples(
  db: Db,
  workspaceId: string,
  platforms: Platform[] | null,
  timezone: string,
): Promise<PublishSample[]> {
  const rows = await allRendered<{ week: number; posts: string; engagement: string }>(
    db,
    `analytics.best-times-weekly:${platformKey(platforms)}`,
    () => sql`
    select week, posts, engagement from post_best_times_weekly
    where workspace_id = ${$("ws")} ${platformFilter(sql`platform`, platforms)}`,
    { ws: workspaceId },
  );
  return weeklySamples(
    rows.map((r) => ({ week: r.week, posts: JSON.parse(r.posts), engagement: JSON.parse(r.engagement) })),
    timezone,
  );
}

/** Engagement received in each of `days` (its index `i`): the days, or the placeholder of their JSON ([[from, to], …]). */
export const dailyEngagementSql = (
  workspaceId: Bound<string>,
  platforms: Platform[] | null,
  days: Array<{ from: number; to: number }> | Placeholder,
) => sql`
    select d.key as i, coalesce(sum(s.likes_delta), 0) as likes, coalesce(sum(s.comments_delta), 0) as comments, coalesce(sum(s.shares_delta), 0) as shares
    from json_each(${Array.isArray(days) ? JSON.stringify(days.map((d) => [d.from, d.to])) : days}) d
    left join post_metric_snapshots s on s.workspace_id = ${workspaceId} and s.taken_at >= d.value ->> 0 and s.taken_at < d.value ->> 1
      ${platformFilter(sql`s.platform`, platforms)}
    group by d.key order by d.key`;

/**
 * Likes, comments and shares received per local day: whole quarter-hours from the post_engagement_daily rollup
 * (its total without a platform filter), and the quarter-hours a day boundary or the range's end cuts from the
 * snapshots' stored deltas.
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
  const pieces = cutPieces(days, cutSlots(days));
  const on = platformKey(platforms);
  const [rollup, raw] = await Promise.all([
    allRendered<{ day: number; likes: string; comments: string; shares: string }>(
      db,
      `analytics.engagement-daily:${on}`,
      // Without a platform filter, one row a day with every platform together (ADR 135): a fifth of the rows and bytes
      // for a workspace on five platforms.
      () =>
        platforms
          ? sql`
      select day, likes, comments, shares from post_engagement_daily
      where workspace_id = ${$("ws")} and day >= ${$("start")} and day < ${$("end")} ${platformFilter(sql`platform`, platforms)}`
          : sql`
      select day, likes, comments, shares from post_engagement_daily_total
      where workspace_id = ${$("ws")} and day >= ${$("start")} and day < ${$("end")}`,
      { ws: workspaceId, start: first - (first % DAY_MS), end: last },
    ),
    pieces.length
      ? allRendered<{ i: number; likes: number; comments: number; shares: number }>(
          db,
          `analytics.engagement-cuts:${on}`,
          () => dailyEngagementSql($("ws"), platforms, $("pieces")),
          { ws: workspaceId, pieces: JSON.stringify(pieces.map((d) => [d.from, d.to])) },
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
  );
  for (const r of raw) {
    const into = sums[pieces[Number(r.i)]!.window]!;
    into.likes += r.likes;
    into.comments += r.comments;
    into.shares += r.shares;
  }
  return days.map((d, i) => ({ date: d.day, ...sums[i]! }));
}

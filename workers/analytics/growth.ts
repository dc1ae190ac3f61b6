import type { z } from "zod";
import type { Platform } from "../platform-profile";
import { round } from "./aggregate";
import { localParts } from "./period";
import type { GrowthData } from "./schemas";

/** A local day's followers per platform, as GET /api/analytics/growth answers it. */
type FollowerRow = z.infer<typeof GrowthData>["followers"][number];

/** An account's follower count known before the period starts (null: we had not measured it yet). */
export interface FollowerBaseline {
  accountId: string;
  platform: Platform;
  followers: number | null;
}
export interface FollowerSnapshot {
  accountId: string;
  platform: Platform;
  takenAt: number;
  followers: number;
}

/**
 * Follower growth over [start, end) measured only from what we measured: an account's baseline is its
 * count before the period when we have one, else its first snapshot in the period ("since we started
 * tracking"), never zero. Days before an account's first measurement carry no value for it, so a platform
 * with nothing measured yet on a day is null (a gap in the chart), not a flat zero.
 */
export function followerGrowth(
  baselines: FollowerBaseline[],
  snapshots: FollowerSnapshot[],
  range: { start: number; end: number; timezone: string },
  days: string[],
) {
  const sorted = [...snapshots].sort((a, b) => a.takenAt - b.takenAt);
  const accounts = new Map<string, { platform: Platform; start: number; since: number; current: number }>();
  for (const b of baselines)
    if (b.followers !== null)
      accounts.set(b.accountId, { platform: b.platform, start: b.followers, since: range.start, current: b.followers });
  const byDay = new Map<string, FollowerSnapshot[]>();
  for (const s of sorted) {
    const day = localParts(s.takenAt, range.timezone).day;
    byDay.set(day, [...(byDay.get(day) ?? []), s]);
  }
  const platforms = [
    ...new Set([
      ...baselines.filter((b) => b.followers !== null).map((b) => b.platform),
      ...sorted.map((s) => s.platform),
    ]),
  ].sort();
  const followers = days.map((date): FollowerRow => {
    for (const s of byDay.get(date) ?? []) {
      const a = accounts.get(s.accountId);
      if (a) a.current = s.followers;
      else
        accounts.set(s.accountId, { platform: s.platform, start: s.followers, since: s.takenAt, current: s.followers });
    }
    const row: Record<string, number | null> = {};
    for (const p of platforms) {
      const own = [...accounts.values()].filter((a) => a.platform === p);
      row[p] = own.length ? own.reduce((sum, a) => sum + a.current, 0) : null;
    }
    // TypeScript cannot build a type whose `date` is a string beside a number index signature; zod's can.
    return { date, ...row } as FollowerRow;
  });
  const rate = (start: number, end: number) => (start > 0 ? round(((end - start) / start) * 100) : null);
  const summaries = platforms.map((p) => {
    const own = [...accounts.values()].filter((a) => a.platform === p);
    const start = own.reduce((s, a) => s + a.start, 0);
    const end = own.reduce((s, a) => s + a.current, 0);
    return {
      platform: p,
      start,
      end,
      netGrowth: end - start,
      growthRate: rate(start, end),
      unfollowRate: null,
      since: Math.max(range.start, ...own.map((a) => a.since)),
    };
  });
  const all = [...accounts.values()];
  return {
    followers,
    platforms: summaries,
    growthRate: rate(
      all.reduce((s, a) => s + a.start, 0),
      all.reduce((s, a) => s + a.current, 0),
    ),
    /** The latest instant any included account started being tracked: growth figures hold "since" then. */
    since: all.length ? Math.max(range.start, ...all.map((a) => a.since)) : null,
  };
}

import type { Platform } from "../platform-profile";
import type { PostMetrics } from "../platforms";
import { mergeByKey } from "./group-sums";
import { daysBetween, localParts, weekdayHourIn } from "./period";
import { type RateGroup, rateOf } from "./rate";

/**
 * Pure aggregation over metric rows. Definitions (ADR 008):
 * - engagement = likes + comments + shares;
 * - engagement rate = engagement / reach × 100 (impressions when reach is 0), 2 decimals;
 * - an aggregate's rate is total engagement / total reach (a weighted average), never a mean of rates, over the
 *   posts whose network reports that denominator; null when none does (rate.ts);
 * - a post count is the number of published targets (once per channel, definitions.ts), everywhere.
 */

export const CONTENT_TYPES = ["carousel", "single_image", "video", "reel", "story", "text"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** The per-post counters a platform reports (the clients' contract). */
export type Metrics = PostMetrics;

/** One published target with its latest snapshot in the period (zeros when it has none yet). */
export interface TargetRow extends Metrics {
  targetId: string;
  postId: string;
  accountId: string;
  platform: Platform;
  publishedAt: number;
  content: string;
  hashtags: string[];
  contentType: ContentType;
  hasMetrics: boolean;
}

export const round = (n: number, digits = 2) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};
export const engagementOf = (m: Pick<Metrics, "likes" | "comments" | "shares">) => m.likes + m.comments + m.shares;

/** Change in percent against the previous period; null when there is nothing to compare with. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return round(((current - previous) / previous) * 100, 1);
}

export function sumMetrics(rows: readonly Metrics[]): Metrics {
  const out: Metrics = {
    impressions: 0,
    reach: 0,
    likes: 0,
    comments: 0,
    shares: 0,
    saves: 0,
    clicks: 0,
    videoViews: 0,
  };
  for (const r of rows) {
    out.impressions += r.impressions;
    out.reach += r.reach;
    out.likes += r.likes;
    out.comments += r.comments;
    out.shares += r.shares;
    out.saves += r.saves;
    out.clicks += r.clicks;
    out.videoViews += r.videoViews;
  }
  return out;
}

/** Metrics summed over some posts of one network, as the engagement rate reads them (rate.ts). */
type NetworkMetrics = Metrics & { platform: Platform };
const rateGroups = (groups: readonly NetworkMetrics[]): RateGroup[] =>
  groups.map((g) => ({
    platform: g.platform,
    engagement: engagementOf(g),
    reach: g.reach,
    impressions: g.impressions,
  }));

export function totals(rows: TargetRow[]) {
  return totalsOf(rows, rows.length);
}

/** Totals from metrics already summed (in SQL) per network group (e.g. account) over a period's targets, and its count of published targets. */
export function totalsOf(groups: readonly NetworkMetrics[], posts: number) {
  const m = sumMetrics(groups);
  const totalEngagement = engagementOf(m);
  const rate = rateOf(rateGroups(groups));
  return {
    totalPosts: posts,
    totalLikes: m.likes,
    totalComments: m.comments,
    totalShares: m.shares,
    totalSaves: m.saves,
    totalClicks: m.clicks,
    totalReach: m.reach,
    totalImpressions: m.impressions,
    totalVideoViews: m.videoViews,
    totalEngagement,
    avgEngagementRate: rate.rate,
    rateLeavesOut: rate.leftOut,
  };
}
export type Totals = ReturnType<typeof totals>;

const CHANGE_KEYS = [
  "totalPosts",
  "totalLikes",
  "totalComments",
  "totalShares",
  "totalReach",
  "totalImpressions",
  "totalEngagement",
  "avgEngagementRate",
] as const;
export function changes(current: Totals, previous: Totals) {
  const change = (a: number | null, b: number | null) => (a === null || b === null ? null : changePercent(a, b));
  return Object.fromEntries(CHANGE_KEYS.map((k) => [k, change(current[k], previous[k])])) as Record<
    (typeof CHANGE_KEYS)[number],
    number | null
  >;
}

function groupBy<T, K extends string>(rows: T[], key: (r: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

function summary(rows: TargetRow[]) {
  return summaryOf(rows, rows.length);
}

/** A group's summary from metrics already summed per network over its `targets` targets. */
export function summaryOf(groups: readonly NetworkMetrics[], targets: number) {
  const m = sumMetrics(groups);
  const engagement = engagementOf(m);
  const rate = rateOf(rateGroups(groups));
  return {
    posts: targets,
    likes: m.likes,
    comments: m.comments,
    shares: m.shares,
    saves: m.saves,
    clicks: m.clicks,
    reach: m.reach,
    impressions: m.impressions,
    engagement,
    engagementRate: rate.rate,
    rateLeavesOut: rate.leftOut,
  };
}
export type Summary = ReturnType<typeof summary>;

/** Per account: `posts` counts that account's published targets (as every post count does). */
export function byAccount(rows: TargetRow[]): Record<string, Summary> {
  return Object.fromEntries([...groupBy(rows, (r) => r.accountId)].map(([id, list]) => [id, summary(list)]));
}

export function byPlatform(rows: TargetRow[]) {
  return platformSummaries(rows.map((r) => ({ ...r, targets: 1 })));
}

/** Per platform, from metrics already summed per group (e.g. per account, in SQL) over `targets` targets. */
export function platformSummaries(groups: Array<Metrics & { platform: Platform; targets: number }>) {
  return [...groupBy(groups, (g) => g.platform)]
    .map(([platform, list]) => ({
      platform,
      ...summaryOf(
        list,
        list.reduce((n, g) => n + g.targets, 0),
      ),
    }))
    .sort((a, b) => b.engagement - a.engagement || a.platform.localeCompare(b.platform));
}

/** The post with the most engagement over all its targets (ties: more reach, then earlier). */
export function topPost(rows: TargetRow[]) {
  const posts = [...groupBy(rows, (r) => r.postId)].map(([postId, list]) => {
    const s = summary(list);
    return {
      postId,
      content: list[0]!.content,
      platforms: [...new Set(list.map((r) => r.platform))],
      publishedAt: Math.min(...list.map((r) => r.publishedAt)),
      totalEngagement: s.engagement,
      avgEngagementRate: s.engagementRate,
      rateLeavesOut: s.rateLeavesOut,
      reach: s.reach,
      impressions: s.impressions,
      likes: s.likes,
      comments: s.comments,
      shares: s.shares,
    };
  });
  posts.sort((a, b) => b.totalEngagement - a.totalEngagement || b.reach - a.reach || a.publishedAt - b.publishedAt);
  return posts;
}

/** One content type's figures on one network: published targets and the sums of their metrics. */
export interface ContentSums {
  contentType: ContentType;
  platform: Platform;
  targets: number;
  impressions: number;
  reach: number;
  engagement: number;
}

/** Each target's figures under its content type (not yet merged). */
export const contentSums = (rows: TargetRow[]): ContentSums[] =>
  rows.map((r) => ({
    contentType: r.contentType,
    platform: r.platform,
    targets: 1,
    impressions: r.impressions,
    reach: r.reach,
    engagement: engagementOf(r),
  }));

type Performance = "high" | "average" | "low" | null;

/**
 * The Content tab from figures per type and network (merged here; types without published targets are left out).
 * Every type's rate has the overall rate's denominator, so the types compare. A type performs `high` at 20% above
 * the overall rate, `low` at 20% below, else `average`; `null` ("Not reported") when either rate is not reported
 * (ADR 008: no verdict on a rate nobody measured).
 */
export function contentTypeSummaries(sums: ContentSums[]) {
  const types = mergeByKey(sums, (s) => s.contentType);
  const overall = rateOf(types.flatMap((t) => t.groups));
  return types
    .map(({ key: type, groups, ...m }) => {
      const { rate, leftOut } = rateOf(groups, overall.basis);
      const base = overall.rate;
      const high = base && rate !== null && rate >= base * 1.2;
      const low = base && rate !== null && rate <= base * 0.8;
      const performance: Performance = rate === null || base === null ? null : high ? "high" : low ? "low" : "average";
      return {
        type,
        performance,
        count: m.targets,
        avgEngagement: round(m.engagement / m.targets),
        avgReach: round(m.reach / m.targets),
        engagementRate: rate,
        rateLeavesOut: leftOut,
      };
    })
    .sort((a, b) => CONTENT_TYPES.indexOf(a.type) - CONTENT_TYPES.indexOf(b.type));
}

export const contentTypes = (rows: TargetRow[]) => contentTypeSummaries(contentSums(rows));

export const normalizeTag = (tag: string) => tag.trim().replace(/^#+/, "").toLowerCase();

/** One tag's figures on one network: published targets of posts carrying it and the sums of their metrics. */
export interface TagSums {
  tag: string;
  platform: Platform;
  targets: number;
  impressions: number;
  reach: number;
  engagement: number;
}

type TaggedMetrics = Pick<
  TargetRow,
  "hashtags" | "platform" | "impressions" | "reach" | "likes" | "comments" | "shares"
>;

/** Each target's figures under each distinct tag of its post (not yet merged). */
export function tagSums(rows: TaggedMetrics[]): TagSums[] {
  return rows.flatMap((r) =>
    [...new Set(r.hashtags.map(normalizeTag).filter(Boolean))].map((tag) => ({
      tag,
      platform: r.platform,
      targets: 1,
      impressions: r.impressions,
      reach: r.reach,
      engagement: engagementOf(r),
    })),
  );
}

/**
 * The Hashtags tab from figures per tag and network, merged under the normalized tag (a rollup's SQL lower() folds
 * ASCII only, so "É" and "é" arrive apart); tags without published targets are left out. Engagement per reach counts
 * the posts of networks that report reach, and no impressions.
 */
export function hashtagSummaries(sums: TagSums[]) {
  return mergeByKey(sums, (s) => normalizeTag(s.tag))
    .map(({ key: tag, groups, ...m }) => {
      const { rate, leftOut } = rateOf(
        groups.map((g) => ({ ...g, impressions: 0 })),
        "reach",
      );
      return {
        tag: `#${tag}`,
        impressions: m.impressions,
        reach: m.reach,
        posts: m.targets,
        engagement: m.engagement,
        engagementToReach: rate,
        rateLeavesOut: leftOut,
      };
    })
    .sort((a, b) => b.engagement - a.engagement || a.tag.localeCompare(b.tag));
}

export const hashtags = (rows: TargetRow[]) => hashtagSummaries(tagSums(rows));

/** Published targets at one instant (or quarter-hour, from a rollup): how many and their engagement. */
export interface PublishSample {
  at: number;
  posts: number;
  engagement: number;
}

/** One sample per published target, measured or not (unmeasured ones with no engagement). */
export const publishSamples = (rows: TargetRow[]): PublishSample[] =>
  rows.map((r) => ({ at: r.publishedAt, posts: 1, engagement: engagementOf(r) }));

/**
 * Weekday × hour of publishing in the user's timezone, and each weekday's best hour (by engagement per post).
 * Samples may be quarter-hours: every timezone's offset is a whole number of quarter-hours, so one never straddles
 * a local hour.
 */
export function postingPatterns(samples: PublishSample[], timezone: string) {
  // Summed per hour of the week (weekday × 24 + hour) in flat arrays: a 30-day range brings ~15,000 samples.
  const postsAt = new Float64Array(7 * 24);
  const engagementAt = new Float64Array(7 * 24);
  const local = weekdayHourIn(timezone);
  for (const s of samples) {
    if (s.posts <= 0) continue;
    const { weekday, hour } = local(s.at);
    const cell = weekday * 24 + hour;
    postsAt[cell] = postsAt[cell]! + s.posts;
    engagementAt[cell] = engagementAt[cell]! + s.engagement;
  }
  const grid: Array<{ weekday: number; hour: number; posts: number; engagement: number; avgEngagement: number }> = [];
  postsAt.forEach((posts, cell) => {
    if (posts > 0)
      grid.push({
        weekday: Math.floor(cell / 24),
        hour: cell % 24,
        posts,
        engagement: engagementAt[cell]!,
        avgEngagement: round(engagementAt[cell]! / posts),
      });
  });
  const total = grid.reduce((s, c) => s + c.engagement, 0);
  const weekdays = WEEKDAYS.map((day, weekday) => {
    const own = grid.filter((c) => c.weekday === weekday);
    const best = [...own].sort((a, b) => b.avgEngagement - a.avgEngagement || a.hour - b.hour)[0];
    const engagement = own.reduce((s, c) => s + c.engagement, 0);
    return {
      day,
      weekday,
      bestHour: best?.hour ?? null,
      posts: own.reduce((s, c) => s + c.posts, 0),
      engagement,
      engagementPercent: total > 0 ? round((engagement / total) * 100, 1) : 0,
    };
  });
  return { timezone, grid, weekdays };
}

export interface SnapshotDelta {
  takenAt: number;
  likes: number;
  comments: number;
  shares: number;
}

/** Engagement received per local day: the growth between consecutive snapshots, filed under the later one's day. */
export function dailyTrends(deltas: SnapshotDelta[], start: number, end: number, timezone: string) {
  const days = new Map(
    daysBetween(start, end, timezone).map((d) => [d, { date: d, likes: 0, comments: 0, shares: 0, engagement: 0 }]),
  );
  for (const d of deltas) {
    const day = days.get(localParts(d.takenAt, timezone).day);
    if (!day) continue;
    day.likes += d.likes;
    day.comments += d.comments;
    day.shares += d.shares;
    day.engagement += d.likes + d.comments + d.shares;
  }
  return [...days.values()];
}

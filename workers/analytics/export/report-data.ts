import type { ReportKind } from "./formats";
import { topPost } from "../aggregate";
import type { Range } from "../period";
import type { AnalyticsService } from "../service";
import * as store from "../store";
import type { Db } from "../../db/client";

export type Cell = string | number | null;
export interface Table {
  /** Also the XLSX sheet name (the analytics tab). */
  name: string;
  columns: string[];
  rows: Cell[][];
}
export interface ReportData {
  title: string;
  subtitle: string;
  kpis: Table;
  /** The analytics tabs, in page order. */
  tabs: Table[];
  /** The table a CSV of this report contains. */
  primary: Table;
  /** The sections the PDF shows after the KPIs. */
  pdfSections: Table[];
}

export const REPORT_TITLES: Record<ReportKind, string> = {
  summary: "Summary Report",
  detailed: "Detailed Analytics",
  growth: "Growth Report",
  content: "Content Performance",
};

/** Everything a report shows, from the same service calls the API answers with. */
export async function buildReportData(db: Db, workspaceId: string, analytics: AnalyticsService, range: Range, kind: ReportKind): Promise<ReportData> {
  const [overview, trends, platforms, content, hashtags, patterns, growth, audience, targets] = await Promise.all([
    analytics.overview(range),
    analytics.engagementTrends(range),
    analytics.platformPerformance(range),
    analytics.contentPerformance(range),
    analytics.hashtagPerformance(range),
    analytics.postingPatterns(range),
    analytics.growth(range),
    analytics.audienceInsights(range.platforms),
    store.loadTargetRows(db, workspaceId, range),
  ]);
  const o = overview.overview;
  const kpis: Table = {
    name: "Overview",
    columns: ["metric", "value", "previous", "changePercent"],
    rows: [
      ["totalPosts", o.totalPosts, overview.previous.totalPosts, overview.changes.totalPosts],
      ["totalLikes", o.totalLikes, overview.previous.totalLikes, overview.changes.totalLikes],
      ["totalComments", o.totalComments, overview.previous.totalComments, overview.changes.totalComments],
      ["totalShares", o.totalShares, overview.previous.totalShares, overview.changes.totalShares],
      ["totalReach", o.totalReach, overview.previous.totalReach, overview.changes.totalReach],
      ["totalImpressions", o.totalImpressions, overview.previous.totalImpressions, overview.changes.totalImpressions],
      ["totalEngagement", o.totalEngagement, overview.previous.totalEngagement, overview.changes.totalEngagement],
      ["avgEngagementRate", o.avgEngagementRate, overview.previous.avgEngagementRate, overview.changes.avgEngagementRate],
      ["totalFollowers", overview.stats.totalFollowers, overview.stats.previousFollowers, overview.changes.totalFollowers],
    ],
  };
  const engagement: Table = { name: "Engagement", columns: ["date", "likes", "comments", "shares", "engagement"], rows: trends.trends.map((t) => [t.date, t.likes, t.comments, t.shares, t.engagement]) };
  const platformTable: Table = {
    name: "Platforms",
    columns: ["platform", "posts", "likes", "comments", "shares", "reach", "impressions", "engagement", "engagementRate"],
    rows: platforms.platforms.map((p) => [p.platform, p.posts, p.likes, p.comments, p.shares, p.reach, p.impressions, p.engagement, p.engagementRate]),
  };
  const contentTable: Table = {
    name: "Content",
    columns: ["type", "performance", "count", "avgEngagement", "avgReach", "engagementRate"],
    rows: content.contentTypes.map((t) => [t.type, t.performance, t.count, t.avgEngagement, t.avgReach, t.engagementRate]),
  };
  const growthPlatforms = growth.platforms.map((p) => p.platform);
  const growthTable: Table = {
    name: "Growth",
    columns: ["date", ...growthPlatforms],
    rows: growth.followers.map((f) => [f.date, ...growthPlatforms.map((p) => (f as Record<string, number | string>)[p] as number)]),
  };
  const hashtagTable: Table = {
    name: "Hashtags",
    columns: ["tag", "impressions", "reach", "posts", "engagement", "engagementToReach"],
    rows: hashtags.hashtags.map((h) => [h.tag, h.impressions, h.reach, h.posts, h.engagement, h.engagementToReach]),
  };
  const timing: Table = {
    name: "Timing",
    columns: ["day", "bestHour", "posts", "engagement", "engagementPercent"],
    rows: patterns.weekdays.map((w) => [w.day, w.bestHour, w.posts, w.engagement, w.engagementPercent]),
  };
  const audienceTable: Table = {
    name: "Audience",
    columns: ["account", "platform", "dimension", "value", "percentage"],
    rows: audience.accounts.flatMap((a) => [
      ...a.audience.age.map((x) => [a.accountId, a.platform, "age", x.range, x.percentage]),
      ...a.audience.gender.map((x) => [a.accountId, a.platform, "gender", x.type, x.percentage]),
      ...a.audience.locations.map((x) => [a.accountId, a.platform, "location", x.country, x.percentage]),
    ]),
  };
  const postsTable: Table = {
    name: "Posts",
    columns: ["publishedAt", "platform", "postId", "content", "impressions", "reach", "likes", "comments", "shares", "saves", "clicks", "engagement"],
    rows: targets.map((t) => [new Date(t.publishedAt).toISOString(), t.platform, t.postId, t.content.slice(0, 80), t.impressions, t.reach, t.likes, t.comments, t.shares, t.saves, t.clicks, t.likes + t.comments + t.shares]),
  };
  const topPosts: Table = {
    name: "Top posts",
    columns: ["content", "platforms", "engagement", "reach", "rate"],
    rows: topPost(targets).slice(0, 10).map((p) => [p.content.slice(0, 50), p.platforms.join(", "), p.totalEngagement, p.reach, p.avgEngagementRate]),
  };
  const byKind: Record<ReportKind, { primary: Table; pdf: Table[] }> = {
    summary: { primary: kpis, pdf: [platformTable, topPosts, engagement] },
    detailed: { primary: postsTable, pdf: [postsTable, topPosts, engagement, hashtagTable, timing] },
    growth: { primary: growthTable, pdf: [growthTable, engagement] },
    content: { primary: contentTable, pdf: [contentTable, hashtagTable, topPosts] },
  };
  return {
    title: REPORT_TITLES[kind],
    subtitle: `${overview.range.start.slice(0, 10)} to ${overview.range.end.slice(0, 10)} (${range.timezone})${range.platforms ? ` · ${range.platforms.join(", ")}` : ""}`,
    kpis,
    tabs: [kpis, engagement, audienceTable, contentTable, growthTable, hashtagTable, timing, platformTable, postsTable],
    primary: byKind[kind].primary,
    pdfSections: byKind[kind].pdf,
  };
}


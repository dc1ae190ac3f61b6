import type { Db } from "../../db/client";
import { InboxStore, inboxSheet } from "../../inbox";
import { clickDay, LinkService } from "../../links";
import type { Platform } from "../../platform-profile";
import type { People } from "../../tenancy/people";
import { CONTENT_TYPE_LABELS, RATE_NOT_REPORTED } from "../definitions";
import type { Range } from "../period";
import { loadTargetRows } from "../post-reads";
import type { AnalyticsService } from "../service";
import type { ReportKind } from "./formats";
import { platformName } from "./network-names";
import { localTime, POSTS_SHEET_LIMIT, postsTable } from "./posts-sheet";

export type Cell = string | number | null;
export interface Table {
  /** Also the XLSX sheet name and the PDF section heading. */
  name: string;
  /** Headers in words, as a reader of the file sees them. */
  columns: string[];
  rows: Cell[][];
}
export interface ReportData {
  title: string;
  /** The report's own tables in order: XLSX sheets, PDF sections (the first on the title page). */
  sheets: Table[];
  /** The one table a CSV of this report holds. */
  csv: Table;
}

export const REPORT_TITLES: Record<ReportKind, string> = {
  summary: "Summary Report",
  detailed: "Detailed Analytics",
  growth: "Growth Report",
  content: "Content Performance",
};

/** An engagement rate's cell: the words, not an empty cell a reader could take for 0, when it is not reported. */
const rate = (r: number | null): Cell => r ?? RATE_NOT_REPORTED;
const networks = (ps: Platform[]) => ps.map(platformName).join(", ") || null;

const hour = (h: number | null) => (h === null ? null : `${String(h).padStart(2, "0")}:00`);

/** What every table reads from: the workspace's service and period, with the overview and growth read once. */
interface Sources {
  db: Db;
  /** Members' names, from the directory (ADR 081). */
  people: Pick<People, "byIds">;
  workspaceId: string;
  analytics: AnalyticsService;
  range: Range;
  overview: () => ReturnType<AnalyticsService["overview"]>;
  growth: () => ReturnType<AnalyticsService["growth"]>;
}

/** The tables of how posts performed: overview, engagement, platforms, content types, posts and top posts. */
const performanceTables = (s: Sources) => ({
  overview: async (): Promise<Table> => {
    const o = await s.overview();
    const row = (
      label: string,
      key: Exclude<keyof typeof o.overview & keyof typeof o.changes, "avgEngagementRate">,
    ): Cell[] => [label, o.overview[key], o.previous[key], o.changes[key]];
    return {
      name: "Overview",
      columns: ["Metric", "This period", "Previous period", "Change (%)"],
      rows: [
        row("Total posts", "totalPosts"),
        row("Total likes", "totalLikes"),
        row("Total comments", "totalComments"),
        row("Total shares", "totalShares"),
        row("Total reach", "totalReach"),
        row("Total impressions", "totalImpressions"),
        row("Total engagement", "totalEngagement"),
        [
          "Engagement rate (%)",
          rate(o.overview.avgEngagementRate),
          rate(o.previous.avgEngagementRate),
          o.changes.avgEngagementRate,
        ],
        ...(o.overview.rateLeavesOut.length || o.previous.rateLeavesOut.length
          ? [
              [
                "Left out of the engagement rate (no reach or impressions reported)",
                networks(o.overview.rateLeavesOut),
                networks(o.previous.rateLeavesOut),
                null,
              ],
            ]
          : []),
        ["Total followers", o.stats.totalFollowers, o.stats.previousFollowers, o.changes.totalFollowers],
      ],
    };
  },
  engagement: async (): Promise<Table> => ({
    name: "Engagement",
    columns: ["Date", "Likes", "Comments", "Shares", "Engagement"],
    rows: (await s.analytics.engagementTrends(s.range)).trends.map((t) => [
      t.date,
      t.likes,
      t.comments,
      t.shares,
      t.engagement,
    ]),
  }),
  platforms: async (): Promise<Table> => ({
    name: "Platforms",
    columns: [
      "Platform",
      "Posts",
      "Likes",
      "Comments",
      "Shares",
      "Reach",
      "Impressions",
      "Engagement",
      "Engagement rate (%)",
    ],
    rows: (await s.analytics.platformPerformance(s.range)).platforms.map((p) => [
      platformName(p.platform),
      p.posts,
      p.likes,
      p.comments,
      p.shares,
      p.reach,
      p.impressions,
      p.engagement,
      rate(p.engagementRate),
    ]),
  }),
  content: async (): Promise<Table> => ({
    name: "Content types",
    columns: ["Content type", "Performance", "Posts", "Avg engagement", "Avg reach", "Engagement rate (%)"],
    rows: (await s.analytics.contentPerformance(s.range)).contentTypes.map((t) => [
      CONTENT_TYPE_LABELS[t.type],
      t.performance ?? "Not reported",
      t.count,
      t.avgEngagement,
      t.avgReach,
      rate(t.engagementRate),
    ]),
  }),
  posts: async (): Promise<Table> =>
    postsTable(
      await loadTargetRows(s.db, s.workspaceId, s.range, undefined, { newest: POSTS_SHEET_LIMIT + 1 }),
      s.range.timezone,
    ),
  /** Short links per channel and link, then the link-in-bio page's items (ADR 087): clicks per UTC day. */
  linkClicks: async (): Promise<Table> => {
    const { range } = s;
    const clicks = await new LinkService(s.db, () => range.end).clicks(s.workspaceId, {
      from: clickDay(range.start),
      to: clickDay(range.end - 1),
      platforms: range.platforms,
    });
    return {
      name: "Link clicks",
      columns: ["Source", "Post", "Link", "Clicks"],
      rows: [
        ...clicks.links.map((l) => [platformName(l.platform), (l.postText ?? "").slice(0, 50), l.original, l.clicks]),
        ...clicks.bio.items.map((b) => ["Link in bio", b.postId ? b.label : null, b.postId ? null : b.label, b.clicks]),
      ],
    };
  },
  topPosts: async (): Promise<Table> => ({
    name: "Top posts",
    columns: ["Post", "Platforms", "Engagement", "Reach", "Engagement rate (%)"],
    rows: (await s.analytics.topPosts(s.range, 10)).map((p) => [
      p.content.slice(0, 50),
      p.platforms.map(platformName).join(", "),
      p.totalEngagement,
      p.reach,
      rate(p.avgEngagementRate),
    ]),
  }),
});

/** The tables of the audience and when it engages: growth, followers per day, hashtags, timing, audience. */
const audienceTables = (s: Sources) => ({
  growth: async (): Promise<Table> => ({
    name: "Growth",
    columns: ["Platform", "Followers at start", "Followers at end", "Net growth", "Growth rate (%)", "Measured since"],
    rows: (await s.growth()).platforms.map((p) => [
      platformName(p.platform),
      p.start,
      p.end,
      p.netGrowth,
      p.growthRate,
      localTime(Date.parse(p.since), s.range.timezone),
    ]),
  }),
  followers: async (): Promise<Table> => {
    const g = await s.growth();
    const platforms = g.platforms.map((p) => p.platform);
    return {
      name: "Followers per day",
      columns: ["Date", ...platforms.map(platformName)],
      rows: g.followers.map((f) => [f.date, ...platforms.map((p) => f[p] ?? null)]),
    };
  },
  hashtags: async (): Promise<Table> => ({
    name: "Hashtags",
    columns: ["Hashtag", "Impressions", "Reach", "Posts", "Engagement", "Engagement per reach (%)"],
    rows: (await s.analytics.hashtagPerformance(s.range)).hashtags.map((h) => [
      h.tag,
      h.impressions,
      h.reach,
      h.posts,
      h.engagement,
      rate(h.engagementToReach),
    ]),
  }),
  timing: async (): Promise<Table> => ({
    name: "Timing",
    columns: ["Day", "Best hour", "Posts", "Engagement", "Share of engagement (%)"],
    rows: (await s.analytics.postingPatterns(s.range)).weekdays.map((w) => [
      w.day,
      hour(w.bestHour),
      w.posts,
      w.engagement,
      w.engagementPercent,
    ]),
  }),
  inbox: (): Promise<Table> => inboxSheet(new InboxStore(s.db), s.people, s.workspaceId, s.range.start, s.range.end),
  audience: async (): Promise<Table> => ({
    name: "Audience",
    columns: ["Account", "Platform", "Dimension", "Value", "Share (%)"],
    rows: (await s.analytics.audienceInsights(s.range.platforms)).accounts.flatMap((a) => {
      const who = `@${a.username.replace(/^@+/, "")}`;
      return [
        ...a.audience.age.map((x) => [who, platformName(a.platform), "Age", x.range, x.percentage]),
        ...a.audience.gender.map((x) => [who, platformName(a.platform), "Gender", x.type, x.percentage]),
        ...a.audience.locations.map((x) => [who, platformName(a.platform), "Location", x.country, x.percentage]),
      ];
    }),
  }),
});

type Name = keyof ReturnType<typeof performanceTables> | keyof ReturnType<typeof audienceTables>;
const KINDS: Record<ReportKind, { sheets: Name[]; csv: Name }> = {
  summary: { sheets: ["overview", "platforms", "topPosts", "engagement"], csv: "overview" },
  detailed: {
    sheets: [
      "overview",
      "engagement",
      "audience",
      "content",
      "growth",
      "followers",
      "hashtags",
      "timing",
      "platforms",
      "inbox",
      "posts",
      "linkClicks",
    ],
    csv: "posts",
  },
  growth: { sheets: ["growth", "followers"], csv: "followers" },
  content: { sheets: ["content", "hashtags", "topPosts", "posts", "linkClicks"], csv: "content" },
};

/** Builds a report's tables from the same service calls the API answers with; each kind asks only for what it shows. */
export async function buildReportData(
  db: Db,
  people: Pick<People, "byIds">,
  workspaceId: string,
  analytics: AnalyticsService,
  range: Range,
  kind: ReportKind,
): Promise<ReportData> {
  const once = <T>(load: () => Promise<T>) => {
    let p: Promise<T> | undefined;
    return () => (p ??= load());
  };
  const overview = once(() => analytics.overview(range));
  const growth = once(() => analytics.growth(range));

  const s: Sources = { db, people, workspaceId, analytics, range, overview, growth };
  const tables = { ...performanceTables(s), ...audienceTables(s) };
  const sheets = await Promise.all(KINDS[kind].sheets.map((n) => tables[n]()));
  const csv = sheets[KINDS[kind].sheets.indexOf(KINDS[kind].csv)]!;
  return {
    title: REPORT_TITLES[kind],
    sheets,
    csv,
  };
}

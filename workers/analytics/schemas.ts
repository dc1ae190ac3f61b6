import { z } from "zod";
import { REPORT_FORMATS, REPORT_KINDS } from "../db/schema/analytics";
import { PLATFORMS } from "../platform-profile";
import { CONTENT_TYPES } from "./aggregate";

/** Response shapes of the analytics API; the handlers build these and the OpenAPI document shows them. */

const platform = z.enum(PLATFORMS);
const iso = z.string().meta({ description: "ISO 8601 instant", example: "2026-01-05T12:00:00.000Z" });
/** Every engagement rate: the rule is rate.ts's, the words here are what an API reader needs of it. */
const rate = z.number().nullable().meta({
  description:
    "Percent, 2 decimals: engagement / reach × 100, or / impressions when no network in the figure reports reach. Posts whose network does not report that denominator (Bluesky and Mastodon report neither, TikTok no reach) are left out of it (see rateLeavesOut); null when no post in the figure has it, i.e. not reported rather than 0.",
});
const rateLeavesOut = z.array(platform).meta({
  description: "Networks in the figure whose posts the engagement rate leaves out: they do not report its denominator",
});
const change = z
  .number()
  .nullable()
  .meta({ description: "Change vs the previous equal period in percent; null when the previous period had none" });

export const RangeInfo = z.object({
  period: z.string(),
  start: iso,
  end: iso,
  timezone: z.string(),
  platforms: z.array(platform).nullable(),
});

export const Overview = z.object({
  totalPosts: z.number(),
  totalLikes: z.number(),
  totalComments: z.number(),
  totalShares: z.number(),
  totalSaves: z.number(),
  totalClicks: z.number(),
  totalReach: z.number(),
  totalImpressions: z.number(),
  totalVideoViews: z.number(),
  totalEngagement: z.number(),
  avgEngagementRate: rate,
  rateLeavesOut,
});

const Summary = z.object({
  posts: z.number(),
  likes: z.number(),
  comments: z.number(),
  shares: z.number(),
  saves: z.number(),
  clicks: z.number(),
  reach: z.number(),
  impressions: z.number(),
  engagement: z.number(),
  engagementRate: rate,
  rateLeavesOut,
});

export const TopPost = z.object({
  postId: z.string(),
  content: z.string(),
  platforms: z.array(platform),
  publishedAt: iso,
  totalEngagement: z.number(),
  avgEngagementRate: rate,
  rateLeavesOut,
  reach: z.number(),
  impressions: z.number(),
  likes: z.number(),
  comments: z.number(),
  shares: z.number(),
});

export const AccountCard = Summary.extend({
  accountId: z.string(),
  platform,
  username: z.string(),
  displayName: z.string(),
  followers: z.number(),
});

export const OverviewData = z.object({
  range: RangeInfo,
  overview: Overview,
  previous: Overview,
  changes: z.object({
    totalPosts: change,
    totalLikes: change,
    totalComments: change,
    totalShares: change,
    totalReach: change,
    totalImpressions: change,
    totalEngagement: change,
    avgEngagementRate: change,
    totalFollowers: change,
  }),
  stats: z.object({ totalFollowers: z.number(), previousFollowers: z.number() }),
  accounts: z.record(z.string(), AccountCard).meta({ description: "Per-account metrics keyed by account id" }),
  topPerformingPost: TopPost.nullable(),
  lastSyncedAt: iso.nullable(),
});

export const Trend = z.object({
  date: z.string(),
  likes: z.number(),
  comments: z.number(),
  shares: z.number(),
  engagement: z.number(),
});
export const TrendsData = z.object({
  range: RangeInfo,
  trends: z.array(Trend).meta({ description: "Engagement received per local day (growth between snapshots)" }),
  totals: z.object({ likes: z.number(), comments: z.number(), shares: z.number(), engagement: z.number() }),
});

export const PlatformPerformanceData = z.object({ range: RangeInfo, platforms: z.array(Summary.extend({ platform })) });

export const ContentPerformanceData = z.object({
  range: RangeInfo,
  contentTypes: z.array(
    z.object({
      type: z.enum(CONTENT_TYPES),
      performance: z
        .enum(["high", "average", "low"])
        .nullable()
        .describe("Against the overall rate: 20% above is high, 20% below low; null when either rate is not reported"),
      count: z.number(),
      avgEngagement: z.number(),
      avgReach: z.number(),
      engagementRate: rate,
      rateLeavesOut,
    }),
  ),
  note: z.string(),
});

export const HashtagData = z.object({
  range: RangeInfo,
  hashtags: z.array(
    z.object({
      tag: z.string(),
      impressions: z.number(),
      reach: z.number(),
      posts: z.number(),
      engagement: z.number(),
      engagementToReach: rate.meta({
        description:
          "Percent, 2 decimals: engagement / reach × 100 over the posts whose network reports reach (see rateLeavesOut); null when none does",
      }),
      rateLeavesOut,
    }),
  ),
});

export const PostingPatternsData = z.object({
  range: RangeInfo,
  timezone: z.string(),
  grid: z.array(
    z.object({
      weekday: z.number(),
      hour: z.number(),
      posts: z.number(),
      engagement: z.number(),
      avgEngagement: z.number(),
    }),
  ),
  weekdays: z.array(
    z.object({
      day: z.string(),
      weekday: z.number(),
      bestHour: z.number().nullable(),
      posts: z.number(),
      engagement: z.number(),
      engagementPercent: z.number(),
    }),
  ),
});

export const BestTimesData = z.object({
  source: z.enum(["computed", "suggested"]),
  label: z.string(),
  timezone: z.string(),
  postsAnalyzed: z.number(),
  postsNeeded: z.number().meta({
    description:
      "More published posts with metrics needed before the times are computed from the user's own data (0 once computed)",
  }),
  hours: z.array(z.number()).meta({ description: "Hours (0-23, user's timezone) to offer in the composer" }),
  times: z.array(
    z.object({ weekday: z.number(), day: z.string(), hour: z.number(), posts: z.number(), avgEngagement: z.number() }),
  ),
});

const Audience = z.object({
  age: z.array(z.object({ range: z.string(), percentage: z.number() })),
  gender: z.array(z.object({ type: z.string(), percentage: z.number() })),
  locations: z.array(z.object({ country: z.string(), percentage: z.number() })),
  activeHours: z.array(z.object({ hour: z.number(), activity: z.number() })),
});
export const AudienceData = z.object({
  accounts: z.array(
    z.object({
      accountId: z.string(),
      platform,
      username: z.string(),
      displayName: z.string(),
      takenAt: iso,
      audience: Audience,
    }),
  ),
});

export const PlatformConnectionsData = z.object({
  total: z.number(),
  platforms: z.array(z.object({ platform, connected: z.number(), needsReconnect: z.number(), followers: z.number() })),
});

export const UserBehaviorData = z.object({
  range: RangeInfo,
  totalPageViews: z.number(),
  paths: z.array(z.object({ path: z.string(), views: z.number() })),
  daily: z.array(z.object({ date: z.string(), views: z.number() })),
});

export const AiUsageData = z.object({
  range: RangeInfo,
  totalRequests: z.number(),
  successfulRequests: z.number(),
  byFeature: z.array(
    z.object({ feature: z.string(), requests: z.number(), successful: z.number(), tokens: z.number() }),
  ),
  daily: z.array(z.object({ date: z.string(), requests: z.number() })),
});

export const GrowthData = z.object({
  range: RangeInfo,
  followers: z.array(z.object({ date: z.string() }).catchall(z.number().nullable())).meta({
    description: "Followers per local day and platform; null before we first measured any of the platform's accounts",
  }),
  platforms: z.array(
    z.object({
      platform,
      start: z
        .number()
        .meta({ description: "Followers at the period's start, or at our first snapshot when tracking began later" }),
      end: z.number(),
      netGrowth: z.number(),
      growthRate: z.number().nullable(),
      unfollowRate: z.null(),
      since: iso.meta({
        description: "Growth is measured since this instant: the period's start, or when we started tracking",
      }),
    }),
  ),
  growthRate: z.number().nullable(),
  since: iso
    .nullable()
    .meta({ description: "The latest instant any account's growth is measured from; null without any measurement" }),
  unfollowRate: z.null().meta({ description: "The platform clients give no unfollow counts" }),
});

export const PostAnalyticsData = z.object({
  analytics: z.object({
    postId: z.string(),
    lastSyncedAt: iso
      .nullable()
      .meta({ description: "The latest snapshot of any of the post's channels; null before the first sync" }),
    engagementBreakdown: z.object({
      likes: z.number(),
      comments: z.number(),
      shares: z.number(),
      saves: z.number(),
      clicks: z.number(),
    }),
    totalEngagement: z.number(),
    reach: z.number(),
    impressions: z.number(),
    avgEngagementRate: rate,
    rateLeavesOut,
    platformPerformance: z.array(
      Summary.extend({ platform, accountId: z.string(), targetId: z.string(), syncedAt: iso.nullable() }),
    ),
    bestPerformingPlatform: platform.nullable(),
    timeline: z.array(Trend),
  }),
  comments: z.array(z.object({ id: z.string(), platform, author: z.string(), text: z.string(), createdAt: iso })),
});

export const AccountAnalyticsData = z.object({
  range: RangeInfo,
  account: AccountCard,
  followers: z.object({ current: z.number(), previous: z.number(), change }),
  history: z.array(
    z.object({
      takenAt: iso,
      followers: z.number(),
      reach: z.number().nullable(),
      impressions: z.number().nullable(),
      profileViews: z.number().nullable(),
    }),
  ),
});

export const SyncData = z.object({
  platformsSynced: z.number(),
  platforms: z.array(
    z.object({ platform, accounts: z.number(), postsSynced: z.number(), commentsSynced: z.number(), ok: z.boolean() }),
  ),
  failures: z.array(
    z.object({
      platform,
      accountId: z.string(),
      targetId: z.string().optional(),
      kind: z.enum(["retryable", "auth", "permanent"]),
      message: z.string(),
    }),
  ),
});

export const RollupRebuildData = z.object({
  metricDays: z.number().int().meta({ description: "Rows of the per-account daily metrics rollup after the rebuild" }),
  engagementDays: z
    .number()
    .int()
    .meta({ description: "Rows of the per-platform daily engagement rollup after the rebuild" }),
});

export const syncAllQuery = z.object({
  days: z.coerce
    .number({ error: "days must be a whole number between 1 and 365." })
    .int("days must be a whole number between 1 and 365.")
    .min(1, "days must be a whole number between 1 and 365.")
    .max(365, "days must be a whole number between 1 and 365.")
    .default(7),
});

export const bestTimesQuery = z.object({
  platform: z.enum(PLATFORMS, { error: `platform must be one of ${PLATFORMS.join(", ")}.` }).optional(),
});

export const exportQuery = z.object({
  format: z.enum(REPORT_FORMATS, { error: "format must be csv, xlsx or pdf." }).default("pdf"),
  report: z.enum(REPORT_KINDS, { error: "report must be summary, detailed, growth or content." }).default("summary"),
  /** `inline`: shown in the browser (the Reports tab's preview) rather than saved. */
  view: z.enum(["inline", "download"], { error: "view must be inline or download." }).default("download"),
});

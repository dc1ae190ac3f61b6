import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { PLATFORMS } from "../../platform-profile";
import { ms } from "./columns";

// The analytics rollups (ADR 023, ADR 039): daily and weekly tables kept by the triggers of
// workers/analytics/rollups.sql, so a tab reads whole days and weeks without the snapshots.

/** A day's quarter-hours: every timezone's midnight falls on one, so any local day sums whole slots. */
export const SLOTS_PER_DAY = 96;
const zeroSlots = sql.raw(`'[${Array(SLOTS_PER_DAY).fill(0).join(",")}]'`);
/** An epoch-aligned UTC week's quarter-hours (the weekly rollups' weeks). */
const zeroWeekSlots = sql.raw(
  `'[${Array(7 * SLOTS_PER_DAY)
    .fill(0)
    .join(",")}]'`,
);
const metric = (name: string) => integer(name).notNull().default(0);
/** An account rollup's figures: published targets and the sum of their current metrics. */
const accountMetrics = () => ({
  targets: metric("targets"),
  impressions: metric("impressions"),
  reach: metric("reach"),
  likes: metric("likes"),
  comments: metric("comments"),
  shares: metric("shares"),
  saves: metric("saves"),
  clicks: metric("clicks"),
  videoViews: metric("video_views"),
});

/**
 * Rollup (ADR 023): per account and UTC day of publishing, the published targets and the sum of their
 * current metrics (post_metrics_current). Kept by triggers (migration 0016) in the statement that changes a
 * target or its current snapshot, so it is always what `rebuildRollups` would compute from scratch.
 */
export const postMetricsDaily = sqliteTable(
  "post_metrics_daily",
  {
    workspaceId: text("workspace_id").notNull(),
    /** UTC midnight of the targets' `published_at`. */
    day: ms("day").notNull(),
    accountId: text("account_id").notNull(),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    ...accountMetrics(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day, t.accountId] })],
);

/**
 * Rollup (ADR 023): post_metrics_daily per UTC hour of publishing, kept by the same triggers' hourly twins, so a
 * period's partial days at its edges read their whole hours here and per target only the hour each edge cuts.
 */
export const postMetricsHourly = sqliteTable(
  "post_metrics_hourly",
  {
    workspaceId: text("workspace_id").notNull(),
    /** The UTC hour (epoch-aligned, published_at − published_at mod 1 h) of the targets' `published_at`. */
    hour: ms("hour").notNull(),
    accountId: text("account_id").notNull(),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    ...accountMetrics(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.hour, t.accountId] })],
);

/**
 * Rollup (ADR 023): likes, comments and shares received (the snapshots' deltas) per platform and UTC day,
 * as JSON arrays of the day's 96 quarter-hours by `taken_at`. Kept by triggers on the snapshots' deltas;
 * the retention job deletes old snapshots without taking their growth out of it.
 */
export const postEngagementDaily = sqliteTable(
  "post_engagement_daily",
  {
    workspaceId: text("workspace_id").notNull(),
    day: ms("day").notNull(),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    likes: text("likes").notNull().default(zeroSlots),
    comments: text("comments").notNull().default(zeroSlots),
    shares: text("shares").notNull().default(zeroSlots),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day, t.platform] })],
);

/**
 * post_engagement_daily with every platform together (ADR 135): per UTC day, the 96 quarter-hours of likes, comments
 * and shares. The trends tab without a platform filter reads one row a day here instead of one per platform. Kept by
 * the same triggers, with the same retention rule.
 */
export const postEngagementDailyTotal = sqliteTable(
  "post_engagement_daily_total",
  {
    workspaceId: text("workspace_id").notNull(),
    day: ms("day").notNull(),
    likes: text("likes").notNull().default(zeroSlots),
    comments: text("comments").notNull().default(zeroSlots),
    shares: text("shares").notNull().default(zeroSlots),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day] })],
);

/**
 * Rollup (ADR 023) for best times: per platform and UTC day of publishing, the targets with current metrics
 * and their engagement (likes + comments + shares) as JSON arrays of the day's 96 quarter-hours by
 * `published_at`. Quarter-hours, not hours of the week, so any timezone (DST, half-hour offsets) maps them
 * exactly to local hours. Kept by triggers on post_metrics_current like post_metrics_daily.
 */
export const postBestTimesDaily = sqliteTable(
  "post_best_times_daily",
  {
    workspaceId: text("workspace_id").notNull(),
    day: ms("day").notNull(),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    posts: text("posts").notNull().default(zeroSlots),
    engagement: text("engagement").notNull().default(zeroSlots),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day, t.platform] })],
);

/**
 * post_best_times_daily per epoch-aligned UTC week (week = day − day mod 7 days): JSON arrays of the week's 672
 * quarter-hours, so best times reads ~52 rows per platform a year instead of 365. Kept by triggers on
 * post_metrics_current beside the daily ones (migration 0033).
 */
export const postBestTimesWeekly = sqliteTable(
  "post_best_times_weekly",
  {
    workspaceId: text("workspace_id").notNull(),
    week: ms("week").notNull(),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    posts: text("posts").notNull().default(zeroWeekSlots),
    engagement: text("engagement").notNull().default(zeroWeekSlots),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.week, t.platform] })],
);

/**
 * How often a workspace's post_best_times_weekly rows changed: bumped by their triggers (rollups.sql), so a best-times
 * answer computed at a version is current while the version is (ADR 116).
 */
export const bestTimesVersions = sqliteTable("best_times_versions", {
  workspaceId: text("workspace_id").primaryKey(),
  version: integer("version").notNull().default(0),
});

/**
 * How often a workspace's post_metrics_post_daily rows changed: bumped by their triggers (rollups.sql), so a top post
 * found at a version is still the top post while the version is and its targets stay in the period (ADR 136).
 */
export const topPostVersions = sqliteTable("top_post_versions", {
  workspaceId: text("workspace_id").primaryKey(),
  version: integer("version").notNull().default(0),
});

/**
 * Rollup (ADR 023): per post and UTC day of publishing, its targets published that day and the engagement
 * (likes + comments + shares) and reach of their current metrics, so the overview finds its top post with
 * one index seek per day. `split` marks a post whose targets went out on more than one UTC day (its days
 * are summed exactly at read time). Kept by triggers like post_metrics_daily.
 */
export const postMetricsPostDaily = sqliteTable(
  "post_metrics_post_daily",
  {
    workspaceId: text("workspace_id").notNull(),
    postId: text("post_id").notNull(),
    day: ms("day").notNull(),
    targets: metric("targets"),
    engagement: metric("engagement"),
    reach: metric("reach"),
    split: integer("split").notNull().default(0),
    /** The earliest of those targets' publish times: the ranking's tie-break, so each day has one top row. */
    firstPublishedAt: ms("first_published_at"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.postId, t.day] }),
    index("post_metrics_post_daily_top_idx").on(
      t.workspaceId,
      t.day,
      sql`${t.engagement} desc`,
      sql`${t.reach} desc`,
      t.firstPublishedAt,
    ),
    index("post_metrics_post_daily_split_idx").on(t.workspaceId, t.day).where(sql`split = 1`),
  ],
);

/**
 * Rollup (ADR 023): post_metrics_daily summed per UTC week (`week` = day − day mod 7 days, epoch-aligned), so a
 * long period reads a row per account and week instead of per day. Kept by triggers on post_metrics_daily.
 */
export const postMetricsWeekly = sqliteTable(
  "post_metrics_weekly",
  {
    workspaceId: text("workspace_id").notNull(),
    week: ms("week").notNull(),
    accountId: text("account_id").notNull(),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    ...accountMetrics(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.week, t.accountId] })],
);

/**
 * Rollup (ADR 023): post_metrics_post_daily per UTC week, so the top post takes one seek per whole week of a
 * period. `first_published_at` is the earliest of the week's days. Kept by triggers on post_metrics_post_daily
 * that recompute the week's row from its (at most seven) days.
 */
export const postMetricsPostWeekly = sqliteTable(
  "post_metrics_post_weekly",
  {
    workspaceId: text("workspace_id").notNull(),
    postId: text("post_id").notNull(),
    week: ms("week").notNull(),
    targets: metric("targets"),
    engagement: metric("engagement"),
    reach: metric("reach"),
    firstPublishedAt: ms("first_published_at"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.postId, t.week] }),
    index("post_metrics_post_weekly_top_idx").on(
      t.workspaceId,
      t.week,
      sql`${t.engagement} desc`,
      sql`${t.reach} desc`,
      t.firstPublishedAt,
    ),
  ],
);

/**
 * Rollup (ADR 023) for the top post under a platform filter: post_metrics_post_daily with the platform in the
 * key. `split` marks a post whose targets on that platform went out on more than one UTC day, `multi` one
 * published on more than one platform (under a filter of several platforms its cells add up). Kept by triggers
 * on post_targets and post_metrics_current like post_metrics_post_daily.
 */
export const postPlatformDaily = sqliteTable(
  "post_platform_daily",
  {
    workspaceId: text("workspace_id").notNull(),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    postId: text("post_id").notNull(),
    day: ms("day").notNull(),
    targets: metric("targets"),
    engagement: metric("engagement"),
    reach: metric("reach"),
    split: integer("split").notNull().default(0),
    multi: integer("multi").notNull().default(0),
    firstPublishedAt: ms("first_published_at"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.platform, t.postId, t.day] }),
    index("post_platform_daily_top_idx").on(
      t.workspaceId,
      t.platform,
      t.day,
      sql`${t.engagement} desc`,
      sql`${t.reach} desc`,
      t.firstPublishedAt,
    ),
    index("post_platform_daily_split_idx").on(t.workspaceId, t.platform, t.day).where(sql`split = 1`),
    index("post_platform_daily_multi_idx").on(t.workspaceId, t.platform, t.day).where(sql`multi = 1`),
    // A post's rows on every platform, which its targets' triggers update together (`multi` spans platforms):
    // by the primary key alone (platform before post) that read every row of the workspace (migration 0032).
    index("post_platform_daily_post_idx").on(t.workspaceId, t.postId),
  ],
);

/** post_platform_daily per UTC week, kept from it by triggers like post_metrics_post_weekly. */
export const postPlatformWeekly = sqliteTable(
  "post_platform_weekly",
  {
    workspaceId: text("workspace_id").notNull(),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    postId: text("post_id").notNull(),
    week: ms("week").notNull(),
    targets: metric("targets"),
    engagement: metric("engagement"),
    reach: metric("reach"),
    firstPublishedAt: ms("first_published_at"),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.platform, t.postId, t.week] }),
    index("post_platform_weekly_top_idx").on(
      t.workspaceId,
      t.platform,
      t.week,
      sql`${t.engagement} desc`,
      sql`${t.reach} desc`,
      t.firstPublishedAt,
    ),
  ],
);

/**
 * Rollup (ADR 023, 039): per UTC day of publishing, platform and hashtag (normalized as the Hashtags tab does:
 * trimmed, without leading #, lower case), the published targets of posts carrying the tag and the impressions,
 * reach and engagement of their current metrics. Kept by triggers on post_targets, post_metrics_current and
 * posts' hashtag edits and deletes (migration 0028).
 */
export const postHashtagDaily = sqliteTable(
  "post_hashtag_daily",
  {
    workspaceId: text("workspace_id").notNull(),
    day: ms("day").notNull(),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    tag: text("tag").notNull(),
    targets: metric("targets"),
    impressions: metric("impressions"),
    reach: metric("reach"),
    engagement: metric("engagement"),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day, t.platform, t.tag] })],
);

/** post_hashtag_daily per epoch-aligned UTC week, kept from it by triggers like post_metrics_weekly (a year: 52 rows + 12 days per key). */
export const postHashtagWeekly = sqliteTable(
  "post_hashtag_weekly",
  {
    workspaceId: text("workspace_id").notNull(),
    week: ms("week").notNull(),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    tag: text("tag").notNull(),
    targets: metric("targets"),
    impressions: metric("impressions"),
    reach: metric("reach"),
    engagement: metric("engagement"),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.week, t.platform, t.tag] })],
);

/**
 * Rollup (ADR 023): per UTC day of publishing, platform and content type (from the post's media, as
 * content-type.ts derives it), the published targets and the impressions, reach and engagement of their current
 * metrics. Kept by triggers on post_targets, post_metrics_current, post_media and media (migration 0030):
 * attaching or removing media moves the post's figures between types.
 */
export const postContentDaily = sqliteTable(
  "post_content_daily",
  {
    workspaceId: text("workspace_id").notNull(),
    day: ms("day").notNull(),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    contentType: text("content_type").notNull(),
    targets: metric("targets"),
    impressions: metric("impressions"),
    reach: metric("reach"),
    engagement: metric("engagement"),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day, t.platform, t.contentType] })],
);

/** post_content_daily per epoch-aligned UTC week, kept from it by triggers like post_hashtag_weekly. */
export const postContentWeekly = sqliteTable(
  "post_content_weekly",
  {
    workspaceId: text("workspace_id").notNull(),
    week: ms("week").notNull(),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    contentType: text("content_type").notNull(),
    targets: metric("targets"),
    impressions: metric("impressions"),
    reach: metric("reach"),
    engagement: metric("engagement"),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.week, t.platform, t.contentType] })],
);

/**
 * Rollup (ADR 023) for posting patterns: per platform and UTC day of publishing, every published target (measured
 * or not) as a JSON array of the day's 96 quarter-hours by `published_at`; their engagement is
 * post_best_times_daily's. Kept by triggers on post_targets (migration 0030).
 */
export const postPublishedDaily = sqliteTable(
  "post_published_daily",
  {
    workspaceId: text("workspace_id").notNull(),
    day: ms("day").notNull(),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    targets: text("targets").notNull().default(zeroSlots),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day, t.platform] })],
);

/**
 * post_published_daily's targets and post_best_times_daily's engagement per UTC day, every platform together (ADR
 * 137): the posting patterns tab without a filter reads one row a day here. Kept by those tables' triggers.
 */
export const postPublishedDailyTotal = sqliteTable(
  "post_published_daily_total",
  {
    workspaceId: text("workspace_id").notNull(),
    day: ms("day").notNull(),
    targets: text("targets").notNull().default(zeroSlots),
    engagement: text("engagement").notNull().default(zeroSlots),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day] })],
);

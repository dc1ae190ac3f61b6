import { tzOffset } from "@date-fns/tz";
import { type SQL, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../db/client";
import {
  accountMetricSnapshots,
  audienceSnapshots,
  connectedAccounts,
  postMedia,
  postMetricSnapshots,
  posts,
  postTargets,
  syncedComments,
} from "../db/schema/index";
import { registerUser } from "../test/helpers";
import { drizzleOf, insertPlaced } from "../test/shards";
import {
  recomputedContent,
  recomputedPublished,
  recomputedPublishedTotal,
  recomputedWeeklyContent,
} from "./content-rollup";
import { recomputedHashtags, recomputedWeeklyHashtags } from "./hashtag-rollup";
import {
  recomputedBestTimes,
  recomputedEngagement,
  recomputedEngagementTotal,
  recomputedHourlyMetrics,
  recomputedMetrics,
  recomputedPlatformPostTotals,
  recomputedPlatformWeeklyPostTotals,
  recomputedPostTotals,
  recomputedWeeklyBestTimes,
  recomputedWeeklyMetrics,
  recomputedWeeklyPostTotals,
  retentionHorizon,
} from "./rollups";

/**
 * The fixed analytics data set. Expected numbers in the tests are worked out by hand from this
 * file (see the comments beside each row), written as January 2026: `utc(5, 14)` is "Monday January 5, 14:00 UTC".
 * User A lives in New York (EST, UTC-5 in January).
 *
 * The suite passes on any day (ADR 051), so the data set is not pinned to 2026: it moves by whole 52-week steps
 * (every weekday and the winter time zone hold) to the latest January whose data, up to mid-March, lies at least
 * 100 days behind the suite's clock. A year back, pinned data would lie in the future.
 */
const DAY_MS = 86_400_000;
const STEP_MS = 364 * DAY_MS;
const SHIFT_MS = Math.floor((Date.now() - 100 * DAY_MS - Date.UTC(2026, 0, 5)) / STEP_MS) * STEP_MS;
export const utc = (d: number, h: number, m = 0) => Date.UTC(2026, 0, d, h, m) + SHIFT_MS;
/** `YYYY-MM-DD` of the data set's "January d". */
export const day = (d: number) => new Date(utc(d, 0)).toISOString().slice(0, 10);
/** The ISO instant of the data set's "January d, h:m UTC". */
export const iso = (d: number, h: number, m = 0) => new Date(utc(d, h, m)).toISOString();
/** The calendar year of the data set's January (for cases written as "March of that year", e.g. a DST change). */
export const FIXTURE_YEAR = new Date(utc(15, 0)).getUTCFullYear();
/**
 * The day of March in FIXTURE_YEAR on which New York moves to daylight time (the second Sunday by today's rules),
 * read from the zone's rules rather than assumed, for cases that must straddle the change.
 */
export const SPRING_FORWARD = (() => {
  const offsetOn = (d: number) => tzOffset("America/New_York", new Date(Date.UTC(FIXTURE_YEAR, 2, d, 12)));
  for (let d = 1; d < 31; d++) if (offsetOn(d + 1) !== offsetOn(d)) return d + 1;
  throw new Error(`New York keeps one offset through March ${FIXTURE_YEAR}`);
})();
/** The data set's Monday-to-Sunday week. */
export const PERIOD = `startDate=${day(5)}&endDate=${day(11)}`;

type Metrics = [
  impressions: number,
  reach: number,
  likes: number,
  comments: number,
  shares: number,
  saves: number,
  clicks: number,
];

export async function seedFixture() {
  const a = await registerUser({ timezone: "America/New_York" });
  const b = await registerUser({ timezone: "UTC" });
  const db = await drizzleOf(a.user.id);
  const id = (s: string) => `${s}-${a.user.id.slice(0, 8)}`;
  const ids = {
    ig: id("acc-ig"),
    fb: id("acc-fb"),
    li: id("acc-li"),
    bIg: id("acc-b-ig"),
    p1: id("p1"),
    p2: id("p2"),
    p3: id("p3"),
    p4: id("p4"),
    p5: id("p5"),
    p6: id("p6"),
    p7: id("p7"),
    pb: id("pb"),
  };
  const account = (
    accId: string,
    userId: string,
    platform: "instagram" | "facebook" | "linkedin",
    followerCount: number | null,
  ) => ({
    id: accId,
    workspaceId: userId,
    userId,
    platform,
    platformUserId: accId,
    username: `${platform}_${accId.slice(-4)}`,
    displayName: `${platform} account`,
    accountType: "business",
    accessTokenEnc: "x",
    followerCount,
    connectedAt: utc(1, 0) - 31 * 86_400_000,
  });
  await insertPlaced(connectedAccounts, [
    account(ids.ig, a.user.id, "instagram", null),
    account(ids.fb, a.user.id, "facebook", null),
    account(ids.li, a.user.id, "linkedin", 300),
    account(ids.bIg, b.user.id, "instagram", null),
  ]);
  const post = (pid: string, userId: string, hashtags: string[], status: "published" | "draft" = "published") => ({
    id: pid,
    workspaceId: userId,
    userId,
    content: `Post ${pid.slice(0, 2)} ${hashtags.join(" ")}`,
    hashtags,
    status,
    timezone: "America/New_York",
  });
  await insertPlaced(posts, [
    post(ids.p1, a.user.id, ["#launch", "#ai"]),
    post(ids.p2, a.user.id, ["#launch"]),
    post(ids.p3, a.user.id, ["#tips"]),
    post(ids.p4, a.user.id, []),
    post(ids.p5, a.user.id, ["#launch"]),
    post(ids.p6, a.user.id, ["#draft"], "draft"),
    post(ids.p7, a.user.id, []),
    post(ids.pb, b.user.id, ["#launch"]),
  ]);
  const target = (
    tid: string,
    postId: string,
    userId: string,
    platform: "instagram" | "facebook" | "linkedin",
    accountId: string,
    publishedAt: number,
    status: "published" | "failed" = "published",
  ) => ({
    id: tid,
    postId,
    workspaceId: userId,
    platform,
    accountId,
    status,
    publishedAt: status === "published" ? publishedAt : null,
    remoteId: status === "published" ? `remote-${tid}` : null,
  });
  const T = {
    t1: id("t1"),
    t2: id("t2"),
    t3: id("t3"),
    t4: id("t4"),
    t5: id("t5"),
    t6: id("t6"),
    t7: id("t7"),
    t8: id("t8"),
    tb: id("tb"),
  };
  await insertPlaced(postTargets, [
    target(T.t1, ids.p1, a.user.id, "instagram", ids.ig, utc(5, 14)), // Mon 09:00 NY
    target(T.t2, ids.p1, a.user.id, "facebook", ids.fb, utc(5, 14)), // Mon 09:00 NY
    target(T.t3, ids.p2, a.user.id, "instagram", ids.ig, utc(6, 23)), // Tue 18:00 NY
    target(T.t4, ids.p3, a.user.id, "linkedin", ids.li, utc(8, 1, 30)), // Wed 20:30 NY (Thursday in UTC)
    target(T.t5, ids.p4, a.user.id, "facebook", ids.fb, utc(9, 17)), // Fri 12:00 NY
    target(T.t6, ids.p5, a.user.id, "instagram", ids.ig, utc(1, 15)), // previous period
    target(T.t7, ids.p7, a.user.id, "instagram", ids.ig, utc(12, 6)), // Jan 12 01:00 NY: after the period
    target(T.t8, ids.p2, a.user.id, "facebook", ids.fb, utc(6, 23), "failed"), // never published
    target(T.tb, ids.pb, b.user.id, "instagram", ids.bIg, utc(6, 12)),
  ]);
  const snap = (
    tid: string,
    postId: string,
    userId: string,
    platform: "instagram" | "facebook" | "linkedin",
    accountId: string,
    takenAt: number,
    m: Metrics,
  ) => ({
    id: crypto.randomUUID(),
    targetId: tid,
    postId,
    workspaceId: userId,
    platform,
    accountId,
    takenAt,
    impressions: m[0],
    reach: m[1],
    likes: m[2],
    comments: m[3],
    shares: m[4],
    saves: m[5],
    clicks: m[6],
    videoViews: 0,
  });
  const snaps = [
    snap(T.t1, ids.p1, a.user.id, "instagram", ids.ig, utc(5, 20), [100, 80, 10, 2, 1, 3, 4]),
    snap(T.t1, ids.p1, a.user.id, "instagram", ids.ig, utc(6, 20), [200, 150, 20, 4, 2, 5, 6]),
    snap(T.t2, ids.p1, a.user.id, "facebook", ids.fb, utc(6, 12), [300, 250, 15, 5, 5, 0, 10]),
    snap(T.t3, ids.p2, a.user.id, "instagram", ids.ig, utc(8, 3), [120, 100, 8, 1, 1, 2, 1]), // Jan 7 22:00 NY
    snap(T.t4, ids.p3, a.user.id, "linkedin", ids.li, utc(8, 15), [500, 400, 30, 6, 4, 0, 20]),
    snap(T.t5, ids.p4, a.user.id, "facebook", ids.fb, utc(10, 12), [60, 50, 2, 0, 0, 0, 0]),
    snap(T.t5, ids.p4, a.user.id, "facebook", ids.fb, utc(13, 12), [999, 999, 99, 9, 9, 9, 9]), // after the period
    snap(T.t6, ids.p5, a.user.id, "instagram", ids.ig, utc(2, 12), [100, 100, 10, 0, 0, 0, 0]),
    snap(T.t6, ids.p5, a.user.id, "instagram", ids.ig, utc(5, 10), [110, 105, 12, 0, 0, 0, 0]), // Jan 5 05:00 NY
    snap(T.t7, ids.p7, a.user.id, "instagram", ids.ig, utc(12, 12), [500, 500, 50, 0, 0, 0, 0]),
    snap(T.tb, ids.pb, b.user.id, "instagram", ids.bIg, utc(7, 12), [1000, 1000, 100, 50, 50, 0, 0]),
  ];
  // D1 binds at most 100 parameters per statement: 6 rows of 15 columns.
  for (let i = 0; i < snaps.length; i += 6) await insertPlaced(postMetricSnapshots, snaps.slice(i, i + 6));
  await insertPlaced(accountMetricSnapshots, [
    {
      id: crypto.randomUUID(),
      accountId: ids.ig,
      workspaceId: a.user.id,
      platform: "instagram",
      takenAt: utc(4, 12),
      followers: 1000,
      reach: 500,
      impressions: 900,
      profileViews: 40,
    },
    {
      id: crypto.randomUUID(),
      accountId: ids.ig,
      workspaceId: a.user.id,
      platform: "instagram",
      takenAt: utc(8, 12),
      followers: 1100,
      reach: 700,
      impressions: 1200,
      profileViews: 55,
    },
    {
      id: crypto.randomUUID(),
      accountId: ids.fb,
      workspaceId: a.user.id,
      platform: "facebook",
      takenAt: utc(7, 12),
      followers: 500,
      reach: null,
      impressions: null,
      profileViews: null,
    },
    {
      id: crypto.randomUUID(),
      accountId: ids.bIg,
      workspaceId: b.user.id,
      platform: "instagram",
      takenAt: utc(7, 12),
      followers: 9000,
      reach: null,
      impressions: null,
      profileViews: null,
    },
  ]);
  const audience = (n: number) => ({
    age: [
      { range: "18-24", percentage: 40 + n },
      { range: "25-34", percentage: 60 - n },
    ],
    gender: [
      { type: "female", percentage: 55 },
      { type: "male", percentage: 45 },
    ],
    locations: [
      { country: "IN", percentage: 70 },
      { country: "US", percentage: 30 },
    ],
    activeHours: Array.from({ length: 24 }, (_, hour) => ({ hour, activity: hour === 14 ? 100 : 10 })),
  });
  await insertPlaced(audienceSnapshots, [
    {
      id: crypto.randomUUID(),
      accountId: ids.ig,
      workspaceId: a.user.id,
      platform: "instagram",
      takenAt: utc(4, 12),
      data: audience(0),
    },
    {
      id: crypto.randomUUID(),
      accountId: ids.ig,
      workspaceId: a.user.id,
      platform: "instagram",
      takenAt: utc(8, 12),
      data: audience(5),
    },
  ]);
  await insertPlaced(syncedComments, [
    {
      id: crypto.randomUUID(),
      targetId: T.t1,
      postId: ids.p1,
      workspaceId: a.user.id,
      platform: "instagram",
      remoteId: "c1",
      author: "maya",
      text: "Love it",
      createdAt: utc(5, 16),
      syncedAt: utc(5, 20),
    },
    {
      id: crypto.randomUUID(),
      targetId: T.t2,
      postId: ids.p1,
      workspaceId: a.user.id,
      platform: "facebook",
      remoteId: "c2",
      author: "raj",
      text: "Congrats!",
      createdAt: utc(5, 18),
      syncedAt: utc(6, 12),
    },
  ]);
  return { a, b, ids, T, db };
}

const METRICS = sql.raw("targets, impressions, reach, likes, comments, shares, saves, clicks, video_views");
const nonZero = sql.raw(
  "(targets != 0 or impressions != 0 or reach != 0 or likes != 0 or comments != 0 or shares != 0 or saves != 0 or clicks != 0 or video_views != 0)",
);

const postNonZero = sql.raw("(targets != 0 or engagement != 0 or reach != 0)");
const TAG_FIGURES = sql.raw("targets, impressions, reach, engagement");
const tagNonZero = sql.raw("(targets != 0 or impressions != 0 or reach != 0 or engagement != 0)");

/** The stored rollups of a workspace next to a from-scratch recomputation (engagement from the horizon on). */
export async function rollupsAndRecomputation(db: Db, workspaceId: string) {
  const horizon = await retentionHorizon(db);
  const engagement = async (query: ReturnType<typeof sql>) =>
    (await db.all<{ day: number; platform: string; likes: string; comments: string; shares: string }>(query))
      .map((r) => ({
        day: r.day,
        platform: r.platform,
        likes: JSON.parse(r.likes),
        comments: JSON.parse(r.comments),
        shares: JSON.parse(r.shares),
      }))
      .filter((r) => [...r.likes, ...r.comments, ...r.shares].some((n) => n !== 0))
      .sort((x, y) => x.day - y.day || x.platform.localeCompare(y.platform));
  // Weekly rows are read with `week as day`.
  const bestTimes = async (query: SQL) =>
    (await db.all<{ day: number; platform: string; posts: string; engagement: string }>(query))
      .map((r) => ({
        day: r.day,
        platform: r.platform,
        posts: JSON.parse(r.posts),
        engagement: JSON.parse(r.engagement),
      }))
      .filter((r) => [...r.posts, ...r.engagement].some((n) => n !== 0))
      .sort((x, y) => x.day - y.day || x.platform.localeCompare(y.platform));
  const published = async (query: SQL) =>
    (await db.all<{ day: number; platform: string; targets: string }>(query))
      .map((r) => ({ day: r.day, platform: r.platform, targets: JSON.parse(r.targets) as number[] }))
      .filter((r) => r.targets.some((n) => n !== 0))
      .sort((x, y) => x.day - y.day || x.platform.localeCompare(y.platform));
  const publishedTotal = async (query: SQL) =>
    (await db.all<{ day: number; targets: string; engagement: string }>(query))
      .map((r) => ({ day: r.day, targets: JSON.parse(r.targets) as number[], engagement: JSON.parse(r.engagement) }))
      .filter((r) => [...r.targets, ...r.engagement].some((n) => n !== 0))
      .sort((x, y) => x.day - y.day);
  return {
    stored: {
      content: await db.all(sql`select day, platform, content_type, ${TAG_FIGURES} from post_content_daily
        where workspace_id = ${workspaceId} and ${tagNonZero} order by day, platform, content_type`),
      weeklyContent: await db.all(sql`select week, platform, content_type, ${TAG_FIGURES} from post_content_weekly
        where workspace_id = ${workspaceId} and ${tagNonZero} order by week, platform, content_type`),
      published: await published(
        sql`select day, platform, targets from post_published_daily where workspace_id = ${workspaceId}`,
      ),
      publishedTotal: await publishedTotal(
        sql`select day, targets, engagement from post_published_daily_total where workspace_id = ${workspaceId}`,
      ),
      metrics: await db.all(sql`select day, account_id, platform, ${METRICS} from post_metrics_daily
        where workspace_id = ${workspaceId} and ${nonZero} order by day, account_id`),
      hourlyMetrics: await db.all(sql`select hour, account_id, platform, ${METRICS} from post_metrics_hourly
        where workspace_id = ${workspaceId} and ${nonZero} order by hour, account_id`),
      engagement: await engagement(sql`select day, platform, likes, comments, shares from post_engagement_daily
        where workspace_id = ${workspaceId} and day >= ${horizon}`),
      engagementTotal: await engagement(sql`select day, '' as platform, likes, comments, shares
        from post_engagement_daily_total where workspace_id = ${workspaceId} and day >= ${horizon}`),
      posts:
        await db.all(sql`select post_id, day, targets, engagement, reach, split, first_published_at from post_metrics_post_daily
        where workspace_id = ${workspaceId} and ${postNonZero} order by post_id, day`),
      bestTimes: await bestTimes(
        sql`select day, platform, posts, engagement from post_best_times_daily where workspace_id = ${workspaceId}`,
      ),
      weeklyBestTimes: await bestTimes(
        sql`select week as day, platform, posts, engagement from post_best_times_weekly where workspace_id = ${workspaceId}`,
      ),
      weeklyMetrics: await db.all(sql`select week, account_id, platform, ${METRICS} from post_metrics_weekly
        where workspace_id = ${workspaceId} and ${nonZero} order by week, account_id`),
      weeklyPosts:
        await db.all(sql`select post_id, week, targets, engagement, reach, first_published_at from post_metrics_post_weekly
        where workspace_id = ${workspaceId} and ${postNonZero} order by post_id, week`),
      platformPosts:
        await db.all(sql`select platform, post_id, day, targets, engagement, reach, split, multi, first_published_at
        from post_platform_daily where workspace_id = ${workspaceId} and ${postNonZero} order by platform, post_id, day`),
      platformWeeklyPosts:
        await db.all(sql`select platform, post_id, week, targets, engagement, reach, first_published_at
        from post_platform_weekly where workspace_id = ${workspaceId} and ${postNonZero} order by platform, post_id, week`),
      hashtags: await db.all(sql`select day, platform, tag, ${TAG_FIGURES} from post_hashtag_daily
        where workspace_id = ${workspaceId} and ${tagNonZero} order by day, platform, tag`),
      weeklyHashtags: await db.all(sql`select week, platform, tag, ${TAG_FIGURES} from post_hashtag_weekly
        where workspace_id = ${workspaceId} and ${tagNonZero} order by week, platform, tag`),
    },
    recomputed: {
      content:
        await db.all(sql`select day, platform, content_type, ${TAG_FIGURES} from (${recomputedContent(workspaceId)})
        where ${tagNonZero} order by day, platform, content_type`),
      weeklyContent:
        await db.all(sql`select week, platform, content_type, ${TAG_FIGURES} from (${recomputedWeeklyContent(workspaceId)})
        where ${tagNonZero} order by week, platform, content_type`),
      published: await published(recomputedPublished(workspaceId)),
      publishedTotal: await publishedTotal(recomputedPublishedTotal(workspaceId)),
      metrics: await db.all(sql`select day, account_id, platform, ${METRICS} from (${recomputedMetrics(workspaceId)})
        where ${nonZero} order by day, account_id`),
      hourlyMetrics:
        await db.all(sql`select hour, account_id, platform, ${METRICS} from (${recomputedHourlyMetrics(workspaceId)})
        where ${nonZero} order by hour, account_id`),
      engagement: await engagement(recomputedEngagement(workspaceId, horizon)),
      engagementTotal: await engagement(
        sql`select day, '' as platform, likes, comments, shares from (${recomputedEngagementTotal(workspaceId, horizon)})`,
      ),
      posts:
        await db.all(sql`select post_id, day, targets, engagement, reach, split, first_published_at from (${recomputedPostTotals(workspaceId)})
        where ${postNonZero} order by post_id, day`),
      bestTimes: await bestTimes(recomputedBestTimes(workspaceId)),
      weeklyBestTimes: await bestTimes(
        sql`select week as day, platform, posts, engagement from (${recomputedWeeklyBestTimes(workspaceId)})`,
      ),
      weeklyMetrics:
        await db.all(sql`select week, account_id, platform, ${METRICS} from (${recomputedWeeklyMetrics(workspaceId)})
        where ${nonZero} order by week, account_id`),
      weeklyPosts:
        await db.all(sql`select post_id, week, targets, engagement, reach, first_published_at from (${recomputedWeeklyPostTotals(workspaceId)})
        where ${postNonZero} order by post_id, week`),
      platformPosts:
        await db.all(sql`select platform, post_id, day, targets, engagement, reach, split, multi, first_published_at
        from (${recomputedPlatformPostTotals(workspaceId)}) where ${postNonZero} order by platform, post_id, day`),
      platformWeeklyPosts:
        await db.all(sql`select platform, post_id, week, targets, engagement, reach, first_published_at
        from (${recomputedPlatformWeeklyPostTotals(workspaceId)}) where ${postNonZero} order by platform, post_id, week`),
      hashtags: await db.all(sql`select day, platform, tag, ${TAG_FIGURES} from (${recomputedHashtags(workspaceId)})
        where ${tagNonZero} order by day, platform, tag`),
      weeklyHashtags:
        await db.all(sql`select week, platform, tag, ${TAG_FIGURES} from (${recomputedWeeklyHashtags(workspaceId)})
        where ${tagNonZero} order by week, platform, tag`),
    },
  };
}

export async function expectRollupsExact(db: Db, workspaceId: string) {
  const { stored, recomputed } = await rollupsAndRecomputation(db, workspaceId);
  expect(stored.metrics.length).toBeGreaterThan(0);
  expect(stored.engagementTotal.length).toBeGreaterThan(0);
  expect(stored.publishedTotal.length).toBeGreaterThan(0);
  expect(stored).toEqual(recomputed);
}

export type Fixture = Awaited<ReturnType<typeof seedFixture>>;

/** Noon (UTC) `days` ago on the suite's clock: published posts a period ending now holds, on any day. */
export function noonDaysAgo(days: number): number {
  const d = new Date(Date.now() - days * DAY_MS);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 12);
}

/** Ten days from `from` (by default 60 days ago, at noon): post i on day i % 10, minute i % 60. */
export const overTenDays =
  (from = noonDaysAgo(60)) =>
  (i: number) =>
    from + (i % 10) * DAY_MS + (i % 60) * 60_000;

/**
 * Inserts `n` published Instagram posts (publish time `at(i)`, each measured an hour later with 20 impressions, 10
 * reach, 3 likes and a comment), with `hashtags` and `mediaIds` attached; the triggers keep the rollups. Returns
 * the posts' ids.
 */
export async function publishMany(
  { db, a, ids }: Fixture,
  n: number,
  {
    at = overTenDays(),
    hashtags = [],
    mediaIds = [],
  }: { at?: (i: number) => number; hashtags?: string[]; mediaIds?: string[] } = {},
) {
  const ws = a.user.id;
  const statements = [];
  const postIds: string[] = [];
  for (let i = 0; i < n; i++) {
    const postId = crypto.randomUUID();
    postIds.push(postId);
    const targetId = crypto.randomUUID();
    const publishedAt = at(i);
    const target = { postId, workspaceId: ws, platform: "instagram" as const, accountId: ids.ig };
    statements.push(
      db.insert(posts).values({
        id: postId,
        workspaceId: ws,
        userId: ws,
        content: "x",
        hashtags,
        status: "published",
        timezone: "UTC",
      }),
      ...mediaIds.map((mediaId, position) => db.insert(postMedia).values({ postId, mediaId, position })),
      db.insert(postTargets).values({ ...target, id: targetId, status: "published", dueAt: publishedAt, publishedAt }),
      db.insert(postMetricSnapshots).values({
        ...target,
        id: crypto.randomUUID(),
        targetId,
        takenAt: publishedAt + 3_600_000,
        impressions: 20,
        reach: 10,
        likes: 3,
        comments: 1,
        shares: 0,
        saves: 0,
        clicks: 0,
        videoViews: 0,
      }),
    );
  }
  for (let i = 0; i < statements.length; i += 150)
    await db.batch(statements.slice(i, i + 150) as [(typeof statements)[number]]);
  return postIds;
}

/**
 * Publishes a post at `at` (Instagram on even minutes, else Facebook) with `likes`, measured at `measured` and, when
 * `later`, again then. Returns its ids and its target's fields, to measure it again.
 */
export async function publishMeasured(
  fx: Fixture,
  at: number,
  likes: number,
  later?: number,
  measured = at + 3_600_000,
) {
  const [postId, targetId] = [crypto.randomUUID(), crypto.randomUUID()];
  const ig = Math.floor(at / 60_000) % 2 === 0;
  const target = {
    postId,
    workspaceId: fx.a.user.id,
    platform: ig ? ("instagram" as const) : ("facebook" as const),
    accountId: ig ? fx.ids.ig : fx.ids.fb,
  };
  const figures = {
    impressions: likes * 3,
    reach: likes * 2,
    comments: 1,
    shares: 0,
    saves: 0,
    clicks: 0,
    videoViews: 0,
  };
  await fx.db.insert(posts).values({
    id: postId,
    workspaceId: fx.a.user.id,
    userId: fx.a.user.id,
    content: "x",
    hashtags: likes % 2 ? ["launch", "Sale"] : ["sale"],
    status: "published",
    timezone: "UTC",
  });
  await fx.db.insert(postTargets).values({ ...target, id: targetId, status: "published", dueAt: at, publishedAt: at });
  for (const [takenAt, n] of [[measured, likes], ...(later ? [[later, likes * 10]] : [])] as const)
    await fx.db
      .insert(postMetricSnapshots)
      .values({ ...target, ...figures, id: crypto.randomUUID(), targetId, takenAt, likes: n });
  return { postId, targetId, target, figures };
}

import { describe, expect, it } from "vitest";
import {
  changePercent,
  contentTypeSummaries,
  contentTypes,
  dailyTrends,
  hashtagSummaries,
  hashtags,
  postingPatterns,
  publishSamples,
  totals,
} from "./aggregate";
import { bestTimes } from "./best-times";
import { contentTypeOf } from "./content-type";
import { resolveRange } from "./period";
import { dueTargets, planAccountSyncs } from "./planner";
import { targetRow as row } from "./target-row.test-helper";

const H = 3_600_000;

describe("aggregates", () => {
  const rows = [
    row({
      targetId: "t1",
      postId: "p1",
      reach: 100,
      impressions: 150,
      likes: 10,
      comments: 5,
      shares: 5,
      hashtags: ["#Launch", "ai"],
      contentType: "carousel",
    }),
    row({
      targetId: "t2",
      postId: "p1",
      platform: "facebook",
      reach: 300,
      impressions: 400,
      likes: 20,
      comments: 0,
      shares: 10,
      hashtags: ["#Launch", "ai"],
      contentType: "text",
    }),
    row({
      targetId: "t3",
      postId: "p2",
      reach: 0,
      impressions: 50,
      likes: 5,
      hashtags: ["launch"],
      contentType: "carousel",
    }),
  ];
  it("totals: posts once per channel and a weighted engagement rate", () => {
    // engagement 20 + 30 + 5 = 55; reach 400 → 13.75 %; p1 on two channels counts 2
    expect(totals(rows)).toMatchObject({
      totalPosts: 3,
      totalLikes: 35,
      totalComments: 5,
      totalShares: 15,
      totalReach: 400,
      totalImpressions: 600,
      totalEngagement: 55,
      avgEngagementRate: 13.75,
    });
  });
  it("change: real percentages, null without a baseline", () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(5, 0)).toBeNull();
    expect(changePercent(0, 0)).toBe(0);
  });
  it("hashtags merge case and '#'", () => {
    expect(hashtags(rows)).toEqual([
      {
        tag: "#launch",
        impressions: 600,
        reach: 400,
        posts: 3,
        engagement: 55,
        engagementToReach: 13.75,
        rateLeavesOut: [],
      },
      {
        tag: "#ai",
        impressions: 550,
        reach: 400,
        posts: 2,
        engagement: 50,
        engagementToReach: 12.5,
        rateLeavesOut: [],
      },
    ]);
  });
  it("hashtag figures from a rollup merge what SQL's ASCII-only lower() kept apart, and drop tags left without targets", () => {
    const sums = [
      { tag: "cafÉ", platform: "instagram" as const, targets: 2, impressions: 30, reach: 20, engagement: 4 },
      { tag: "café", platform: "instagram" as const, targets: 1, impressions: 10, reach: 10, engagement: 2 },
      { tag: "gone", platform: "instagram" as const, targets: 0, impressions: 0, reach: 0, engagement: 0 },
    ];
    expect(hashtagSummaries(sums)).toEqual([
      { tag: "#café", impressions: 40, reach: 30, posts: 3, engagement: 6, engagementToReach: 20, rateLeavesOut: [] },
    ]);
  });
  it("content types against the overall rate", () => {
    // carousel: eng 25, reach 100 → 25 % (≥ 13.75 × 1.2) high; text: 30/300 = 10 % (≤ 11) low
    expect(contentTypes(rows)).toEqual([
      {
        type: "carousel",
        performance: "high",
        count: 2,
        avgEngagement: 12.5,
        avgReach: 50,
        engagementRate: 25,
        rateLeavesOut: [],
      },
      {
        type: "text",
        performance: "low",
        count: 1,
        avgEngagement: 30,
        avgReach: 300,
        engagementRate: 10,
        rateLeavesOut: [],
      },
    ]);
  });
  it("content types from a rollup merge each type's rows and drop types left without targets", () => {
    const sums = [
      {
        contentType: "video" as const,
        platform: "instagram" as const,
        targets: 2,
        impressions: 40,
        reach: 20,
        engagement: 10,
      },
      {
        contentType: "video" as const,
        platform: "instagram" as const,
        targets: 1,
        impressions: 10,
        reach: 10,
        engagement: 2,
      },
      {
        contentType: "text" as const,
        platform: "instagram" as const,
        targets: 3,
        impressions: 0,
        reach: 0,
        engagement: 0,
      },
      {
        contentType: "reel" as const,
        platform: "instagram" as const,
        targets: 0,
        impressions: 0,
        reach: 0,
        engagement: 0,
      },
    ];
    // video: 12 / 30 = 40 %, the overall rate too: average; text has neither reach nor impressions.
    expect(contentTypeSummaries(sums)).toEqual([
      {
        type: "video",
        performance: "average",
        count: 3,
        avgEngagement: 4,
        avgReach: 10,
        engagementRate: 40,
        rateLeavesOut: [],
      },
      {
        type: "text",
        performance: "low",
        count: 3,
        avgEngagement: 0,
        avgReach: 0,
        engagementRate: 0,
        rateLeavesOut: [],
      },
    ]);
  });
  it("a content type whose networks report no reach or impressions gets no verdict, not average (ADR 008)", () => {
    const sums = [
      {
        contentType: "video" as const,
        platform: "youtube" as const,
        targets: 2,
        impressions: 100,
        reach: 50,
        engagement: 10,
      },
      {
        contentType: "text" as const,
        platform: "bluesky" as const,
        targets: 3,
        impressions: 0,
        reach: 0,
        engagement: 30,
      },
    ];
    expect(contentTypeSummaries(sums).map((t) => [t.type, t.engagementRate, t.performance])).toEqual([
      ["video", 20, "average"],
      ["text", null, null],
    ]);
    // No network of any type reports one: no overall rate, and no verdict on any type.
    expect(contentTypeSummaries([sums[1]!]).map((t) => t.performance)).toEqual([null]);
  });
  it("posting patterns from quarter-hour samples land in the local hour of a 45-minute-offset zone", () => {
    // Kathmandu is UTC+5:45: 00:00-00:14 UTC is 05:45-05:59 there, 00:15 UTC is 06:00.
    const day = Date.UTC(2026, 0, 5);
    const p = postingPatterns(
      [
        { at: day, posts: 2, engagement: 6 },
        { at: day + 15 * 60_000, posts: 1, engagement: 9 },
        { at: day + 30 * 60_000, posts: 0, engagement: 0 },
      ],
      "Asia/Kathmandu",
    );
    expect(p.grid).toEqual([
      { weekday: 1, hour: 5, posts: 2, engagement: 6, avgEngagement: 3 },
      { weekday: 1, hour: 6, posts: 1, engagement: 9, avgEngagement: 9 },
    ]);
  });
  it("posting patterns use the user's timezone", () => {
    // 2026-01-05 12:00 UTC is Monday 07:00 in New York; 2026-01-06 03:00 UTC is Monday 22:00 there.
    const p = postingPatterns(
      publishSamples([row({ likes: 4 }), row({ publishedAt: Date.UTC(2026, 0, 6, 3), likes: 10 })]),
      "America/New_York",
    );
    expect(p.grid).toEqual([
      { weekday: 1, hour: 7, posts: 1, engagement: 4, avgEngagement: 4 },
      { weekday: 1, hour: 22, posts: 1, engagement: 10, avgEngagement: 10 },
    ]);
    expect(p.weekdays[1]).toEqual({
      day: "Monday",
      weekday: 1,
      bestHour: 22,
      posts: 2,
      engagement: 14,
      engagementPercent: 100,
    });
    expect(p.weekdays[2]!.bestHour).toBeNull();
  });
  it("daily trends file deltas under the local day and fill empty days", () => {
    const start = Date.UTC(2026, 0, 5, 5); // 00:00 New York
    const t = dailyTrends(
      [{ takenAt: Date.UTC(2026, 0, 6, 4), likes: 3, comments: 1, shares: 0 }],
      start,
      start + 2 * 24 * H,
      "America/New_York",
    );
    expect(t).toEqual([
      { date: "2026-01-05", likes: 3, comments: 1, shares: 0, engagement: 4 },
      { date: "2026-01-06", likes: 0, comments: 0, shares: 0, engagement: 0 },
    ]);
  });
});

describe("best times", () => {
  it("falls back to SPEC §9 suggestions with a label", () => {
    const r = bestTimes([row({})], "UTC", "facebook");
    expect(r).toMatchObject({ source: "suggested", hours: [9, 13, 15, 20], postsAnalyzed: 0 });
    expect(r.label).toContain("Suggested");
  });
  it("ranks the user's own slots once there are 10 measured posts", () => {
    const rows = Array.from({ length: 10 }, (_, i) =>
      row({ targetId: `t${i}`, publishedAt: Date.UTC(2026, 0, 5, i < 5 ? 9 : 18), likes: i < 5 ? 1 : 7 }),
    );
    const r = bestTimes(rows, "UTC", null);
    expect(r.source).toBe("computed");
    expect(r.times).toEqual([
      { weekday: 1, day: "Monday", hour: 18, posts: 5, avgEngagement: 7 },
      { weekday: 1, day: "Monday", hour: 9, posts: 5, avgEngagement: 1 },
    ]);
  });
});

describe("content type", () => {
  it("derives from media", () => {
    expect(contentTypeOf({ platform: "instagram", media: [{ kind: "image" }, { kind: "image" }] })).toBe("carousel");
    expect(contentTypeOf({ platform: "instagram", media: [{ kind: "video", durationSec: 30 }] })).toBe("reel");
    expect(contentTypeOf({ platform: "facebook", media: [{ kind: "image" }] })).toBe("single_image");
    expect(contentTypeOf({ platform: "youtube", media: null })).toBe("video");
    expect(contentTypeOf({ platform: "linkedin", media: null })).toBe("text");
  });
});

describe("sync planner", () => {
  const now = Date.UTC(2026, 0, 10, 12);
  it("hourly for fresh posts, daily after 48 h", () => {
    expect(
      dueTargets(
        [
          { targetId: "never", publishedAt: now - 30 * 60_000, lastSnapshotAt: null },
          { targetId: "fresh-due", publishedAt: now - 10 * H, lastSnapshotAt: now - 61 * 60_000 },
          { targetId: "fresh-recent", publishedAt: now - 10 * H, lastSnapshotAt: now - 30 * 60_000 },
          { targetId: "old-recent", publishedAt: now - 100 * H, lastSnapshotAt: now - 5 * H },
          { targetId: "old-due", publishedAt: now - 100 * H, lastSnapshotAt: now - 25 * H },
        ],
        now,
      ),
    ).toEqual(["old-due", "never", "fresh-due"]);
  });
  it("accounts every 6 h, skips in-flight ones, caps per platform", () => {
    const base = { platform: "twitter" as const, nextTargetDueAt: null };
    const plan = planAccountSyncs(
      [
        { ...base, accountId: "a", lastAccountSyncAt: now - 7 * H, lastEnqueuedAt: now - 7 * H },
        { ...base, accountId: "b", lastAccountSyncAt: null, lastEnqueuedAt: now - 60_000 },
        { ...base, accountId: "c", lastAccountSyncAt: now - 5 * H, lastEnqueuedAt: null },
        { ...base, accountId: "d", lastAccountSyncAt: now - 5 * H, lastEnqueuedAt: null, nextTargetDueAt: now - H },
        { ...base, accountId: "e", lastAccountSyncAt: null, lastEnqueuedAt: null },
      ],
      now,
      {
        instagram: 0,
        facebook: 0,
        linkedin: 0,
        youtube: 0,
        threads: 0,
        twitter: 2,
        bluesky: 0,
        mastodon: 0,
        tiktok: 0,
        google_business: 0,
        pinterest: 0,
      },
    );
    expect(plan).toEqual([
      { accountId: "e", reason: "account" },
      { accountId: "a", reason: "account" },
    ]);
  });
});

describe("period", () => {
  it("custom dates are whole days in the user's timezone; previous period has equal length", () => {
    const r = resolveRange({ startDate: "2026-01-05", endDate: "2026-01-06", platforms: null }, 0, "Asia/Kolkata");
    expect(r.start).toBe(Date.UTC(2026, 0, 4, 18, 30));
    expect(r.end).toBe(Date.UTC(2026, 0, 6, 18, 30));
    expect(r.previous).toEqual({ start: Date.UTC(2026, 0, 2, 18, 30), end: Date.UTC(2026, 0, 4, 18, 30) });
  });
});

import { inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { postMetricSnapshots } from "../db/schema/index";
import type { Platform } from "../platform-profile";
import { call } from "../test/helpers";
import { advanceEmulator, raw } from "../test/oauth";
import { drizzleOf } from "../test/shards";
import { connectedUser, publishToAll } from "./emulator.test-helper";

/**
 * The engagement rate against the emulator (rate.ts): Bluesky counts likes, reposts and replies but no views, so a
 * Bluesky post has no denominator. Its rate is "not reported" (null), never 0 %, and beside a network that reports
 * reach it is left out of both sides of the fraction.
 */
const DAY = 86_400_000;

beforeEach(async () => {
  await raw("/sandbox/faults", { method: "DELETE" });
});

/** A new user with the given emulator flows and the sandbox's Bluesky demo (app password), and all their accounts. */
async function withBluesky(...flows: Array<[platform: string, variant?: string]>) {
  const { u } = await connectedUser(...flows);
  const bsky = await call<"POST /api/auth/:platform/app-password">("/api/auth/bluesky/app-password", {
    cookie: u.cookie,
    body: { identifier: "postline-demo.bsky.social", appPassword: "pstl-demo-bsky-apps" },
  });
  expect(bsky.status, bsky.body.message).toBe(201);
  const accounts = (
    await call<"GET /api/users/connected-accounts">("/api/users/connected-accounts", { cookie: u.cookie })
  ).body.data.accounts as Array<{ _id: string; platform: Platform }>;
  return { u, accounts };
}

async function syncAll(cookie: string) {
  await advanceEmulator(DAY);
  const res = await call<"POST /api/analytics/sync-all">("/api/analytics/sync-all?days=7", { method: "POST", cookie });
  expect(res.status, res.body.message).toBe(200);
  expect(res.body.data.failures).toEqual([]);
}

describe("the engagement rate of posts whose network reports no reach or impressions (emulator)", () => {
  it("a Bluesky-only workspace: every rate in the API and the CSV export says not reported, not 0 %", async () => {
    const { u, accounts } = await withBluesky();
    const postId = await publishToAll(u.user.id, accounts, `Fresh rye today ${crypto.randomUUID()}`);
    await syncAll(u.cookie);

    const overview = await call<"GET /api/analytics/overview">("/api/analytics/overview?period=7d", {
      cookie: u.cookie,
    });
    expect(overview.status).toBe(200);
    const o = overview.body.data;
    expect(o.overview.totalPosts).toBe(1);
    expect(o.overview.avgEngagementRate).toBeNull();
    expect(o.overview.rateLeavesOut).toEqual(["bluesky"]);
    expect(o.changes.avgEngagementRate).toBeNull();
    expect(Object.values(o.accounts).map((a) => [a.platform, a.engagementRate])).toEqual([["bluesky", null]]);
    expect(o.topPerformingPost).toMatchObject({ postId, avgEngagementRate: null, rateLeavesOut: ["bluesky"] });

    const platforms = await call<"GET /api/analytics/platform-performance">(
      "/api/analytics/platform-performance?period=7d",
      { cookie: u.cookie },
    );
    expect(platforms.body.data.platforms.map((p) => [p.platform, p.posts, p.engagementRate])).toEqual([
      ["bluesky", 1, null],
    ]);
    const content = await call<"GET /api/analytics/content-performance">(
      "/api/analytics/content-performance?period=7d",
      { cookie: u.cookie },
    );
    expect(content.body.data.contentTypes.map((t) => [t.type, t.engagementRate, t.rateLeavesOut])).toEqual([
      ["text", null, ["bluesky"]],
    ]);
    const post = await call<"GET /api/analytics/posts/:id">(`/api/analytics/posts/${postId}`, {
      cookie: u.cookie,
    });
    expect(post.body.data.analytics.avgEngagementRate).toBeNull();
    expect(post.body.data.analytics.platformPerformance.map((p) => p.engagementRate)).toEqual([null]);

    const csv = await raw("/api/analytics/export?period=7d&format=csv&report=summary", { cookie: u.cookie });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    // The previous week had no posts: 0, like its other figures.
    expect(text).toContain("Engagement rate (%),Not reported,0,");
    expect(text).toContain("Left out of the engagement rate (no reach or impressions reported),Bluesky,");
  });

  it("a mixed workspace: the rate is Facebook's engagement over Facebook's reach, Bluesky's engagement left out", async () => {
    const { u, accounts } = await withBluesky(["instagram", "facebook"]);
    const channels = accounts.filter((a) => a.platform === "bluesky" || a.platform === "facebook");
    expect(channels.map((a) => a.platform).sort()).toEqual(["bluesky", "facebook"]);
    const postId = await publishToAll(u.user.id, channels, `Rye and rolls ${crypto.randomUUID()}`);
    await syncAll(u.cookie);

    const snaps = await (await drizzleOf(u.user.id))
      .select()
      .from(postMetricSnapshots)
      .where(inArray(postMetricSnapshots.postId, [postId]));
    const of = (p: string) => snaps.find((s) => s.platform === p)!;
    const engagement = (s: { likes: number; comments: number; shares: number }) => s.likes + s.comments + s.shares;
    const fb = of("facebook");
    expect(fb.reach).toBeGreaterThan(0);
    expect(engagement(of("bluesky"))).toBeGreaterThan(0);
    const facebookRate = Math.round((engagement(fb) / fb.reach) * 10_000) / 100;

    const o = (await call<"GET /api/analytics/overview">("/api/analytics/overview?period=7d", { cookie: u.cookie }))
      .body.data;
    expect(o.overview.totalEngagement).toBe(engagement(fb) + engagement(of("bluesky")));
    expect(o.overview.avgEngagementRate).toBe(facebookRate);
    expect(o.overview.rateLeavesOut).toEqual(["bluesky"]);
    const byPlatform = Object.fromEntries(
      Object.values(o.accounts)
        .filter((a) => a.posts > 0)
        .map((a) => [a.platform, a.engagementRate]),
    );
    expect(byPlatform).toEqual({ bluesky: null, facebook: facebookRate });

    const post = await call<"GET /api/analytics/posts/:id">(`/api/analytics/posts/${postId}`, {
      cookie: u.cookie,
    });
    expect(post.body.data.analytics).toMatchObject({ avgEngagementRate: facebookRate, rateLeavesOut: ["bluesky"] });

    // Filtered to Bluesky alone, the same workspace's rate is not reported.
    const bsky = (
      await call<"GET /api/analytics/overview">("/api/analytics/overview?period=7d&platforms=bluesky", {
        cookie: u.cookie,
      })
    ).body.data;
    expect(bsky.overview.avgEngagementRate).toBeNull();
  });
});

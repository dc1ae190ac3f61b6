import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  accountMetricSnapshots,
  audienceSnapshots,
  postMetricSnapshots,
  posts,
  postTargets,
  syncedComments,
} from "../db/schema/index";
import type { Platform } from "../platform-profile";
import { type PlatformClient, PlatformError } from "../platforms/types";
import { call } from "../test/helpers";
import { advanceEmulator, armFault, platformHarness, raw } from "../test/oauth";
import { drizzleOf } from "../test/shards";
import { connectedUser, publishToAll } from "./emulator.test-helper";
import { expectRollupsExact, seedFixture, utc } from "./fixture.test-helper";
import { handleAnalyticsBatch, type SyncDeps, syncAccount } from "./sync";

/** Unit fixture for syncAccount's own rules: a PlatformClient that answers fixed metrics, or fails for the platforms listed in `failing`. */
function fixedClient(platform: Platform, failing: Set<Platform>): PlatformClient {
  const refuse = () => {
    throw new PlatformError("retryable", `${platform} is rate limiting`, { platform, status: 429 });
  };
  const unused = () => {
    throw new Error("not used by analytics");
  };
  return {
    platform,
    authorizeUrl: unused,
    exchangeCode: unused,
    refresh: unused,
    accounts: unused,
    publish: unused,
    findPublished: unused,
    deletePost: unused,
    checkAccess: unused,
    postMetrics: async (_a, remoteId, options) => {
      seenOptions.set(remoteId, options);
      if (failing.has(platform)) return refuse();
      return {
        impressions: 900,
        reach: 800,
        likes: 70,
        comments: 7,
        shares: 3,
        saves: 1,
        clicks: 2,
        videoViews: remoteId.length,
      };
    },
    accountMetrics: async () =>
      failing.has(platform)
        ? refuse()
        : {
            followers: 2000,
            reach: 10,
            impressions: 20,
            profileViews: 3,
            audience: { age: [], gender: [], locations: [{ country: "IN", percentage: 100 }], activeHours: [] },
          },
    comments: async () => [{ id: "c-fixed", author: "ana", text: "Nice", createdAt: "2026-01-07T10:00:00Z" }],
  };
}

/** The channel options each remote post was measured with. */
const seenOptions = new Map<string, unknown>();
const NOW = utc(20, 12);
let fx: Awaited<ReturnType<typeof seedFixture>>;
const failing = new Set<Platform>();
const deps = (): SyncDeps => ({
  db: fx.db,
  now: () => NOW,
  client: (p) => fixedClient(p, failing),
  credentials: async (id) => ({ platformUserId: id, accessToken: "t", accountType: "business", metadata: {} }),
  refreshCredentials: async () => null,
});

beforeAll(async () => {
  fx = await seedFixture();
});

describe("syncAccount", () => {
  it("appends snapshots without overwriting history and de-duplicates comments", async () => {
    const db = fx.db;
    const before = await db.select().from(postMetricSnapshots).where(eq(postMetricSnapshots.targetId, fx.T.t1));
    expect(before).toHaveLength(2);
    const first = await syncAccount(fx.ids.ig, deps(), { force: true });
    // ig has 4 published targets: t1, t3, t6, t7.
    expect(first).toMatchObject({ accountSynced: true, targetsSynced: 4, commentsSynced: 4, failures: [] });
    await syncAccount(fx.ids.ig, deps(), { force: true });
    const after = await db.select().from(postMetricSnapshots).where(eq(postMetricSnapshots.targetId, fx.T.t1));
    expect(after.map((s) => s.likes).sort((x, y) => x - y)).toEqual([10, 20, 70, 70]);
    const comments = await db.select().from(syncedComments).where(eq(syncedComments.targetId, fx.T.t1));
    expect(comments.map((c) => c.remoteId).sort()).toEqual(["c-fixed", "c1"]);
    const followers = await db
      .select()
      .from(accountMetricSnapshots)
      .where(eq(accountMetricSnapshots.accountId, fx.ids.ig));
    expect(followers.map((f) => f.followers).sort()).toEqual([1000, 1100, 2000, 2000]);
    // The second sync is a redelivery of the first: the rollups still equal a recomputation (ADR 023).
    await expectRollupsExact(db, fx.a.user.id);
  });

  it("measures each post with its channel's options, so a Reel or a Story is read as one", async () => {
    const db = fx.db;
    await db
      .update(postTargets)
      .set({ version: { options: { format: "reel" } } })
      .where(eq(postTargets.id, fx.T.t1));
    const [t1] = await db.select().from(postTargets).where(eq(postTargets.id, fx.T.t1));
    await syncAccount(fx.ids.ig, deps(), { targetIds: [fx.T.t1] });
    expect(seenOptions.get(t1!.remoteId!)).toEqual({ format: "reel" });
  });

  it("returns failures per platform instead of throwing", async () => {
    failing.add("facebook");
    try {
      const r = await syncAccount(fx.ids.fb, deps(), { force: true });
      expect(r!.accountSynced).toBe(false);
      expect(r!.failures.map((f) => [f.platform, f.kind, f.message])).toEqual([
        ["facebook", "retryable", "facebook is rate limiting"],
        ["facebook", "retryable", "facebook is rate limiting"],
        ["facebook", "retryable", "facebook is rate limiting"],
      ]);
    } finally {
      failing.clear();
    }
  });

  it("the queue consumer retries a message only when everything failed retryably", async () => {
    failing.add("facebook");
    const seen: string[] = [];
    const msg = (accountId: string) => ({
      id: accountId,
      timestamp: new Date(),
      attempts: 1,
      body: { accountId, reason: "posts" },
      ack: () => seen.push(`ack ${accountId}`),
      retry: () => seen.push(`retry ${accountId}`),
    });
    await handleAnalyticsBatch(
      {
        queue: "q",
        messages: [msg(fx.ids.fb), msg(fx.ids.li)],
        ackAll() {},
        retryAll() {},
      } as unknown as MessageBatch<unknown>,
      deps(),
    );
    failing.clear();
    expect(seen).toEqual([`retry ${fx.ids.fb}`, `ack ${fx.ids.li}`]);
  });
});

/**
 * The endpoints against the emulator: accounts connected through the real consent flow, posts published
 * through the platform clients, metrics grown by advancing the emulator clock.
 */
const DAY = 86_400_000;

beforeEach(async () => {
  await raw("/sandbox/faults", { method: "DELETE" });
});

describe("POST /api/analytics/sync-all (emulator)", () => {
  it("syncs account and post metrics of every connected platform and appends snapshots", async () => {
    const { u, accounts } = await connectedUser(["instagram", "facebook"]);
    expect(accounts.map((a) => a.platform).sort()).toEqual(["facebook", "instagram"]);
    const fbPage = accounts.filter((a) => a.platform === "facebook");
    const postId = await publishToAll(u.user.id, fbPage, `Fresh bread ${crypto.randomUUID()}`);
    await advanceEmulator(DAY);

    const res = await call<"POST /api/analytics/sync-all">(`/api/analytics/sync-all?days=7`, {
      method: "POST",
      cookie: u.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Successfully synced analytics for 2 platforms");
    expect(res.body.data.platformsSynced).toBe(2);
    expect(res.body.data.failures).toEqual([]);
    expect(res.body.data.platforms.map((p) => [p.platform, p.postsSynced]).sort()).toEqual([
      ["facebook", 1],
      ["instagram", 0],
    ]);

    const db = await drizzleOf(u.user.id);
    const snaps = await db.select().from(postMetricSnapshots).where(eq(postMetricSnapshots.postId, postId));
    expect(snaps).toHaveLength(1);
    expect(snaps[0]!.reach).toBeGreaterThan(0);
    const ig = accounts.find((a) => a.platform === "instagram")!;
    const [igFollowers] = await db
      .select()
      .from(accountMetricSnapshots)
      .where(eq(accountMetricSnapshots.accountId, ig._id));
    expect(igFollowers!.followers).toBeGreaterThan(0);
    const [audience] = await db.select().from(audienceSnapshots).where(eq(audienceSnapshots.accountId, ig._id));
    expect(audience!.data.age.length).toBe(7);

    // What the API reports is what was synced.
    const overview = (
      await call<"GET /api/analytics/overview">(`/api/analytics/overview?period=7d`, { cookie: u.cookie })
    ).body.data;
    expect(overview.overview.totalReach).toBe(snaps[0]!.reach);
    expect(overview.overview.totalLikes).toBe(snaps[0]!.likes);
    expect(overview.stats.totalFollowers).toBeGreaterThan(igFollowers!.followers);

    // A second sync a day later appends; the first snapshot stays as it was.
    await advanceEmulator(DAY);
    await call<"POST /api/analytics/sync-all">(`/api/analytics/sync-all?days=7`, { method: "POST", cookie: u.cookie });
    const after = await db.select().from(postMetricSnapshots).where(eq(postMetricSnapshots.postId, postId));
    expect(after).toHaveLength(2);
    expect(after.map((s) => s.reach).sort((a, b) => a - b)[1]).toBeGreaterThanOrEqual(snaps[0]!.reach);
  });

  it("TikTok: a published video's views, likes, comments and shares and the creator's followers are synced", async () => {
    const { u, accounts } = await connectedUser(["tiktok"]);
    const db = await drizzleOf(u.user.id);
    const { registry, accounts: service } = platformHarness({}, db);
    const account = accounts[0]!;
    const postId = crypto.randomUUID();
    const publishedAt = Date.now();
    await db.insert(posts).values({
      id: postId,
      workspaceId: u.user.id,
      userId: u.user.id,
      content: "Sourdough day",
      status: "published",
      platforms: ["tiktok"],
      publishedAt,
    });
    const bytes = new Uint8Array(1024).fill(3);
    bytes.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]);
    const { remoteId, permalink } = await registry.tiktok.publish(await service.accountCredentials(account._id), {
      marker: crypto.randomUUID(),
      text: `Sourdough day ${crypto.randomUUID()}`,
      media: [
        {
          kind: "video",
          url: "http://localhost/media/test",
          mimeType: "video/mp4",
          size: bytes.length,
          durationSec: 8,
          open: async () => new Blob([bytes]).stream(),
        },
      ],
      options: { tiktokPrivacy: "PUBLIC_TO_EVERYONE" },
    });
    await db.insert(postTargets).values({
      id: crypto.randomUUID(),
      postId,
      workspaceId: u.user.id,
      platform: "tiktok",
      accountId: account._id,
      status: "published",
      remoteId,
      permalink,
      publishedAt,
    });
    await advanceEmulator(DAY);
    const res = await call<"POST /api/analytics/sync-all">(`/api/analytics/sync-all?days=7`, {
      method: "POST",
      cookie: u.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.platforms.map((p) => [p.platform, p.postsSynced])).toEqual([["tiktok", 1]]);
    const [snap] = await db.select().from(postMetricSnapshots).where(eq(postMetricSnapshots.postId, postId));
    expect(snap!.videoViews).toBeGreaterThan(0);
    expect(snap!.likes).toBeGreaterThan(0);
    const [followers] = await db
      .select()
      .from(accountMetricSnapshots)
      .where(eq(accountMetricSnapshots.accountId, account._id));
    expect(followers!.followers).toBeGreaterThan(0);
  });

  it("a token the platform stopped taking is refreshed once and the sync goes on, with no reconnect asked", async () => {
    const { u } = await connectedUser(["twitter"], ["youtube"]);
    // A day on, the platforms' short-lived access tokens (X 2 h, Google 1 h) have expired on their side.
    await advanceEmulator(DAY);
    const res = await call<"POST /api/analytics/sync-all">(`/api/analytics/sync-all`, {
      method: "POST",
      cookie: u.cookie,
    });
    expect(res.body.data.failures).toEqual([]);
    expect(res.status).toBe(200);
    expect(res.body.data.platformsSynced).toBe(2);
    const accounts = (
      await call<"GET /api/users/connected-accounts">("/api/users/connected-accounts", { cookie: u.cookie })
    ).body.data.accounts;
    expect(accounts.map((a: { status: string }) => a.status)).toEqual(["connected", "connected"]);
  });

  it("reports a failing platform and still syncs the others; all failing is a 502 with each platform's message", async () => {
    const { u } = await connectedUser(["instagram", "facebook"], ["youtube"]);
    await armFault("youtube", "500", 50);
    const partial = await call<"POST /api/analytics/sync-all">(`/api/analytics/sync-all`, {
      method: "POST",
      cookie: u.cookie,
    });
    expect(partial.status).toBe(200);
    // Which synced, which failed and why: not "Successfully synced analytics for 2 platforms".
    expect(partial.body.message).toMatch(
      /^Synced analytics for (Instagram and Facebook|Facebook and Instagram); YouTube failed \(YouTube: .+\)$/,
    );
    expect(partial.body.data.platforms.find((p) => p.platform === "youtube")!.ok).toBe(false);
    expect(partial.body.data.failures.map((f) => [f.platform, f.kind])).toEqual([["youtube", "retryable"]]);

    // Instagram with Facebook Login answers to the facebook switch: every platform fails.
    await armFault("facebook", "500", 50);
    const none = await call<"POST /api/analytics/sync-all">(`/api/analytics/sync-all`, {
      method: "POST",
      cookie: u.cookie,
    });
    expect(none.status).toBe(502);
    expect(none.body.message).toMatch(/^Failed to sync analytics \((Instagram|Facebook|YouTube): /);
    expect(none.body.message).toContain("YouTube: ");
  });

  it("validates days and answers the SPEC message without accounts", async () => {
    const { u } = await connectedUser();
    expect(
      (
        await call<"POST /api/analytics/sync-all">(`/api/analytics/sync-all?days=0`, {
          method: "POST",
          cookie: u.cookie,
        })
      ).body.message,
    ).toBe("days must be a whole number between 1 and 365.");
    const res = await call<"POST /api/analytics/sync-all">(`/api/analytics/sync-all`, {
      method: "POST",
      cookie: u.cookie,
    });
    expect(res.body).toEqual({
      success: false,
      message: "No connected accounts found. Please connect your social media accounts first.",
    });
  });

  it("POST /posts/{id}/sync syncs just that post; a draft is 404", async () => {
    const { u, accounts } = await connectedUser(["instagram", "facebook"]);
    const fbPage = accounts.filter((a) => a.platform === "facebook");
    const postId = await publishToAll(u.user.id, fbPage, `Sourdough ${crypto.randomUUID()}`);
    await publishToAll(u.user.id, fbPage, `Another ${crypto.randomUUID()}`);
    await advanceEmulator(DAY);
    const res = await call<"POST /api/analytics/posts/:id/sync">(`/api/analytics/posts/${postId}/sync`, {
      method: "POST",
      cookie: u.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.platforms.map((p) => [p.platform, p.postsSynced])).toEqual([["facebook", 1]]);
    const analytics = (
      await call<"GET /api/analytics/posts/:id">(`/api/analytics/posts/${postId}`, { cookie: u.cookie })
    ).body.data.analytics;
    expect(analytics.reach).toBeGreaterThan(0);
    expect(
      (
        await call<"POST /api/analytics/posts/:id/sync">(`/api/analytics/posts/${fx.ids.p6}/sync`, {
          method: "POST",
          token: fx.a.token,
        })
      ).status,
    ).toBe(404);
  });
});

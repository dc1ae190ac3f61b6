import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../db/client";
import type { Platform } from "../db/schema/accounts";
import { accountMetricSnapshots, postMetricSnapshots, syncedComments } from "../db/schema/index";
import { PlatformError, type PlatformClient } from "../platforms/types";
import { call } from "../test/helpers";
import { provideAnalyticsDeps } from "./deps";
import { seedFixture, utc } from "./fixture.test-helper";
import { handleAnalyticsBatch, syncAccount, type SyncDeps } from "./sync";

/** Test fixture: a PlatformClient that answers fixed metrics, or fails for the platforms listed in `failing`. */
function fixedClient(platform: Platform, failing: Set<Platform>): PlatformClient {
  const refuse = () => {
    throw new PlatformError("retryable", `${platform} is rate limiting`, { platform, status: 429 });
  };
  const unused = () => {
    throw new Error("not used by analytics");
  };
  return {
    platform,
    authorizeUrl: unused, exchangeCode: unused, refresh: unused, accounts: unused, publish: unused, findPublished: unused, deletePost: unused,
    postMetrics: async (_a, remoteId) => (failing.has(platform) ? refuse() : { impressions: 900, reach: 800, likes: 70, comments: 7, shares: 3, saves: 1, clicks: 2, videoViews: remoteId.length }),
    accountMetrics: async () =>
      failing.has(platform) ? refuse() : { followers: 2000, reach: 10, impressions: 20, profileViews: 3, audience: { age: [], gender: [], locations: [{ country: "IN", percentage: 100 }], activeHours: [] } },
    comments: async () => [{ id: "c-fixed", author: "ana", text: "Nice", createdAt: "2026-01-07T10:00:00Z" }],
  };
}

const NOW = utc(20, 12);
let fx: Awaited<ReturnType<typeof seedFixture>>;
const failing = new Set<Platform>();
const deps = (): SyncDeps => ({
  db: createDb(env.DB),
  now: () => NOW,
  client: (p) => fixedClient(p, failing),
  credentials: async (id) => ({ platformUserId: id, accessToken: "t", accountType: "business", metadata: {} }),
});

beforeAll(async () => {
  fx = await seedFixture();
  provideAnalyticsDeps(() => deps());
});
afterAll(() => provideAnalyticsDeps(null));

describe("syncAccount", () => {
  it("appends snapshots without overwriting history and de-duplicates comments", async () => {
    const db = createDb(env.DB);
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
    const followers = await db.select().from(accountMetricSnapshots).where(eq(accountMetricSnapshots.accountId, fx.ids.ig));
    expect(followers.map((f) => f.followers).sort()).toEqual([1000, 1100, 2000, 2000]);
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
    const msg = (accountId: string) => ({ id: accountId, timestamp: new Date(), attempts: 1, body: { accountId, reason: "posts" }, ack: () => seen.push(`ack ${accountId}`), retry: () => seen.push(`retry ${accountId}`) });
    await handleAnalyticsBatch({ queue: "q", messages: [msg(fx.ids.fb), msg(fx.ids.li)], ackAll() {}, retryAll() {} } as unknown as MessageBatch<unknown>, deps());
    failing.clear();
    expect(seen).toEqual([`retry ${fx.ids.fb}`, `ack ${fx.ids.li}`]);
  });
});

describe("POST /api/analytics/sync-all", () => {
  it("syncs the caller's accounts and reports failures per platform", async () => {
    failing.add("linkedin");
    const res = await call(`/api/analytics/sync-all?days=30`, { method: "POST", token: fx.a.token });
    failing.clear();
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Successfully synced analytics for 2 platforms");
    expect(res.body.data.platformsSynced).toBe(2);
    // The request's clock is the real one, so January's posts are older than 30 days: only account metrics are asked for.
    expect(res.body.data.failures).toEqual([{ platform: "linkedin", accountId: fx.ids.li, kind: "retryable", message: "linkedin is rate limiting" }]);
  });

  it("validates days and answers the SPEC message without accounts", async () => {
    expect((await call(`/api/analytics/sync-all?days=0`, { method: "POST", token: fx.a.token })).body.message).toBe("days must be a whole number between 1 and 365.");
    const { registerUser } = await import("../test/helpers");
    const c = await registerUser();
    const res = await call(`/api/analytics/sync-all`, { method: "POST", token: c.token });
    expect(res.body).toEqual({ success: false, message: "No connected accounts found. Please connect your social media accounts first." });
  });

  it("POST /posts/{id}/sync syncs just that post", async () => {
    const res = await call(`/api/analytics/posts/${fx.ids.p1}/sync`, { method: "POST", token: fx.a.token });
    expect(res.status).toBe(200);
    expect(res.body.data.platforms.map((p: any) => [p.platform, p.postsSynced])).toEqual([["instagram", 1], ["facebook", 1]]);
    expect((await call(`/api/analytics/posts/${fx.ids.p6}/sync`, { method: "POST", token: fx.a.token })).status).toBe(404);
  });
});

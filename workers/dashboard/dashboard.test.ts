import { beforeAll, describe, expect, it } from "vitest";
import { seedFixture } from "../analytics/fixture.test-helper";
import { posts } from "../db/schema/index";
import { invalidateDashboard } from "../http/dashboard-cache";
import { insertAccount, insertScheduledPost } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";
import { dbOf, drizzleOf } from "../test/shards";

let fx: Awaited<ReturnType<typeof seedFixture>>;
beforeAll(async () => {
  fx = await seedFixture();
});

describe("GET /api/dashboard", () => {
  it("stats from stored data, cached 30 s per user, cleared by invalidateDashboard", async () => {
    const first = await call<"GET /api/dashboard">("/api/dashboard", { token: fx.a.token });
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Cache")).toBe("MISS");
    // A has p1-p5 and p7 published and p6 as a draft; followers 1100 + 500 + 300; January is outside the last 30 days.
    expect(first.body.data.stats).toEqual({
      connectedPlatforms: 3,
      totalFollowers: 1900,
      totalPosts: 7,
      scheduledPosts: 0,
      heldPosts: 0,
      publishedPosts: 6,
      mediaFiles: 0,
      engagementRate: 0,
    });
    expect(first.body.data.recentPosts).toHaveLength(5);
    expect(first.body.data.warnings).toEqual([]);

    const db = await drizzleOf(fx.a.user.id);
    await db.insert(posts).values({
      id: `sched-${fx.a.user.id}`,
      workspaceId: fx.a.user.id,
      userId: fx.a.user.id,
      content: "Next week",
      status: "scheduled",
      scheduledAt: Date.now() + 86_400_000,
    });
    const cached = await call<"GET /api/dashboard">("/api/dashboard", { token: fx.a.token });
    expect(cached.headers.get("X-Cache")).toBe("HIT");
    expect(cached.body.data.stats.totalPosts).toBe(7);

    await invalidateDashboard(db, fx.a.user.id);
    const fresh = await call<"GET /api/dashboard">("/api/dashboard", { token: fx.a.token });
    expect(fresh.headers.get("X-Cache")).toBe("MISS");
    expect(fresh.body.data.stats).toMatchObject({ totalPosts: 8, scheduledPosts: 1 });
    expect(fresh.body.data.upcomingPosts.map((p) => p.content)).toEqual(["Next week"]);
  });

  it("creating or deleting a post through the API clears the cache at once", async () => {
    await call<"GET /api/dashboard">("/api/dashboard", { token: fx.b.token });
    expect((await call<"GET /api/dashboard">("/api/dashboard", { token: fx.b.token })).headers.get("X-Cache")).toBe(
      "HIT",
    );
    const created = await call<"POST /api/posts">("/api/posts", {
      token: fx.b.token,
      body: { content: "Fresh draft", platforms: ["instagram"], status: "draft" },
    });
    expect(created.status).toBe(201);
    const after = await call<"GET /api/dashboard">("/api/dashboard", { token: fx.b.token });
    expect(after.headers.get("X-Cache")).toBe("MISS");
    expect(after.body.data.stats.totalPosts).toBe(2);
    await call<"DELETE /api/posts/:id">(`/api/posts/${created.body.data._id}`, { method: "DELETE", token: fx.b.token });
    expect((await call<"GET /api/dashboard">("/api/dashboard", { token: fx.b.token })).body.data.stats.totalPosts).toBe(
      1,
    );
  });

  it("says what a held post waits for and lists posts waiting for approval as such, never as scheduled", async () => {
    const u = await registerUser();
    const x = await insertAccount(u.user.id, "twitter");
    const inHours = (h: number) => Date.now() + h * 3600_000;
    await insertScheduledPost(u.user.id, [{ accountId: x, platform: "twitter", dueAt: inHours(1) }], "On time");
    const held = await insertScheduledPost(
      u.user.id,
      [{ accountId: x, platform: "twitter", dueAt: inHours(2), status: "held" }],
      "Held",
    );
    await (await dbOf(u.user.id))
      .prepare("UPDATE post_targets SET error_kind = 'account_disconnected' WHERE post_id = ?")
      .bind(held.postId)
      .run();
    const waiting = await insertScheduledPost(
      u.user.id,
      [{ accountId: x, platform: "twitter", dueAt: inHours(3), status: "pending_approval" }],
      "For approval",
    );
    await (await dbOf(u.user.id))
      .prepare("UPDATE posts SET status = 'pending_approval' WHERE id = ?")
      .bind(waiting.postId)
      .run();

    const res = await call<"GET /api/dashboard">("/api/dashboard", { token: u.token });
    expect(res.status).toBe(200);
    const shown = (list: Array<{ content: string; status: string; holdReason: string | null }>) =>
      list.map((p) => [p.content, p.status, p.holdReason]);
    expect(shown(res.body.data.upcomingPosts)).toEqual([
      ["On time", "scheduled", null],
      ["Held", "held", "account_disconnected"],
      ["For approval", "pending_approval", null],
    ]);
    expect(shown(res.body.data.recentPosts)).toContainEqual(["Held", "held", "account_disconnected"]);
    // The held post will not go out on its own: it is not counted as scheduled, but apart.
    expect(res.body.data.stats).toMatchObject({ scheduledPosts: 1, heldPosts: 1 });
  });

  it("is per user", async () => {
    const b = await call<"GET /api/dashboard">("/api/dashboard", { token: fx.b.token });
    expect(b.body.data.stats).toMatchObject({ totalPosts: 1, totalFollowers: 9000, connectedPlatforms: 1 });
  });
});

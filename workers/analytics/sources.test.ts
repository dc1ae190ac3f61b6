import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { aiUsage, media, postMedia, postMetricSnapshots, posts, postTargets } from "../db/schema/index";
import { insertAccount } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";
import { drizzleOf } from "../test/shards";

const DAY = 86_400_000;

/** A published post on `platform` with the given media and one metrics snapshot. */
async function publishedWith(
  userId: string,
  accountId: string,
  platform: "instagram" | "facebook",
  items: Array<{ kind: "image" | "video"; duration?: number }>,
  likes: number,
) {
  const db = await drizzleOf(userId);
  const postId = crypto.randomUUID();
  const targetId = crypto.randomUUID();
  const at = Date.now() - DAY;
  await db.insert(posts).values({
    id: postId,
    workspaceId: userId,
    userId,
    content: `with ${items.length} items`,
    status: "published",
    publishedAt: at,
  });
  await db.insert(postTargets).values({
    id: targetId,
    postId,
    workspaceId: userId,
    platform,
    accountId,
    status: "published",
    remoteId: `r-${targetId}`,
    publishedAt: at,
  });
  for (const [i, item] of items.entries()) {
    const id = crypto.randomUUID();
    await db.insert(media).values({
      id,
      workspaceId: userId,
      userId,
      key: `u/${id}`,
      originalName: `${id}.x`,
      filename: `${id}.x`,
      displayName: "x",
      fileType: item.kind,
      mimeType: item.kind === "image" ? "image/jpeg" : "video/mp4",
      format: item.kind === "image" ? "jpg" : "mp4",
      size: 10,
      duration: item.duration ?? null,
    });
    await db.insert(postMedia).values({ postId, mediaId: id, position: i });
  }
  await db.insert(postMetricSnapshots).values({
    id: crypto.randomUUID(),
    targetId,
    postId,
    accountId,
    workspaceId: userId,
    platform,
    takenAt: Date.now() - 1000,
    impressions: 200,
    reach: 100,
    likes,
    comments: 0,
    shares: 0,
    saves: 0,
    clicks: 0,
    videoViews: 0,
  });
}

describe("analytics from the media and ai_usage tables", () => {
  it("content-performance types each post from its media", async () => {
    const u = await registerUser();
    const ig = await insertAccount(u.user.id, "instagram");
    const fb = await insertAccount(u.user.id, "facebook");
    await publishedWith(u.user.id, ig, "instagram", [{ kind: "image" }, { kind: "image" }], 30); // carousel
    await publishedWith(u.user.id, ig, "instagram", [{ kind: "video", duration: 30 }], 20); // reel (≤ 90 s on Instagram)
    await publishedWith(u.user.id, fb, "facebook", [{ kind: "video", duration: 30 }], 10); // video
    await publishedWith(u.user.id, fb, "facebook", [{ kind: "image" }], 5); // single image
    await publishedWith(u.user.id, fb, "facebook", [], 1); // text
    const res = await call<"GET /api/analytics/content-performance">(`/api/analytics/content-performance?period=7d`, {
      cookie: u.cookie,
    });
    const byType = Object.fromEntries(
      res.body.data.contentTypes.map((t) => [t.type, [t.count, t.avgEngagement, t.avgReach]]),
    );
    expect(byType).toEqual({
      carousel: [1, 30, 100],
      reel: [1, 20, 100],
      video: [1, 10, 100],
      single_image: [1, 5, 100],
      text: [1, 1, 100],
    });
  });

  it("ai-usage counts the period's calls per feature and day; the dashboard counts media files", async () => {
    const u = await registerUser();
    const db = await drizzleOf(u.user.id);
    const row = (feature: "generate" | "hashtags", success: boolean, createdAt: number, tokens: number | null) => ({
      id: crypto.randomUUID(),
      workspaceId: u.user.id,
      userId: u.user.id,
      feature,
      provider: "builtin",
      model: "builtin",
      promptTokens: tokens,
      completionTokens: tokens,
      latencyMs: 5,
      success,
      createdAt,
    });
    await db
      .insert(aiUsage)
      .values([
        row("generate", true, Date.now() - 1000, 10),
        row("generate", false, Date.now() - 2000, null),
        row("hashtags", true, Date.now() - 3000, null),
        row("generate", true, Date.now() - 40 * DAY, 5),
      ]);
    const res = await call<"GET /api/analytics/ai-usage">(`/api/analytics/ai-usage?period=7d`, { cookie: u.cookie });
    expect(res.body.data).toMatchObject({
      totalRequests: 3,
      successfulRequests: 2,
      byFeature: [
        { feature: "generate", requests: 2, successful: 1, tokens: 20 },
        { feature: "hashtags", requests: 1, successful: 1, tokens: 0 },
      ],
    });
    expect(res.body.data.daily.reduce((s, d) => s + d.requests, 0)).toBe(3);

    const ig = await insertAccount(u.user.id, "instagram");
    await publishedWith(u.user.id, ig, "instagram", [{ kind: "image" }, { kind: "video", duration: 4 }], 1);
    const dash = await call<"GET /api/dashboard">(`/api/dashboard`, { cookie: u.cookie });
    expect(dash.body.data.stats.mediaFiles).toBe(2);
  });
});

describe("indexes", () => {
  it("the period query over a workspace's published targets uses (workspace_id, status, published_at)", async () => {
    const plan = await env.DB.prepare(
      "explain query plan select id from post_targets where workspace_id = ? and status = 'published' and published_at >= ? and published_at < ?",
    )
      .bind("u", 0, 1)
      .all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail).join(" ")).toContain(
      "post_targets_user_status_published_idx (workspace_id=? AND status=? AND published_at>? AND published_at<?)",
    );
  });
});

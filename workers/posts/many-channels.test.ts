import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PLATFORMS, type Platform } from "../platform-profile";
import { insertAccounts } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";
import { dbOf } from "../test/shards";

/** The most accounts one post can name: `selectedAccounts` takes 50 per platform, for every platform. */
const PER_PLATFORM = 50;

/** A workspace with 50 accounts on every platform (550), and the post fields that choose them all. */
async function everyAccount(platforms: readonly Platform[] = PLATFORMS) {
  const u = await registerUser();
  const selectedAccounts: Partial<Record<Platform, string[]>> = {};
  for (const platform of platforms)
    selectedAccounts[platform] = await insertAccounts(u.user.id, platform, PER_PLATFORM, platform);
  const base = { content: "To every channel", platforms: [...platforms], selectedAccounts, status: "draft" };
  return { u, base, total: platforms.length * PER_PLATFORM };
}

async function targetCount(userId: string, postId: string) {
  const row = await (await dbOf(userId))
    .prepare("SELECT count(*) AS n FROM post_targets WHERE post_id = ?")
    .bind(postId)
    .first<{ n: number }>();
  return row!.n;
}

// D1 refuses a statement with more than 100 bound parameters (ADR 118): a post's channel rows take 11 or more each.
describe("a post naming the most accounts it can (550)", () => {
  it("is saved as a draft with a channel per account", async () => {
    const { u, base, total } = await everyAccount();
    const res = await call<"POST /api/posts">("/api/posts", { token: u.token, body: base });
    expect(res.status, res.body.message).toBe(201);
    expect(await targetCount(u.user.id, res.body.data._id)).toBe(total);
  });

  it("is edited: its 550 channels give way to 550 fresh ones in the edit's batch", async () => {
    const { u, base, total } = await everyAccount();
    const created = await call<"POST /api/posts">("/api/posts", { token: u.token, body: base });
    expect(created.status, created.body.message).toBe(201);
    const id = created.body.data._id;
    const res = await call<"PUT /api/posts/:id">(`/api/posts/${id}`, {
      token: u.token,
      method: "PUT",
      body: { ...base, content: "To every channel, edited" },
    });
    expect(res.status, res.body.message).toBe(200);
    expect(await targetCount(u.user.id, id)).toBe(total);
  });

  it("takes Publish Now to approval with each of its channels (150 on the text-only networks)", async () => {
    const { u, base, total } = await everyAccount(["twitter", "mastodon", "bluesky"]);
    await env.DB.prepare("UPDATE workspaces SET approval_required = 1, media_required = 0 WHERE id = ?")
      .bind(u.user.id)
      .run();
    const created = await call<"POST /api/posts">("/api/posts", { token: u.token, body: base });
    expect(created.status, created.body.message).toBe(201);
    const id = created.body.data._id;
    const res = await call<"POST /api/posts/:id/publish">(`/api/posts/${id}/publish`, {
      token: u.token,
      method: "POST",
    });
    expect(res.status, res.body.message).toBe(200);
    const waiting = await (await dbOf(u.user.id))
      .prepare("SELECT count(*) AS n FROM post_targets WHERE post_id = ? AND status = 'pending_approval'")
      .bind(id)
      .first<{ n: number }>();
    expect(waiting!.n).toBe(total);
  });

  it("is checked for duplicates on each of its 550 channels", async () => {
    const { u, base } = await everyAccount();
    const created = await call<"POST /api/posts">("/api/posts", { token: u.token, body: base });
    expect(created.status, created.body.message).toBe(201);
    const res = await call<"GET /api/posts/:id/duplicates">(`/api/posts/${created.body.data._id}/duplicates`, {
      token: u.token,
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.duplicates).toEqual([]);
  });
});

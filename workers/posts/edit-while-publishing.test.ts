import { describe, expect, it } from "vitest";
import { insertAccount } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";
import { fileOf, jpegBytes } from "../test/media-fixtures";
import { dbOf } from "../test/shards";

/** A post on Instagram and Facebook for tomorrow, with Instagram's channel claimed by the publisher. */
async function postInFlight() {
  const u = await registerUser({ timezone: "Europe/Berlin" });
  const ig = await insertAccount(u.user.id, "instagram");
  const fb = await insertAccount(u.user.id, "facebook");
  const form = new FormData();
  form.append("files", fileOf(jpegBytes(1080, 1080), "square.jpg"));
  const image = (await call<"POST /api/media/upload">("/api/media/upload", { token: u.token, body: form })).body.data[0]
    .id;
  const post = (
    await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        content: "Hello world",
        platforms: ["instagram", "facebook"],
        selectedAccounts: { instagram: [ig], facebook: [fb] },
        images: [image],
        scheduledDate: new Date(Date.now() + 24 * 3600_000).toISOString(),
      },
    })
  ).body.data;
  const instagram = post.platformPosts.find((t) => t.platform === "instagram")!;
  await (await dbOf(u.user.id))
    .prepare("UPDATE post_targets SET status = 'queued' WHERE id = ?")
    .bind(instagram.id)
    .run();
  return { u, post };
}

describe("editing a post while a channel is being published (issue 42)", () => {
  it("refuses a text change with what is publishing and what can still change, and writes nothing", async () => {
    const { u, post } = await postInFlight();
    const res = await call<"PUT /api/posts/:id">(`/api/posts/${post.id}`, {
      method: "PUT",
      token: u.token,
      body: { content: "Edited while sending" },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      message:
        "This post is being published right now on Instagram, so its text, hashtags, mentions, title and media cannot be changed. You can still change the time, accounts and versions of Facebook, and the category.",
    });
    const after = (await call<"GET /api/posts/:id">(`/api/posts/${post.id}`, { token: u.token })).body.data;
    expect(after.content).toBe("Hello world");
  });

  it("lets the channel not yet sent move to another time, and leaves the one in flight as it is", async () => {
    const { u, post } = await postInFlight();
    const later = new Date(Date.now() + 48 * 3600_000);
    later.setUTCSeconds(0, 0);
    const res = await call<"PUT /api/posts/:id">(`/api/posts/${post.id}`, {
      method: "PUT",
      token: u.token,
      body: { scheduledDate: later.toISOString(), metadata: { category: "promo" } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.metadata.category).toBe("promo");
    const channels = Object.fromEntries(res.body.data.platformPosts.map((t) => [t.platform, t]));
    expect(channels.instagram).toMatchObject({ status: "queued", dueAt: post.platformPosts[0]!.dueAt });
    expect(channels.facebook).toMatchObject({ status: "scheduled", dueAt: later.toISOString() });
  });
});

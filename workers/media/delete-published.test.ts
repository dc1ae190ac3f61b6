import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { insertAccount } from "../test/fixtures";
import { call, ORIGIN, registerUser } from "../test/helpers";
import { fileOf, jpegBytes } from "../test/media-fixtures";
import { dbOf } from "../test/shards";

/** A user with one image used by a published X post and by a scheduled one. */
async function imageInTwoPosts() {
  const u = await registerUser();
  const form = new FormData();
  form.append("files", fileOf(jpegBytes(1200, 800), "launch.jpg"));
  const image = (await call<"POST /api/media/upload">("/api/media/upload", { token: u.token, body: form })).body
    .data[0];
  const thumbnail = await SELF.fetch(`${ORIGIN}/api/media/${image.id}/thumbnail`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${u.token}`, Origin: ORIGIN, "Content-Type": "image/jpeg" },
    body: jpegBytes(300, 200).slice(),
  });
  if (thumbnail.status !== 200) throw new Error(`thumbnail: ${thumbnail.status}`);
  const x = await insertAccount(u.user.id, "twitter");
  const post = async (content: string) =>
    (
      await call<"POST /api/posts">("/api/posts", {
        token: u.token,
        body: {
          content,
          platforms: ["twitter"],
          selectedAccounts: { twitter: [x] },
          images: [image.id],
          scheduledDate: new Date(Date.now() + 3600_000).toISOString(),
        },
      })
    ).body.data;
  const published = await post("Launched");
  const scheduled = await post("Launching again");
  await (await dbOf(u.user.id))
    .prepare("UPDATE post_targets SET status = 'published', published_at = ?, remote_id = 'r1' WHERE post_id = ?")
    .bind(Date.now(), published.id)
    .run();
  await (await dbOf(u.user.id)).prepare("UPDATE posts SET status = 'published' WHERE id = ?").bind(published.id).run();
  return { u, image, published, scheduled };
}

const contentTypes = async (workspaceId: string) =>
  (await dbOf(workspaceId))
    .prepare("SELECT content_type, targets FROM post_content_daily WHERE workspace_id = ? AND targets > 0")
    .bind(workspaceId)
    .all<{ content_type: string; targets: number }>()
    .then((r) => r.results);

describe("deleting a media file a published post uses (issue 42)", () => {
  it("warns about the published post too, then keeps what that post shows while the scheduled one is held", async () => {
    const { u, image, published, scheduled } = await imageInTwoPosts();
    const ask = await call<"DELETE /api/media/:id">(`/api/media/${image.id}`, { method: "DELETE", token: u.token });
    expect(ask.status).toBe(409);
    expect(ask.body.message).toBe(
      "This media is used by 1 unpublished post and 1 published post. If you delete it, the unpublished posts' channels are held (not published) until you choose new media or remove it, and the published post keeps its thumbnail and details, the file itself is removed. Delete it anyway?",
    );
    const listed = (ask.body as unknown as { data: { posts: Array<{ id: string; status: string }> } }).data.posts;
    expect(listed.map((p) => [p.id, p.status])).toEqual([
      [scheduled.id, "scheduled"],
      [published.id, "published"],
    ]);
    const workspaceId = u.user.id;
    expect(await contentTypes(workspaceId)).toEqual([{ content_type: "single_image", targets: 1 }]);

    const done = await call(`/api/media/${image.id}?confirm=true`, { method: "DELETE", token: u.token });
    expect(done.status).toBe(200);

    // The published post keeps the image's details and the analytics its type; the file itself is gone.
    const kept = (await call<"GET /api/posts/:id">(`/api/posts/${published.id}`, { token: u.token })).body.data;
    expect(kept.media).toEqual([
      expect.objectContaining({
        id: image.id,
        fileType: "image",
        originalName: "launch.jpg",
        dimensions: { width: 1200, height: 800 },
        deletedAt: expect.any(String),
        thumbnailUrl: `/media/${image.id}/thumb`,
      }),
    ]);
    expect((await call(kept.media[0]!.thumbnailUrl!, { token: u.token })).status).toBe(200);
    expect(await contentTypes(workspaceId)).toEqual([{ content_type: "single_image", targets: 1 }]);
    expect((await call(`/media/${image.id}`, { token: u.token })).status).toBe(404);

    // The scheduled post lost it and waits; the library no longer lists it nor lets a new post use it.
    const held = (await call<"GET /api/posts/:id">(`/api/posts/${scheduled.id}`, { token: u.token })).body.data;
    expect(held.media).toEqual([]);
    expect(held.platformPosts[0]!.status).toBe("held");
    const library = (await call<"GET /api/media">("/api/media", { token: u.token })).body.data;
    expect(library.media).toEqual([]);
    expect(library.counts.all).toBe(0);
    expect((await call(`/api/media/${image.id}`, { token: u.token })).status).toBe(404);
    expect((await call(`/api/media/${image.id}?confirm=true`, { method: "DELETE", token: u.token })).status).toBe(404);

    // The published post can still be edited where that is allowed (its category), its media unchanged.
    const edit = await call<"PUT /api/posts/:id">(`/api/posts/${published.id}`, {
      method: "PUT",
      token: u.token,
      body: { metadata: { category: "promo" } },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.data.media.map((m) => m.id)).toEqual([image.id]);
  });
});

import { describe, expect, it } from "vitest";
import { chunksOf } from "../db/chunks";
import { media } from "../db/schema/media";
import { insertAccount, insertAccounts } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";
import { dbOf, drizzleOf } from "../test/shards";

/** `n` images in the workspace's library, written as an upload leaves them (no bytes: a draft never reads them). */
async function libraryOf(userId: string, n: number): Promise<string[]> {
  const rows = Array.from({ length: n }, (_, i) => {
    const id = crypto.randomUUID();
    const filename = `image-${i}.jpg`;
    return {
      id,
      workspaceId: userId,
      userId,
      key: `media/${userId}/${id}/${filename}`,
      originalName: filename,
      filename,
      displayName: filename,
      fileType: "image" as const,
      mimeType: "image/jpeg",
      format: "jpg",
      size: 1024,
      width: 1080,
      height: 1080,
    };
  });
  const db = await drizzleOf(userId);
  for (const run of chunksOf(rows, 6)) await db.insert(media).values(run);
  return rows.map((r) => r.id);
}

async function attached(userId: string, postId: string) {
  const row = await (await dbOf(userId))
    .prepare("SELECT count(*) AS n FROM post_media WHERE post_id = ?")
    .bind(postId)
    .first<{ n: number }>();
  return row!.n;
}

// D1 refuses a statement with more than 100 bound parameters (ADR 118).
describe("a post with the most media it can name", () => {
  it("attaches 61 files (20 media, 20 images, 20 videos and the YouTube video), 3 parameters a row", async () => {
    const u = await registerUser();
    const account = await insertAccount(u.user.id, "twitter");
    const ids = await libraryOf(u.user.id, 61);
    const res = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        content: "Every file",
        platforms: ["twitter"],
        selectedAccounts: { twitter: [account] },
        media: ids.slice(0, 20),
        images: ids.slice(20, 40),
        videos: ids.slice(40, 60),
        youtubeVideo: ids[60],
        status: "draft",
      },
    });
    expect(res.status, res.body.message).toBe(201);
    expect(await attached(u.user.id, res.body.data._id)).toBe(61);
  });

  it("checks 2,061 files as the workspace's: the post's 61 and 20 of each of its 100 channels' own", async () => {
    const u = await registerUser();
    const twitter = await insertAccounts(u.user.id, "twitter", 50);
    const mastodon = await insertAccounts(u.user.id, "mastodon", 50);
    const ids = await libraryOf(u.user.id, 2061);
    const channels = [
      ...twitter.map((accountId) => ({ platform: "twitter", accountId })),
      ...mastodon.map((accountId) => ({ platform: "mastodon", accountId })),
    ].map((c, i) => ({ ...c, media: ids.slice(61 + i * 20, 81 + i * 20) }));
    const res = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        content: "Every file, every channel its own",
        platforms: ["twitter", "mastodon"],
        selectedAccounts: { twitter, mastodon },
        media: ids.slice(0, 20),
        images: ids.slice(20, 40),
        videos: ids.slice(40, 60),
        youtubeVideo: ids[60],
        channels,
        status: "draft",
      },
    });
    expect(res.status, res.body.message).toBe(201);
    expect(await attached(u.user.id, res.body.data._id)).toBe(61);
    expect(new Set(res.body.data.channels.flatMap((c) => c.media ?? [])).size).toBe(2000);
  });
});

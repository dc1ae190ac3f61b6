import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../app";
import { insertAccount } from "../test/fixtures";
import { call, type Data, type Envelope, ORIGIN, registerUser } from "../test/helpers";
import { exeBytes, fileOf, jpegBytes, mp4Bytes, pngBytes } from "../test/media-fixtures";
import { dbOf } from "../test/shards";
import { MediaUrlSigner } from "./signed-url";

const MB = 1024 * 1024;
type User = Awaited<ReturnType<typeof registerUser>>;

function upload(user: User, files: File[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const f of files) form.append("files", f);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return call<"POST /api/media/upload">("/api/media/upload", { token: user.token, body: form });
}

async function storedObjects(userId: string) {
  return (await env.MEDIA.list({ prefix: `media/${userId}/` })).objects.length;
}
async function mediaRows(userId: string) {
  return (await (
    await dbOf(userId)
  )
    .prepare("SELECT count(*) AS n FROM media WHERE user_id = ?")
    .bind(userId)
    .first<{ n: number }>())!.n;
}

describe("POST /api/media/upload", () => {
  it("stores images with what was read from their bytes and lists them", async () => {
    const u = await registerUser();
    const res = await upload(
      u,
      [fileOf(jpegBytes(1080, 1350), "../../My photo.jpg", "image/jpeg"), fileOf(pngBytes(640, 480), "b.png")],
      {
        folder: "campaign",
        tags: "summer, #launch",
        altText: "A beach",
      },
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Successfully uploaded 2 files!");
    const [jpg, png] = res.body.data;
    expect(jpg).toMatchObject({
      originalName: "../../My photo.jpg",
      filename: "My photo.jpg",
      displayName: "My photo",
      fileType: "image",
      mimeType: "image/jpeg",
      format: "jpg",
      dimensions: { width: 1080, height: 1350 },
      duration: null,
      folder: "campaign",
      tags: ["summer", "launch"],
      altText: "A beach",
      usage: { timesUsed: 0 },
      url: `/media/${jpg.id}`,
    });
    expect(png).toMatchObject({ format: "png", dimensions: { width: 640, height: 480 }, humanSize: `${png.size} B` });

    const list = await call<"GET /api/media">("/api/media", { token: u.token });
    expect(list.body.data.counts).toEqual({ all: 2, image: 2, video: 0 });
    expect(list.body.data.media.map((m) => m.id).sort()).toEqual([jpg.id, png.id].sort());

    const file = await SELF.fetch(`${ORIGIN}/media/${png.id}`, { headers: { Cookie: u.cookie } });
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("image/png");
    expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pngBytes(640, 480));
  });

  it.each([
    ["a Windows program renamed .png", () => fileOf(exeBytes(), "cute-cat.png", "image/png")],
    [
      "an SVG",
      () =>
        fileOf(
          new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          "logo.svg",
          "image/svg+xml",
        ),
    ],
    [
      "an HTML page",
      () =>
        fileOf(
          new TextEncoder().encode("<!doctype html><html><script>alert(1)</script></html>"),
          "page.jpg",
          "image/jpeg",
        ),
    ],
  ])("refuses %s by its real type and stores nothing", async (_, make) => {
    const u = await registerUser();
    const res = await upload(u, [fileOf(pngBytes(10, 10), "ok.png"), make()]);
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ success: false, message: "Unsupported file type. Only images and videos are allowed." });
    expect(await mediaRows(u.user.id)).toBe(0);
    expect(await storedObjects(u.user.id)).toBe(0);
  });

  it("refuses an image over 50MB with the spec's message", async () => {
    const u = await registerUser();
    const res = await upload(u, [fileOf(pngBytes(100, 100, 51 * MB), "big.png")]);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("Image file too large. Maximum size is 50MB, your file is 51MB");
    expect(await mediaRows(u.user.id)).toBe(0);
  });

  it("refuses a decompression bomb (over 100 megapixels)", async () => {
    const u = await registerUser();
    const res = await upload(u, [fileOf(pngBytes(20000, 20000), "bomb.png")]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Image dimensions too large (20000×20000). Maximum is 100 megapixels.");
    expect(await storedObjects(u.user.id)).toBe(0);
  });

  it.each([
    ["a 60-byte truncated PNG", () => pngBytes(640, 480).slice(0, 60), "cut.png"],
    ["a header-only PNG", () => pngBytes(640, 480).slice(0, 33), "header.png"],
    ["a JPEG cut off before its end", () => jpegBytes(640, 480).slice(0, -2), "cut.jpg"],
  ])("refuses %s with a clear message and stores nothing", async (_what, bytes, name) => {
    const u = await registerUser();
    const res = await upload(u, [fileOf(bytes(), name)]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      message:
        "This image is damaged or incomplete (the file ends before the picture does). Please upload the original file again.",
    });
    expect(await storedObjects(u.user.id)).toBe(0);
    expect(await mediaRows(u.user.id)).toBe(0);
  });

  it("needs one to ten files", async () => {
    const u = await registerUser();
    expect((await upload(u, [])).body).toEqual({
      success: false,
      message: "Please choose at least one file to upload.",
    });
    const eleven = Array.from({ length: 11 }, (_, i) => fileOf(pngBytes(10, 10), `f${i}.png`));
    const res = await upload(u, eleven);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("You can upload up to 10 files at a time.");
    expect(await mediaRows(u.user.id)).toBe(0);
  });

  it("reads a video's duration and dimensions", async () => {
    const u = await registerUser();
    const res = await upload(u, [
      fileOf(await mp4Bytes({ width: 1080, height: 1920, seconds: 3 }), "reel.mp4", "video/mp4"),
    ]);
    expect(res.status).toBe(201);
    expect(res.body.data[0]).toMatchObject({
      fileType: "video",
      format: "mp4",
      mimeType: "video/mp4",
      duration: 3,
      dimensions: { width: 1080, height: 1920 },
    });
  });

  it("requires a session", async () => {
    const res = await call<"POST /api/media/upload">("/api/media/upload", { body: new FormData() });
    expect(res.status).toBe(401);
  });
});

describe("multipart upload in parts", () => {
  async function sendInParts(u: User, bytes: Uint8Array, name: string, contentType: string) {
    const start = await call<"POST /api/media/uploads">("/api/media/uploads", {
      token: u.token,
      body: { filename: name, size: bytes.length, contentType, folder: "videos" },
    });
    expect(start.status).toBe(201);
    const { uploadId, partSize } = start.body.data;
    expect(partSize).toBeGreaterThanOrEqual(5 * MB);
    const parts = [];
    for (let n = 1, at = 0; at < bytes.length; n++, at += partSize) {
      const res = await SELF.fetch(`${ORIGIN}/api/media/uploads/${uploadId}/parts/${n}`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${u.token}`, "Content-Type": "application/octet-stream" },
        body: bytes.slice(at, at + partSize),
      });
      expect(res.status).toBe(200);
      parts.push(((await res.json()) as Envelope<Data<"PUT /api/media/uploads/:id/parts/:n">>).data);
    }
    return {
      uploadId,
      done: await call<"POST /api/media/uploads/:id/complete">(`/api/media/uploads/${uploadId}/complete`, {
        token: u.token,
        body: { parts },
      }),
    };
  }

  it("uploads a 100 MB video in parts; range requests return 206 with the right bytes", async () => {
    const u = await registerUser();
    const bytes = await mp4Bytes({ width: 1920, height: 1080, seconds: 2, size: 100 * MB });
    const { done } = await sendInParts(u, bytes, "launch.mp4", "video/mp4");
    expect(done.status).toBe(201);
    expect(done.body.data).toMatchObject({
      size: 100 * MB,
      humanSize: "100 MB",
      fileType: "video",
      duration: 2,
      dimensions: { width: 1920, height: 1080 },
      folder: "videos",
    });
    expect(
      await (await dbOf(u.user.id)).prepare("SELECT count(*) AS n FROM media_uploads").first<{ n: number }>(),
    ).toEqual({ n: 0 });

    const id = done.body.data.id;
    const ranged = await SELF.fetch(`${ORIGIN}/media/${id}`, {
      headers: { Cookie: u.cookie, Range: "bytes=1000-1099" },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("Content-Range")).toBe(`bytes 1000-1099/${100 * MB}`);
    expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(bytes.slice(1000, 1100));
    const tail = await SELF.fetch(`${ORIGIN}/media/${id}`, { headers: { Cookie: u.cookie, Range: "bytes=-8" } });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.slice(bytes.length - 8));
  }, 60_000); // 100 MB through ten requests: seconds on a busy 2-core machine

  it("refuses a disguised file after the parts are joined and leaves nothing behind", async () => {
    const u = await registerUser();
    const bytes = new Uint8Array(12 * MB);
    bytes.set(exeBytes());
    const { done } = await sendInParts(u, bytes, "movie.mp4", "video/mp4");
    expect(done.status).toBe(415);
    expect(done.body.message).toBe("Unsupported file type. Only images and videos are allowed.");
    expect(await mediaRows(u.user.id)).toBe(0);
    expect(await storedObjects(u.user.id)).toBe(0);
  });

  it("refuses an oversized or non-media upload before any byte is sent", async () => {
    const u = await registerUser();
    const big = await call<"POST /api/media/uploads">("/api/media/uploads", {
      token: u.token,
      body: { filename: "long.mov", size: 300 * MB, contentType: "video/quicktime" },
    });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe("Video file too large. Maximum size is 250MB, your file is 300MB");
    const exe = await call<"POST /api/media/uploads">("/api/media/uploads", {
      token: u.token,
      body: { filename: "setup.exe", size: 10 * MB, contentType: "application/x-msdownload" },
    });
    expect(exe.status).toBe(415);
  });

  it("refuses a part of the wrong size and aborts cleanly", async () => {
    const u = await registerUser();
    const start = await call<"POST /api/media/uploads">("/api/media/uploads", {
      token: u.token,
      body: { filename: "a.mp4", size: 15 * MB, contentType: "video/mp4" },
    });
    const { uploadId } = start.body.data;
    const wrong = await SELF.fetch(`${ORIGIN}/api/media/uploads/${uploadId}/parts/1`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${u.token}` },
      body: new Uint8Array(MB),
    });
    expect(wrong.status).toBe(400);
    const other = await registerUser();
    expect(
      (
        await call<"DELETE /api/media/uploads/:id">(`/api/media/uploads/${uploadId}`, {
          method: "DELETE",
          token: other.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call<"DELETE /api/media/uploads/:id">(`/api/media/uploads/${uploadId}`, {
          method: "DELETE",
          token: u.token,
        })
      ).status,
    ).toBe(200);
    expect(
      await (await dbOf(u.user.id))
        .prepare("SELECT count(*) AS n FROM media_uploads WHERE id = ?")
        .bind(uploadId)
        .first<{ n: number }>(),
    ).toEqual({ n: 0 });
  });
});

describe("signed media URLs", () => {
  it("work without a session and fail when tampered with or expired", async () => {
    const u = await registerUser();
    const { id } = (await upload(u, [fileOf(jpegBytes(800, 800), "a.jpg")])).body.data[0];
    const signer = new MediaUrlSigner(env.SESSION_SECRET, Date.now);
    // As the publisher signs them: the link names the file's workspace, so it opens on its shard (ADR 081).
    const workspaceId = u.user.id;
    const url = await signer.signedMediaUrl(ORIGIN, id, { workspaceId });
    const ok = await SELF.fetch(url);
    expect(ok.status).toBe(200);
    const named = await signer.signedMediaUrl(ORIGIN, id, { filename: "a.jpg", workspaceId });
    expect(new URL(named).pathname).toBe(`/media/s/${encodeURIComponent(`${workspaceId}.${id}`)}/a.jpg`);
    expect((await SELF.fetch(named)).status).toBe(200);
    expect(ok.headers.get("Content-Type")).toBe("image/jpeg");
    expect((await SELF.fetch(`${ORIGIN}/media/${id}`)).status).toBe(401);
    const tampered = url.replace(/sig=./, (m) => (m.endsWith("A") ? "sig=B" : "sig=A"));
    expect((await SELF.fetch(tampered)).status).toBe(403);
    const longer = url.replace(/exp=(\d+)/, (_, e) => `exp=${Number(e) + 1000}`);
    expect((await SELF.fetch(longer)).status).toBe(403);
    const expired = await signer.signedMediaUrl(ORIGIN, id, { ttlMs: -1000, workspaceId });
    expect((await SELF.fetch(expired)).status).toBe(403);
  });

  it("live at most a week: a longer link is clamped when signed and refused when served", async () => {
    const u = await registerUser();
    const { id } = (await upload(u, [fileOf(jpegBytes(800, 800), "a.jpg")])).body.data[0];
    const week = 7 * 24 * 3600_000;
    const century = 100 * 365 * 24 * 3600_000;
    const before = Date.now();
    const clamped = await new MediaUrlSigner(env.SESSION_SECRET, Date.now).signedMediaUrl(ORIGIN, id, {
      ttlMs: century,
    });
    expect(Number(new URL(clamped).searchParams.get("exp"))).toBeLessThanOrEqual(Date.now() + week);
    expect(Number(new URL(clamped).searchParams.get("exp"))).toBeGreaterThanOrEqual(before + week);
    // Correctly signed, but a hundred years ahead (what a signer with the secret could mint): refused.
    const forged = await new MediaUrlSigner(env.SESSION_SECRET, () => Date.now() + century - week).signedMediaUrl(
      ORIGIN,
      id,
    );
    expect((await SELF.fetch(forged)).status).toBe(403);
  });
});

describe("library endpoints", () => {
  it("pages most_used through files of equal use and age once each, in the same order as newest", async () => {
    const u = await registerUser();
    const files = Array.from({ length: 6 }, (_, i) => fileOf(jpegBytes(100, 100), `photo-${i}.jpg`));
    const ids = (await upload(u, files)).body.data.map((m) => m.id);
    // One upload stamps its files alike; make it exact, and none used: every file ties on both sort keys.
    await (await dbOf(u.user.id))
      .prepare("UPDATE media SET created_at = ? WHERE workspace_id = ?")
      .bind(Date.now() - 60_000, u.user.id)
      .run();
    const page = async (sort: string, n: number) =>
      (
        await call<"GET /api/media">(`/api/media?sort=${sort}&limit=2&page=${n}`, { token: u.token })
      ).body.data.media.map((m) => m.id);
    const mostUsed = [
      ...(await page("most_used", 1)),
      ...(await page("most_used", 2)),
      ...(await page("most_used", 3)),
    ];
    const newest = [...(await page("newest", 1)), ...(await page("newest", 2)), ...(await page("newest", 3))];
    expect([...mostUsed].sort()).toEqual([...ids].sort());
    expect(mostUsed).toEqual(newest);
  });

  it("filters, searches, sorts, pages, and updates", async () => {
    const u = await registerUser();
    const a = (await upload(u, [fileOf(jpegBytes(100, 100), "beach-sunset.jpg")], { folder: "travel" })).body.data[0];
    const b = (await upload(u, [fileOf(pngBytes(100, 100), "logo.png")], { tags: "brand" })).body.data[0];
    const v = (await upload(u, [fileOf(await mp4Bytes({ width: 320, height: 240, seconds: 1 }), "clip.mp4")])).body
      .data[0];
    const acct = await insertAccount(u.user.id, "facebook");
    await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: { content: "draft", platforms: ["facebook"], selectedAccounts: { facebook: [acct] }, images: [b.id] },
    });

    const videos = await call<"GET /api/media">("/api/media?type=video", { token: u.token });
    expect(videos.body.data.media.map((m) => m.id)).toEqual([v.id]);
    expect(videos.body.data.counts).toEqual({ all: 3, image: 2, video: 1 });
    expect(
      (await call<"GET /api/media/search">("/api/media/search?q=sunset", { token: u.token })).body.data.media.map(
        (m) => m.id,
      ),
    ).toEqual([a.id]);
    expect(
      (await call<"GET /api/media">("/api/media?search=brand", { token: u.token })).body.data.media.map((m) => m.id),
    ).toEqual([b.id]);
    expect(
      (
        await call<"GET /api/media/folders/:folder">("/api/media/folders/travel", { token: u.token })
      ).body.data.media.map((m) => m.id),
    ).toEqual([a.id]);
    const mostUsed = await call<"GET /api/media">("/api/media?sort=most_used", { token: u.token });
    expect(mostUsed.body.data.media[0]).toMatchObject({ id: b.id, usage: { timesUsed: 1 } });
    expect(
      (await call<"GET /api/media">("/api/media?sort=oldest&limit=1&page=2", { token: u.token })).body.data,
    ).toMatchObject({
      media: [{ id: b.id }],
      pagination: { page: 2, limit: 1, total: 3, pages: 3 },
    });
    expect(
      (await call<"GET /api/media/recent">("/api/media/recent?limit=2", { token: u.token })).body.data.media.map(
        (m) => m.id,
      ),
    ).toEqual([v.id, b.id]);
    expect((await call<"GET /api/media/folders">("/api/media/folders", { token: u.token })).body.data.folders).toEqual([
      { name: "general", count: 2, size: b.size + v.size },
      { name: "travel", count: 1, size: a.size },
    ]);
    expect((await call<"GET /api/media/stats">("/api/media/stats", { token: u.token })).body.data).toMatchObject({
      totalFiles: 3,
      images: 2,
      videos: 1,
      used: 1,
      unused: 2,
      folders: 2,
    });

    const patched = await call<"PATCH /api/media/:id">(`/api/media/${a.id}`, {
      method: "PATCH",
      token: u.token,
      body: { altText: "Sunset", tags: ["sea", "sun"], folder: "archive" },
    });
    expect(patched.body.data).toMatchObject({ altText: "Sunset", tags: ["sea", "sun"], folder: "archive" });
    const badFolder = await call<"PATCH /api/media/:id">(`/api/media/${a.id}`, {
      method: "PATCH",
      token: u.token,
      body: { folder: "../x" },
    });
    expect(badFolder.status).toBe(400);
  });

  it("asks before deleting media a draft or scheduled post uses, and lists those posts", async () => {
    const u = await registerUser();
    const m = (await upload(u, [fileOf(jpegBytes(100, 100), "a.jpg")])).body.data[0];
    const acct = await insertAccount(u.user.id, "facebook");
    const content = "x".repeat(120);
    const post = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: { content, platforms: ["facebook"], selectedAccounts: { facebook: [acct] }, images: [m.id] },
    });
    const ask = await call<"DELETE /api/media/:id">(`/api/media/${m.id}`, { method: "DELETE", token: u.token });
    expect(ask.status).toBe(409);
    expect(ask.body.success).toBe(false);
    expect(ask.body.data.posts).toEqual([
      expect.objectContaining({ id: post.body.data.id, content: "x".repeat(80), status: "draft" }),
    ]);
    expect(await mediaRows(u.user.id)).toBe(1);
    const del = await call<"DELETE /api/media/:id">(`/api/media/${m.id}?confirm=true`, {
      method: "DELETE",
      token: u.token,
    });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe("Media removed");
    expect(await mediaRows(u.user.id)).toBe(0);
    expect(await storedObjects(u.user.id)).toBe(0);
    expect(
      (await call<"GET /api/posts/:id">(`/api/posts/${post.body.data.id}`, { token: u.token })).body.data.media,
    ).toEqual([]);
  });

  it("holds the channels of a scheduled post whose media is deleted, so the queue never sends it without the image", async () => {
    const u = await registerUser();
    const m = (await upload(u, [fileOf(jpegBytes(100, 100), "launch.jpg")])).body.data[0];
    const keep = (await upload(u, [fileOf(jpegBytes(100, 100), "other.jpg")])).body.data[0];
    const x = await insertAccount(u.user.id, "twitter");
    const body = {
      content: "Launch",
      platforms: ["twitter"],
      selectedAccounts: { twitter: [x] },
      images: [m.id, keep.id],
    };
    const post = (
      await call<"POST /api/posts">("/api/posts", {
        token: u.token,
        body: { ...body, scheduledDate: new Date(Date.now() + 3600_000).toISOString() },
      })
    ).body.data;
    const ask = await call<"DELETE /api/media/:id">(`/api/media/${m.id}`, { method: "DELETE", token: u.token });
    expect(ask.status).toBe(409);
    expect(ask.body.message).toBe(
      "This media is used by 1 unpublished post. If you delete it, their channels are held (not published) until you choose new media or remove it. Delete it anyway?",
    );
    expect(
      (await call<"DELETE /api/media/:id">(`/api/media/${m.id}?confirm=true`, { method: "DELETE", token: u.token }))
        .status,
    ).toBe(200);

    const held = (await call<"GET /api/posts/:id">(`/api/posts/${post.id}`, { token: u.token })).body.data;
    expect(held.status).toBe("scheduled");
    expect(held.platformPosts).toEqual([
      expect.objectContaining({
        status: "held",
        error: { kind: "media_deleted", message: "Media launch.jpg was deleted; choose new media or remove it" },
      }),
    ]);
    // Its time comes: the cron claims nothing, and Publish Now refuses rather than sending a different post.
    await (await dbOf(u.user.id))
      .prepare("UPDATE post_targets SET due_at = ? WHERE post_id = ?")
      .bind(Date.now() - 1000, post.id)
      .run();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: new Date() }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(
      (await call<"GET /api/posts/:id">(`/api/posts/${post.id}`, { token: u.token })).body.data.platformPosts[0].status,
    ).toBe("held");
    const now = await call<"POST /api/posts/:id/publish">(`/api/posts/${post.id}/publish`, {
      method: "POST",
      token: u.token,
    });
    expect(now.status).toBe(409);
    expect(now.body.message).toBe("Media launch.jpg was deleted; choose new media or remove it");

    // Saving the post with the media it now has is the user's choice: the channel is scheduled again.
    const saved = await call<"PUT /api/posts/:id">(`/api/posts/${post.id}`, {
      method: "PUT",
      token: u.token,
      body: { images: [keep.id], scheduledDate: new Date(Date.now() + 3600_000).toISOString() },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.platformPosts).toEqual([expect.objectContaining({ status: "scheduled", error: null })]);
  });

  it("refuses to delete media of a post being sent right now (409) and changes nothing", async () => {
    const u = await registerUser();
    const m = (await upload(u, [fileOf(jpegBytes(100, 100), "a.jpg")])).body.data[0];
    const x = await insertAccount(u.user.id, "twitter");
    const body = {
      content: "Now",
      platforms: ["twitter"],
      selectedAccounts: { twitter: [x] },
      images: [m.id],
      scheduledDate: new Date(Date.now() + 3600_000).toISOString(),
    };
    const post = (await call<"POST /api/posts">("/api/posts", { token: u.token, body })).body.data;
    await (await dbOf(u.user.id))
      .prepare("UPDATE post_targets SET status = 'publishing' WHERE post_id = ?")
      .bind(post.id)
      .run();
    const res = await call<"DELETE /api/media/:id">(`/api/media/${m.id}?confirm=true`, {
      method: "DELETE",
      token: u.token,
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      message: "This media is in a post being published right now. Try again in a minute, once it has finished.",
    });
    expect(await mediaRows(u.user.id)).toBe(1);
    expect(
      (await call<"GET /api/posts/:id">(`/api/posts/${post.id}`, { token: u.token })).body.data.platformPosts[0].status,
    ).toBe("publishing");
  });
});

describe("another user's media", () => {
  it("cannot be read, listed, served, updated, deleted or used in a post (404), and nothing changes", async () => {
    const a = await registerUser();
    const b = await registerUser();
    const m = (await upload(a, [fileOf(jpegBytes(100, 100), "private.jpg")])).body.data[0];
    const bAcct = await insertAccount(b.user.id, "facebook");
    const notFound = { success: false, message: "The requested resource was not found." };
    expect((await call<"GET /api/media/:id">(`/api/media/${m.id}`, { token: b.token })).body).toEqual(notFound);
    expect((await call<"GET /api/media">("/api/media", { token: b.token })).body.data.media).toEqual([]);
    expect((await SELF.fetch(`${ORIGIN}/media/${m.id}`, { headers: { Cookie: b.cookie } })).status).toBe(404);
    expect(
      (
        await call<"PATCH /api/media/:id">(`/api/media/${m.id}`, {
          method: "PATCH",
          token: b.token,
          body: { altText: "mine" },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call<"DELETE /api/media/:id">(`/api/media/${m.id}?confirm=true`, { method: "DELETE", token: b.token }))
        .status,
    ).toBe(404);
    const post = await call<"POST /api/posts">("/api/posts", {
      token: b.token,
      body: { content: "hi", platforms: ["facebook"], selectedAccounts: { facebook: [bAcct] }, images: [m.id] },
    });
    expect(post.status).toBe(404);
    expect(
      await (await dbOf(b.user.id))
        .prepare("SELECT count(*) AS n FROM posts WHERE user_id = ?")
        .bind(b.user.id)
        .first<{ n: number }>(),
    ).toEqual({ n: 0 });
    expect((await call<"GET /api/media/:id">(`/api/media/${m.id}`, { token: a.token })).body.data).toMatchObject({
      altText: "",
      usage: { timesUsed: 0 },
    });
    expect(await storedObjects(a.user.id)).toBe(1);
  });
});

import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { targetStagings } from "../db/schema/index";
import { call, registerUser } from "../test/helpers";
import { fileOf, jpegBytes, mp4Bytes } from "../test/media-fixtures";
import { advanceEmulator, armFault, connectViaEmulator } from "../test/oauth";
import { clearFaults } from "../test/platform-sandbox";
import { drizzleOfTarget } from "../test/shards";
import {
  attemptsOf,
  channel,
  claimNow,
  stagingDeps as deps,
  editPost,
  publishedAttempts,
  staged,
  stagingOf,
  sweep,
} from "../test/staging-kit";
import { publishTarget } from "./consumer";

/**
 * Staging on Instagram, Threads and Facebook (ADR 033) through the real queue and the emulator: containers
 * made ahead and published with their creation_id, Facebook photos and videos uploaded unpublished and put
 * out at the due second. Edits and cancels leave nothing behind that can be deleted.
 */
const HOUR = 3_600_000;
type Platform = "instagram" | "threads" | "facebook";
type Media = "image" | "images" | "video";

async function scheduledPost(platform: Platform, media: Media) {
  const u = await registerUser();
  await connectViaEmulator(u.cookie, platform);
  const accounts = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data.accounts as Array<{
    _id: string;
    platform: string;
  }>;
  const files =
    media === "video"
      ? [fileOf(await mp4Bytes({ width: 720, height: 1280, seconds: 3 }), "clip.mp4", "video/mp4")]
      : (media === "images" ? [1, 2] : [1]).map((n) => fileOf(jpegBytes(1080, 1080), `photo${n}.jpg`));
  const form = new FormData();
  for (const file of files) form.append("files", file);
  const ids = (
    (await call<"POST /api/media/upload">("/api/media/upload", { token: u.token, body: form })).body.data as Array<{
      id: string;
    }>
  ).map((m) => m.id);
  const content = `Staged ${platform} ${crypto.randomUUID().slice(0, 8)}`;
  const res = await call<"POST /api/posts">("/api/posts", {
    token: u.token,
    body: {
      content,
      platforms: [platform],
      selectedAccounts: { [platform]: [accounts.find((a) => a.platform === platform)!._id] },
      ...(media === "video" ? { videos: ids } : { images: ids }),
      status: "scheduled",
      scheduledDate: new Date(Date.now() + 3 * HOUR).toISOString(),
    },
  });
  expect(res.status, res.body.message).toBe(201);
  return { u, postId: res.body.data._id as string, targetId: res.body.data.platformPosts[0].id as string, content };
}

/** The emulator's objects of a kind on a platform whose text (caption, message, text) starts with `text`. */
async function remote(platform: string, kind: string, text: string) {
  const { results } = await env.DB.prepare(
    `SELECT id, status, data FROM emu_objects WHERE platform = ? AND kind = ?
       AND coalesce(json_extract(data, '$.caption'), json_extract(data, '$.message'), json_extract(data, '$.text')) LIKE ?`,
  )
    .bind(platform, kind, `${text}%`)
    .all<{ id: string; status: string | null; data: string }>();
  return results;
}

/** The Page's unpublished photos and videos still on the emulator, by id. */
async function unpublishedOnPage(ids: string[]) {
  if (ids.length === 0) return [];
  const { results } = await env.DB.prepare(
    `SELECT id FROM emu_objects WHERE platform = 'facebook' AND kind IN ('photo', 'video')
       AND json_extract(data, '$.pageStoryId') IS NULL AND id IN (${ids.map(() => "?").join(",")}) ORDER BY id`,
  )
    .bind(...ids)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/** The ids a staged handle names (Facebook photos are `photos:<id>,<id>`). */
const handleIds = (remoteId: string | null) => (remoteId ?? "").replace(/^photos:/, "").split(",");

/** What a published post is on each platform's emulator side: its kind, and how many carry the text. */
const PUBLISHED_KIND: Record<Platform, string> = { instagram: "media", threads: "media", facebook: "post" };

/** Lets the emulator's processing (a Threads image, a short video) finish, as the time to the due second does. */
const finishProcessing = () => advanceEmulator(31_000);

afterEach(clearFaults);

describe("staging on Meta's platforms", () => {
  it.each([
    ["instagram", "image", "ready"],
    ["instagram", "images", "ready"],
    ["threads", "image", "processing"],
    ["facebook", "images", "ready"],
    ["facebook", "video", "processing"],
  ] as const)(
    "%s %s: made ahead (%s), not public, and published by one call at its time",
    async (platform, media, state) => {
      // Scheduling claims it at once (it is within the lead), as the sweep would.
      const p = await scheduledPost(platform, media);
      const row = await staged(p.targetId);
      expect(row).toMatchObject({ state, errorMessage: null });
      // Containers expire after 24 h; unpublished Facebook media does not.
      if (platform === "facebook") expect(row.expiresAt).toBeNull();
      else expect(row.expiresAt).toBeGreaterThan(Date.now() + 23 * HOUR);
      expect(await remote(platform, PUBLISHED_KIND[platform], p.content)).toEqual([]);

      await finishProcessing();
      await claimNow(p.targetId);
      expect(await publishTarget(p.targetId, await deps(p.targetId))).toEqual({ ack: true });
      const t = await channel(p.u, p.postId);
      expect(t).toMatchObject({ status: "published", preparation: null });
      const out = await remote(platform, PUBLISHED_KIND[platform], p.content);
      expect(out.map((o) => o.id)).toEqual([t.remoteId]);
      if (platform === "facebook" && media === "video") expect(t.remoteId).toBe(row.remoteId);
      if (platform === "facebook" && media === "images")
        expect(JSON.parse(out[0]!.data).photos).toEqual(handleIds(row.remoteId));
      if (platform !== "facebook") {
        const [container] = (await remote(platform, "container", p.content)).filter((c) => c.id === row.remoteId);
        expect(container?.status).toBe("PUBLISHED");
      }
      // The published post keeps its media; the staging row is done with.
      await sweep();
      expect(await stagingOf(p.targetId)).toBeUndefined();
      expect(await remote(platform, PUBLISHED_KIND[platform], p.content)).toHaveLength(1);
      if (platform === "facebook" && media === "images")
        expect(JSON.parse((await remote("facebook", "post", p.content))[0]!.data).photos).toHaveLength(2);
    },
  );

  it("instagram video: the Reel's container is polled until it is FINISHED", async () => {
    const p = await scheduledPost("instagram", "video");
    await sweep();
    expect(await staged(p.targetId)).toMatchObject({ state: "processing" });
    expect((await channel(p.u, p.postId)).preparation).toEqual({ state: "preparing", message: null });
    await advanceEmulator(61_000);
    await sweep(61_000);
    await vi.waitFor(async () => expect((await stagingOf(p.targetId))?.state).toBe("ready"), {
      timeout: 20_000,
      interval: 100,
    });
    expect((await channel(p.u, p.postId)).preparation).toEqual({ state: "ready", message: null });
  });

  // Every mode where the final call makes a post (Instagram's container, Facebook's feed post); the lost-answer
  // modes where it sets a state (a Threads container shares Instagram's code, a Facebook video is flipped).
  const EVERY = ["429", "500", "timeout", "drop"] as const;
  const LOST = ["timeout", "drop"] as const;
  it.each([
    ["instagram", "image", "/media_publish$", EVERY],
    ["facebook", "images", "/feed$", EVERY],
    ["threads", "image", "/threads_publish$", LOST],
    ["facebook", "video", "^/v[0-9.]+/[0-9]+$", LOST],
  ] as const)(
    "%s %s publishes exactly once when its final call meets a fault",
    async (platform, media, path, modes) => {
      for (const mode of modes) {
        const p = await scheduledPost(platform, media);
        await sweep();
        await staged(p.targetId);
        await finishProcessing();
        await claimNow(p.targetId);
        await armFault(platform === "instagram" ? "facebook" : platform, mode, 1, { method: "POST", path });
        let rounds = 0;
        while ((await publishTarget(p.targetId, await deps(p.targetId))).ack !== true)
          expect(++rounds, mode).toBeLessThan(3);
        // A refused call is retried; a lost answer is looked up through the staged handle before anything is resent.
        const t = await channel(p.u, p.postId);
        expect(t.status, `${mode}: ${t.error?.message ?? ""}`).toBe("published");
        expect(await remote(platform, PUBLISHED_KIND[platform], p.content), mode).toHaveLength(1);
        expect(await publishedAttempts(p.targetId), mode).toHaveLength(1);
        // The fault met the final call: refused (retried) or lost (an unknown outcome, looked up).
        const first = (await attemptsOf(p.targetId))[0]?.outcome;
        expect(first, mode).toBe(mode === "429" || mode === "500" ? "retry" : "unknown");
      }
    },
  );
});

describe("cleaning up what was staged on Meta's platforms", () => {
  it("Facebook: an edit deletes the unpublished photos and stages new ones; unscheduling deletes those too", async () => {
    const p = await scheduledPost("facebook", "images");
    await sweep();
    const first = handleIds((await staged(p.targetId)).remoteId).sort();
    expect(await unpublishedOnPage(first)).toEqual(first);
    await editPost(p.u, p.postId, { content: `${p.content} (edited)` });
    expect((await sweep()).cleaned).toBe(1);
    expect(await unpublishedOnPage(first)).toEqual([]);

    await sweep();
    const second = handleIds((await staged(p.targetId)).remoteId).sort();
    expect(second).not.toEqual(first);
    expect(await unpublishedOnPage(second)).toEqual(second);
    await editPost(p.u, p.postId, { status: "draft" });
    expect((await sweep()).cleaned).toBe(1);
    expect(await unpublishedOnPage(second)).toEqual([]);
    expect(await remote("facebook", "post", p.content)).toEqual([]);
  });

  it("Facebook: deleting the post deletes its unpublished video", async () => {
    const p = await scheduledPost("facebook", "video");
    await sweep();
    const video = handleIds((await staged(p.targetId)).remoteId);
    expect(await unpublishedOnPage(video)).toEqual(video);
    expect(
      (await call<"DELETE /api/posts/:id">(`/api/posts/${p.postId}`, { method: "DELETE", token: p.u.token })).status,
    ).toBe(200);
    expect((await sweep()).cleaned).toBe(1);
    expect(await unpublishedOnPage(video)).toEqual([]);
    expect(await stagingOf(p.targetId)).toBeUndefined();
  });

  it("Instagram: an edit forgets the container (it cannot be deleted) and publishes a new one with the new caption", async () => {
    const p = await scheduledPost("instagram", "image");
    await sweep();
    const first = await staged(p.targetId);
    const text = `${p.content} (edited)`;
    await editPost(p.u, p.postId, { content: text });
    expect((await sweep()).cleaned).toBe(1);
    expect(await stagingOf(p.targetId)).toBeUndefined();
    await sweep();
    const second = await staged(p.targetId);
    expect(second.remoteId).not.toBe(first.remoteId);

    await claimNow(p.targetId);
    expect(await publishTarget(p.targetId, await deps(p.targetId))).toEqual({ ack: true });
    const out = await remote("instagram", "media", p.content);
    expect(out.map((m) => JSON.parse(m.data).caption)).toEqual([text]);
    // The old container was never published: it is left to expire.
    const containers = await remote("instagram", "container", p.content);
    expect(containers.find((c) => c.id === first.remoteId)?.status ?? null).toBeNull();
  });
});

describe("a staging failure on Meta's platforms", () => {
  it("shows on the channel before its time, and the retry prepares it", async () => {
    await armFault("facebook", "500", 1, { method: "POST", path: "/media$" });
    const p = await scheduledPost("instagram", "image");
    const failed = await staged(p.targetId);
    expect(failed).toMatchObject({ state: "failed", errorKind: "retryable" });
    const t = await channel(p.u, p.postId);
    expect(t.status).toBe("scheduled");
    expect(t.preparation?.message).toMatch(/^Could not prepare: .+; will retry at \d\d:\d\d\.$/);
    expect(await remote("instagram", "container", p.content)).toEqual([]);

    await sweep(failed.nextAttemptAt! - Date.now() + 1000);
    await vi.waitFor(async () => expect((await stagingOf(p.targetId))?.state).toBe("ready"), {
      timeout: 20_000,
      interval: 100,
    });
    expect(await remote("instagram", "container", p.content)).toHaveLength(1);
  });
});

describe("a container that would expire before its time", () => {
  it("is re-made while there is time, and the post goes out from the young one", async () => {
    const p = await scheduledPost("instagram", "image");
    await sweep();
    const old = await staged(p.targetId);
    // 23 hours pass for the container, on Instagram and in our record of it: it expires before the post's time.
    await advanceEmulator(23 * HOUR);
    await (await drizzleOfTarget(p.targetId))
      .update(targetStagings)
      .set({ expiresAt: Date.now() + HOUR })
      .where(eq(targetStagings.targetId, p.targetId));
    expect((await sweep()).cleaned).toBe(1);
    expect(await stagingOf(p.targetId)).toBeUndefined();

    await sweep();
    const young = await staged(p.targetId);
    expect(young.remoteId).not.toBe(old.remoteId);
    expect(young.expiresAt).toBeGreaterThan(Date.now() + 23 * HOUR);

    // Past the old container's 24 hours, the young one is published.
    await advanceEmulator(2 * HOUR);
    await claimNow(p.targetId);
    expect(await publishTarget(p.targetId, await deps(p.targetId))).toEqual({ ack: true });
    expect(await channel(p.u, p.postId)).toMatchObject({ status: "published" });
    expect(await remote("instagram", "media", p.content)).toHaveLength(1);
    const containers = await remote("instagram", "container", p.content);
    expect(containers.find((c) => c.id === young.remoteId)?.status).toBe("PUBLISHED");
    expect(containers.find((c) => c.id === old.remoteId)?.status).toBeNull();
  });
});

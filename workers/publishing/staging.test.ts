import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { postTargets, targetStagings } from "../db/schema/index";
import { buildServices } from "../services";
import { testDb } from "../test/fixtures";
import { call, ORIGIN, registerUser } from "../test/helpers";
import { fileOf, mp4Bytes } from "../test/media-fixtures";
import { advanceEmulator, armFault, connectViaEmulator } from "../test/oauth";
import { clearFaults } from "../test/platform-sandbox";
import { claimDueTargets } from "./claim";
import { publishTarget } from "./consumer";
import { publishDeps } from "./deps";
import { DEFAULT_LEASES } from "./lease";
import { stageAhead } from "./staging";

/**
 * Staging (ADR 029) through the real queue and the emulator: a YouTube video goes up private a day ahead,
 * and at the due second one videos.update makes it public. Edits, cancels and deletes leave nothing behind.
 */
const deps = (shiftMs = 0) => publishDeps(buildServices(env, () => Date.now() + shiftMs, ORIGIN));
const sweep = (shiftMs = 0) => stageAhead({ ...deps(shiftMs), queue: env.PUBLISH_QUEUE, leases: DEFAULT_LEASES });

async function scheduledVideoPost(opts: { size?: number } = {}) {
  const u = await registerUser();
  await connectViaEmulator(u.cookie, "youtube");
  const accounts = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data.accounts as Array<{
    _id: string;
  }>;
  const form = new FormData();
  const bytes = await mp4Bytes({ width: 1280, height: 720, seconds: 1, size: opts.size });
  form.append("files", fileOf(bytes, "clip.mp4", "video/mp4"));
  const video = (await call<"POST /api/media/upload">("/api/media/upload", { token: u.token, body: form })).body.data[0]
    .id as string;
  const content = `Staged video ${crypto.randomUUID().slice(0, 8)}`;
  const res = await call<"POST /api/posts">("/api/posts", {
    token: u.token,
    body: {
      content,
      title: content,
      platforms: ["youtube"],
      selectedAccounts: { youtube: [accounts[0]!._id] },
      videos: [video],
      youtubeVideo: video,
      status: "scheduled",
      scheduledDate: new Date(Date.now() + 3 * 3600_000).toISOString(),
    },
  });
  expect(res.status, res.body.message).toBe(201);
  const postId = res.body.data._id as string;
  const targetId = res.body.data.platformPosts[0].id as string;
  return { u, postId, targetId, content };
}

const staging = async (targetId: string) =>
  (await testDb().select().from(targetStagings).where(eq(targetStagings.targetId, targetId)))[0];

/** Waits for the queue's staging step to leave `staging`. */
const staged = (targetId: string) =>
  vi.waitFor(
    async () => {
      const row = await staging(targetId);
      if (!row || row.state === "staging") throw new Error(`still ${row?.state ?? "unstaged"}`);
      return row;
    },
    { timeout: 20_000, interval: 100 },
  );

/** The emulator's videos whose title carries the post's text, with their privacy and tags. */
async function remoteVideos(text: string) {
  const { results } = await env.DB.prepare(
    "SELECT id, json_extract(data, '$.privacyStatus') AS privacy, json_extract(data, '$.snippet.tags') AS tags FROM emu_objects WHERE platform = 'youtube' AND kind = 'video' AND json_extract(data, '$.snippet.title') LIKE ?",
  )
    .bind(`${text}%`)
    .all<{ id: string; privacy: string; tags: string }>();
  return results;
}

async function channel(u: { token: string }, postId: string) {
  return (await call<"GET /api/posts/:id">(`/api/posts/${postId}`, { token: u.token })).body.data.platformPosts[0];
}

/** Makes the target due and claims it, as the cron does at its minute (the message is then ours to drive). */
async function claimNow(targetId: string) {
  await testDb().update(postTargets).set({ dueAt: Date.now() }).where(eq(postTargets.id, targetId));
  const d = deps();
  await claimDueTargets({ db: d.db, d1: env.DB, queue: { sendBatch: async () => {} } as never, now: d.now });
  expect((await testDb().select().from(postTargets).where(eq(postTargets.id, targetId)))[0]!.status).toBe("queued");
}

afterEach(clearFaults);

describe("staging a video ahead", () => {
  it("uploads it private ahead, shows it prepared, and at its time publishes it with one call", async () => {
    const p = await scheduledVideoPost();
    expect((await sweep()).enqueued).toBeGreaterThanOrEqual(1);
    const row = await staged(p.targetId);
    expect(row).toMatchObject({ state: "ready", errorMessage: null });
    expect(await remoteVideos(p.content)).toEqual([
      { id: row.remoteId, privacy: "private", tags: JSON.stringify([`postline-staged-${p.targetId}`]) },
    ]);
    expect((await channel(p.u, p.postId)).preparation).toEqual({ state: "ready", message: null });

    await claimNow(p.targetId);
    expect(await publishTarget(p.targetId, deps())).toEqual({ ack: true });
    const t = await channel(p.u, p.postId);
    expect(t).toMatchObject({ status: "published", remoteId: row.remoteId, preparation: null });
    expect(await remoteVideos(p.content)).toEqual([
      { id: row.remoteId, privacy: "public", tags: JSON.stringify([`postline-${p.targetId}`]) },
    ]);
    // The published video is the post now: the cleanup forgets the staging without deleting it.
    await sweep();
    expect(await staging(p.targetId)).toBeUndefined();
    expect(await remoteVideos(p.content)).toHaveLength(1);
  });

  it.each(["429", "500", "timeout", "drop"] as const)(
    "publishes a staged video exactly once when its final call meets %s",
    async (mode) => {
      const p = await scheduledVideoPost();
      await sweep();
      const row = await staged(p.targetId);
      await claimNow(p.targetId);
      await armFault("youtube", mode, 1, { method: "PUT", path: "^/youtube/v3/videos" });
      let rounds = 0;
      while ((await publishTarget(p.targetId, deps())).ack !== true) expect(++rounds).toBeLessThan(3);
      // A lost answer is looked up before anything is sent again; a refused call is retried.
      const t = await channel(p.u, p.postId);
      expect(t).toMatchObject({ status: "published", remoteId: row.remoteId });
      expect(await remoteVideos(p.content)).toEqual([
        { id: row.remoteId, privacy: "public", tags: JSON.stringify([`postline-${p.targetId}`]) },
      ]);
      const { results } = await env.DB.prepare(
        "SELECT kind, outcome FROM publish_attempts WHERE target_id = ? ORDER BY started_at, rowid",
      )
        .bind(p.targetId)
        .all();
      const published = results.filter((a) => a.outcome === "published" || a.outcome === "found");
      expect(published).toHaveLength(1);
    },
  );

  it("polls a video the platform is still processing until it is ready", async () => {
    const p = await scheduledVideoPost({ size: 10 * 1024 * 1024 + 4096 });
    await sweep();
    expect(await staged(p.targetId)).toMatchObject({ state: "processing" });
    expect((await channel(p.u, p.postId)).preparation).toEqual({ state: "preparing", message: null });
    await advanceEmulator(61_000);
    await sweep(61_000);
    await vi.waitFor(async () => expect((await staging(p.targetId))?.state).toBe("ready"), {
      timeout: 20_000,
      interval: 100,
    });
  });
});

describe("cleaning up what was staged", () => {
  it("an edit deletes the staged video and stages the new one; unscheduling deletes that too", async () => {
    const p = await scheduledVideoPost();
    await sweep();
    const first = await staged(p.targetId);
    const edited = await call<"PUT /api/posts/:id">(`/api/posts/${p.postId}`, {
      method: "PUT",
      token: p.u.token,
      body: { content: `${p.content} (edited)` },
    });
    expect(edited.status, edited.body.message).toBe(200);
    expect((await sweep()).cleaned).toBe(1);
    expect((await remoteVideos(p.content)).map((v) => v.id)).not.toContain(first.remoteId);
    expect(await remoteVideos(p.content)).toEqual([]);

    await sweep();
    const second = await staged(p.targetId);
    expect(second.remoteId).not.toBe(first.remoteId);
    expect(await remoteVideos(p.content)).toHaveLength(1);

    const unscheduled = await call<"PUT /api/posts/:id">(`/api/posts/${p.postId}`, {
      method: "PUT",
      token: p.u.token,
      body: { status: "draft" },
    });
    expect(unscheduled.status, unscheduled.body.message).toBe(200);
    expect((await sweep()).cleaned).toBe(1);
    expect(await remoteVideos(p.content)).toEqual([]);
    expect(await staging(p.targetId)).toBeUndefined();
  });

  it("deleting the post deletes its staged video", async () => {
    const p = await scheduledVideoPost();
    await sweep();
    await staged(p.targetId);
    expect(
      (await call<"DELETE /api/posts/:id">(`/api/posts/${p.postId}`, { method: "DELETE", token: p.u.token })).status,
    ).toBe(200);
    expect((await sweep()).cleaned).toBe(1);
    expect(await remoteVideos(p.content)).toEqual([]);
    expect(await staging(p.targetId)).toBeUndefined();
  });
});

describe("a staging failure", () => {
  it("shows on the channel before its time, with when it is retried, and the retry prepares it", async () => {
    const p = await scheduledVideoPost();
    await armFault("youtube", "500", 1, { method: "POST", path: "^/upload/youtube/v3/videos" });
    await sweep();
    const failed = await staged(p.targetId);
    expect(failed).toMatchObject({ state: "failed", errorKind: "retryable" });
    const t = await channel(p.u, p.postId);
    expect(t.status).toBe("scheduled");
    expect(t.preparation?.state).toBe("failed");
    expect(t.preparation?.message).toMatch(/^Could not prepare: .+; will retry at \d\d:\d\d\.$/);
    expect(await remoteVideos(p.content)).toEqual([]);

    // Another user never sees it.
    const other = await registerUser();
    expect((await call<"GET /api/posts/:id">(`/api/posts/${p.postId}`, { token: other.token })).status).toBe(404);

    await sweep(failed.nextAttemptAt! - Date.now() + 1000);
    await vi.waitFor(async () => expect((await staging(p.targetId))?.state).toBe("ready"), {
      timeout: 20_000,
      interval: 100,
    });
    expect((await channel(p.u, p.postId)).preparation).toEqual({ state: "ready", message: null });
  });
});

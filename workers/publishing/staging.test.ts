import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { targetStagings } from "../db/schema/index";
import { call, registerUser } from "../test/helpers";
import { fileOf, jpegBytes, mp4Bytes } from "../test/media-fixtures";
import { advanceEmulator, armFault, connectViaEmulator } from "../test/oauth";
import { clearFaults } from "../test/platform-sandbox";
import { dbOfTarget, drizzleOfTarget } from "../test/shards";
import {
  attemptsOf,
  channel,
  claimNow,
  stagingDeps as deps,
  editPost,
  publishedAttempts,
  staged,
  stagingOf as staging,
  sweep,
} from "../test/staging-kit";
import { publishTarget } from "./consumer";

/**
 * Staging (ADR 029) through the real queue and the emulator: a YouTube video goes up private a day ahead,
 * and at the due second one videos.update makes it public. Edits, cancels and deletes leave nothing behind.
 */

async function scheduledVideoPost(opts: { size?: number } = {}) {
  const u = await registerUser();
  await connectViaEmulator(u.cookie, "youtube");
  const accounts = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data.accounts as Array<{
    _id: string;
  }>;
  const form = new FormData();
  const bytes = await mp4Bytes({ width: 1280, height: 720, seconds: 3, size: opts.size });
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

/** The emulator's videos whose title carries the post's text, with their privacy and tags. */
async function remoteVideos(text: string) {
  const { results } = await env.DB.prepare(
    "SELECT id, json_extract(data, '$.privacyStatus') AS privacy, json_extract(data, '$.snippet.tags') AS tags FROM emu_objects WHERE platform = 'youtube' AND kind = 'video' AND json_extract(data, '$.snippet.title') LIKE ?",
  )
    .bind(`${text}%`)
    .all<{ id: string; privacy: string; tags: string }>();
  return results;
}

afterEach(clearFaults);

describe("staging a video ahead", () => {
  it("uploads it private ahead, shows it prepared, and at its time publishes it with one call", async () => {
    const p = await scheduledVideoPost();
    // Scheduling it staged it: the cron's sweep finds nothing left to claim.
    const row = await staged(p.targetId);
    expect((await sweep()).enqueued).toBe(0);
    expect(row).toMatchObject({ state: "ready", errorMessage: null });
    expect(await remoteVideos(p.content)).toEqual([
      { id: row.remoteId, privacy: "private", tags: JSON.stringify([`postline-staged-${p.targetId}`]) },
    ]);
    expect((await channel(p.u, p.postId)).preparation).toEqual({ state: "ready", message: null });

    await claimNow(p.targetId);
    expect(await publishTarget(p.targetId, await deps(p.targetId))).toEqual({ ack: true });
    const t = await channel(p.u, p.postId);
    expect(t).toMatchObject({ status: "published", remoteId: row.remoteId, preparation: null });
    expect(await remoteVideos(p.content)).toEqual([
      { id: row.remoteId, privacy: "public", tags: JSON.stringify([`postline-${p.targetId}`]) },
    ]);
    // The flip's answer is read as the published video: no "answered without a valid id" and lookup after it.
    expect(await attemptsOf(p.targetId)).toEqual([{ kind: "publish", outcome: "published" }]);
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
      while ((await publishTarget(p.targetId, await deps(p.targetId))).ack !== true) expect(++rounds).toBeLessThan(3);
      // A lost answer is looked up before anything is sent again; a refused call is retried.
      const t = await channel(p.u, p.postId);
      expect(t).toMatchObject({ status: "published", remoteId: row.remoteId });
      expect(await remoteVideos(p.content)).toEqual([
        { id: row.remoteId, privacy: "public", tags: JSON.stringify([`postline-${p.targetId}`]) },
      ]);
      expect(await publishedAttempts(p.targetId)).toHaveLength(1);
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
    await editPost(p.u, p.postId, { content: `${p.content} (edited)` });
    expect((await sweep()).cleaned).toBe(1);
    expect((await remoteVideos(p.content)).map((v) => v.id)).not.toContain(first.remoteId);
    expect(await remoteVideos(p.content)).toEqual([]);

    await sweep();
    const second = await staged(p.targetId);
    expect(second.remoteId).not.toBe(first.remoteId);
    expect(await remoteVideos(p.content)).toHaveLength(1);

    await editPost(p.u, p.postId, { status: "draft" });
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
    await armFault("youtube", "500", 1, { method: "POST", path: "^/upload/youtube/v3/videos" });
    const p = await scheduledVideoPost();
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

/**
 * X and LinkedIn (ADR 034): the media is uploaded ahead (X: initialize/append/finalize; LinkedIn: initializeUpload,
 * parts, finalize), a video polled until processed, and at the due second one create call uses the staged ids.
 */
type Network = "twitter" | "linkedin";
const CREATE_CALL: Record<Network, string> = { twitter: "^/2/tweets$", linkedin: "^/rest/posts$" };

async function scheduledMediaPost(platform: Network, opts: { video?: boolean; size?: number; dueInMs?: number } = {}) {
  const u = await registerUser();
  // A LinkedIn organization, whose posts can be listed: a lost answer is then looked up rather than left unconfirmed.
  await connectViaEmulator(u.cookie, platform, platform === "linkedin" ? { choices: ["10001"] } : {});
  const accounts = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data.accounts as Array<{
    _id: string;
    platform: string;
    isCompanyPage: boolean;
  }>;
  const account = accounts.find((a) => a.platform === platform && (platform !== "linkedin" || a.isCompanyPage))!;
  const form = new FormData();
  form.append(
    "files",
    opts.video
      ? fileOf(await mp4Bytes({ width: 1280, height: 720, seconds: 3, size: opts.size }), "clip.mp4", "video/mp4")
      : fileOf(jpegBytes(1080, 1080), "photo.jpg", "image/jpeg"),
  );
  const media = (await call<"POST /api/media/upload">("/api/media/upload", { token: u.token, body: form })).body.data[0]
    .id as string;
  const content = `Staged ${platform} ${crypto.randomUUID().slice(0, 8)}`;
  const res = await call<"POST /api/posts">("/api/posts", {
    token: u.token,
    body: {
      content,
      platforms: [platform],
      selectedAccounts: { [platform]: [account._id] },
      ...(opts.video ? { videos: [media] } : { images: [media] }),
      status: "scheduled",
      scheduledDate: new Date(Date.now() + (opts.dueInMs ?? 3 * 3600_000)).toISOString(),
    },
  });
  expect(res.status, res.body.message).toBe(201);
  return {
    u,
    accountId: account._id,
    postId: res.body.data._id as string,
    targetId: res.body.data.platformPosts[0].id as string,
    content,
  };
}

/** The posts on the emulator with this text, and the media each carries. */
async function remotePosts(platform: Network, text: string) {
  const { results } = await env.DB.prepare(
    platform === "twitter"
      ? "SELECT id, json_extract(data, '$.mediaIds') AS media FROM emu_objects WHERE platform = 'twitter' AND kind = 'tweet' AND json_extract(data, '$.text') = ?"
      : "SELECT id, json_extract(data, '$.mediaIds') AS media FROM emu_objects WHERE platform = 'linkedin' AND kind = 'post' AND json_extract(data, '$.commentary') = ?",
  )
    .bind(text)
    .all<{ id: string; media: string }>();
  return results.map((r) => ({ id: r.id, media: JSON.parse(r.media) as string[] }));
}

const stagedIds = (remoteId: string | null) => (remoteId ?? "").split(",");

/** One processing check through the sweep and the queue, as the cron's minute would send it; the row it left. */
async function pollOnce(targetId: string) {
  await (await drizzleOfTarget(targetId))
    .update(targetStagings)
    .set({ nextAttemptAt: 0 })
    .where(eq(targetStagings.targetId, targetId));
  await sweep();
  return vi.waitFor(
    async () => {
      const row = await staging(targetId);
      // The sweep leases the check for five minutes; the queue's check sets the next one a minute out (none when ready).
      if (!row || (row.nextAttemptAt !== null && row.nextAttemptAt > Date.now() + 2 * 60_000))
        throw new Error("check not done yet");
      return row;
    },
    { timeout: 20_000, interval: 100 },
  );
}

describe("staging X and LinkedIn media ahead", () => {
  it.each(["twitter", "linkedin"] as const)(
    "%s: a video due in a few minutes is staged when scheduled (no cron), polled until processed, then posted with one call",
    async (platform) => {
      // 21 MB: two minutes of processing on the emulator clock.
      const p = await scheduledMediaPost(platform, { video: true, size: 21 * 1024 * 1024, dueInMs: 3 * 60_000 });
      const row = await staged(p.targetId);
      expect(row).toMatchObject({ state: "processing", errorMessage: null });
      expect((await channel(p.u, p.postId)).preparation).toEqual({ state: "preparing", message: null });
      expect(await pollOnce(p.targetId)).toMatchObject({ state: "processing" });
      await advanceEmulator(3 * 60_000);
      expect(await pollOnce(p.targetId)).toMatchObject({ state: "ready" });
      expect(await remotePosts(platform, p.content)).toEqual([]);

      await claimNow(p.targetId);
      expect(await publishTarget(p.targetId, await deps(p.targetId))).toEqual({ ack: true });
      const t = await channel(p.u, p.postId);
      expect(t).toMatchObject({ status: "published", preparation: null });
      expect(await remotePosts(platform, p.content)).toEqual([{ id: t.remoteId, media: stagedIds(row.remoteId) }]);
    },
  );

  it.each(["twitter", "linkedin"] as const)(
    "%s: a processing check that meets a 500 keeps the upload, still shows preparing, and checks it again",
    async (platform) => {
      const p = await scheduledMediaPost(platform, { video: true, size: 21 * 1024 * 1024, dueInMs: 3 * 60_000 });
      const row = await staged(p.targetId);
      expect(row.state).toBe("processing");
      await advanceEmulator(3 * 60_000);
      await armFault(platform, "500", 1, { method: "GET" });
      const after = await pollOnce(p.targetId);
      // Not failed and started over: the same upload, checked again after the backoff.
      expect(after).toMatchObject({ state: "processing", remoteId: row.remoteId, errorKind: null });
      expect(after.nextAttemptAt).toBeGreaterThan(Date.now());
      expect((await channel(p.u, p.postId)).preparation).toEqual({ state: "preparing", message: null });
      expect(await pollOnce(p.targetId)).toMatchObject({ state: "ready", remoteId: row.remoteId });
    },
  );

  it.each(
    (["twitter", "linkedin"] as const).flatMap((platform) =>
      (["429", "500", "timeout", "drop"] as const).map((mode) => [platform, mode] as const),
    ),
  )("%s: a staged post is published exactly once when its create call meets %s", async (platform, mode) => {
    const p = await scheduledMediaPost(platform);
    const row = await staged(p.targetId);
    expect(row.state).toBe("ready");
    await claimNow(p.targetId);
    await armFault(platform, mode, 1, { method: "POST", path: CREATE_CALL[platform] });
    let rounds = 0;
    while ((await publishTarget(p.targetId, await deps(p.targetId))).ack !== true) expect(++rounds).toBeLessThan(3);
    const t = await channel(p.u, p.postId);
    expect(t.status).toBe("published");
    // One post, carrying the media uploaded ahead: a lost answer was looked up, a refused call sent again.
    expect(await remotePosts(platform, p.content)).toEqual([{ id: t.remoteId, media: stagedIds(row.remoteId) }]);
    const { results } = await (await dbOfTarget(p.targetId))
      .prepare("SELECT outcome FROM publish_attempts WHERE target_id = ?")
      .bind(p.targetId)
      .all<{ outcome: string }>();
    expect(results.filter((a) => a.outcome === "published" || a.outcome === "found")).toHaveLength(1);
  });

  it.each(["twitter", "linkedin"] as const)(
    "%s: an edit re-stages, a cancel forgets the staged media, and nothing is ever posted",
    async (platform) => {
      const p = await scheduledMediaPost(platform);
      const first = await staged(p.targetId);
      await editPost(p.u, p.postId, { content: `${p.content} (edited)` });
      await sweep();
      expect(await staging(p.targetId)).toBeUndefined();
      await sweep();
      const second = await staged(p.targetId);
      expect(stagedIds(second.remoteId)).not.toContain(stagedIds(first.remoteId)[0]);

      await editPost(p.u, p.postId, { status: "draft" });
      await sweep();
      expect(await staging(p.targetId)).toBeUndefined();
      expect(await remotePosts(platform, p.content)).toEqual([]);
      expect(await remotePosts(platform, `${p.content} (edited)`)).toEqual([]);
      if (platform === "twitter") {
        // X offers no delete for uploaded media: what no post used is gone once it expires, a day after upload.
        const credentials = await (await deps(p.targetId)).credentials(p.accountId);
        const handle = { remoteId: second.remoteId!, ready: true, expiresAt: second.expiresAt };
        const x = (await deps(p.targetId)).client("twitter").staging!;
        expect(await x.check(credentials, handle)).toEqual(handle);
        expect(second.expiresAt! - Date.now()).toBeGreaterThan(23 * 3600_000);
        await advanceEmulator(24 * 3600_000 + 60_000);
        // The access token expired on the emulator's clock too: a fresh one asks about the media.
        expect(await x.check((await (await deps(p.targetId)).refreshCredentials(p.accountId))!, handle)).toBeNull();
      }
    },
  );

  it.each(["twitter", "linkedin"] as const)(
    "%s: a failed upload shows on the channel before its time, and the retry prepares it",
    async (platform) => {
      const upload = platform === "twitter" ? "^/2/media/upload/initialize$" : "^/rest/images";
      await armFault(platform, "500", 1, { method: "POST", path: upload });
      const p = await scheduledMediaPost(platform);
      const failed = await staged(p.targetId);
      expect(failed).toMatchObject({ state: "failed", errorKind: "retryable" });
      const t = await channel(p.u, p.postId);
      expect(t.status).toBe("scheduled");
      expect(t.preparation?.message).toMatch(/^Could not prepare: .+; will retry at \d\d:\d\d\.$/);
      await sweep(failed.nextAttemptAt! - Date.now() + 1000);
      await vi.waitFor(async () => expect((await staging(p.targetId))?.state).toBe("ready"), {
        timeout: 20_000,
        interval: 100,
      });
      expect((await channel(p.u, p.postId)).preparation).toEqual({ state: "ready", message: null });
    },
  );
});

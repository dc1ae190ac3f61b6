import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { postMedia, postTargets } from "../db/schema/index";
import { parseConfig } from "../env";
import type { Platform } from "../platform-profile";
import { insertScheduledPost } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";
import { fileOf, mp4Bytes } from "../test/media-fixtures";
import { advanceEmulator, armFault, connectViaEmulator, platformHarness } from "../test/oauth";
import { clearFaults } from "../test/platform-sandbox";
import { dbOfTarget, drizzleOf, drizzleOfTarget, publishDepsOf } from "../test/shards";
import { publishTarget } from "./consumer";
import { handleRecorder } from "./staging";

/**
 * TikTok in the fault suite: a 429, 500, timeout or lost answer on video/init, on a chunk or on status/fetch, and a
 * consumer that died after the upload, each end with the video posted once. The publish_id is recorded before the
 * upload (ADR 064), so a retry carries on with that publish instead of starting another. Scheduling through the API
 * holds a TikTok channel to the settings TikTok requires the user to choose.
 */
const { registry } = platformHarness();
// The app's deps, with a client whose waits between status polls move the emulator clock instead of sleeping.
const deps = async (targetId: string) => ({
  ...(await publishDepsOf(targetId)),
  client: (p: Platform) => registry[p],
});

async function queuedVideo() {
  const u = await registerUser();
  await connectViaEmulator(u.cookie, "tiktok");
  const accounts = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data.accounts as Array<{
    _id: string;
    platform: string;
  }>;
  const accountId = accounts.find((a) => a.platform === "tiktok")!._id;
  const text = `TikTok fault test ${crypto.randomUUID().slice(0, 8)}`;
  const { targetIds, postId } = await insertScheduledPost(
    u.user.id,
    [{ accountId, platform: "tiktok", dueAt: Date.now(), status: "queued" }],
    text,
  );
  const form = new FormData();
  form.append("files", fileOf(await mp4Bytes({ width: 1080, height: 1920, seconds: 2 }), "clip.mp4"));
  const mediaId = (await call<"POST /api/media/upload">("/api/media/upload", { token: u.token, body: form })).body
    .data[0]!.id as string;
  const db = await drizzleOf(u.user.id);
  await db.insert(postMedia).values({ postId, mediaId, position: 0 });
  const targetId = targetIds[0]!;
  await db
    .update(postTargets)
    .set({ version: { options: { tiktokPrivacy: "PUBLIC_TO_EVERYONE" } } })
    .where(eq(postTargets.id, targetId));
  return { accountId, targetId, text };
}

const target = async (id: string) =>
  (await (await drizzleOfTarget(id)).select().from(postTargets).where(eq(postTargets.id, id)))[0]!;

/** Publishes TikTok has of this caption: every init, and those whose bytes all arrived (what can become a post). */
async function publishes(text: string) {
  const row = await env.DB.prepare(
    `SELECT count(*) AS inits,
       sum(json_extract(data, '$.uploaded') = json_extract(data, '$.videoSize')) AS uploaded
     FROM emu_objects WHERE platform = 'tiktok' AND kind = 'publish' AND data LIKE ?`,
  )
    .bind(`%${text}%`)
    .first<{ inits: number; uploaded: number | null }>();
  return { inits: row!.inits, uploaded: row!.uploaded ?? 0 };
}

async function deliverUntilDone(targetId: string) {
  for (let i = 0; i < 4; i++) if ((await publishTarget(targetId, await deps(targetId))).ack) break;
  const row = await target(targetId);
  expect(row.status, row.errorMessage ?? "").toBe("published");
  expect(row.remoteId).toMatch(/^\d{19}$/);
  expect(row.permalink).toBe(`https://www.tiktok.com/@postline.demo/video/${row.remoteId}`);
  return row;
}

afterEach(clearFaults);

describe("TikTok fault suite", () => {
  it.each(["429", "500", "timeout"] as const)("a %s on video/init is retried later and posts once", async (mode) => {
    const t = await queuedVideo();
    await armFault("tiktok", mode, 1, { method: "POST", path: "^/v2/post/publish/video/init/$" });
    const first = await publishTarget(t.targetId, await deps(t.targetId));
    expect(first.ack).toBe(false);
    // TikTok's limits are per minute: a 429 waits for the next window.
    if (mode === "429" && !first.ack) expect(first.delaySeconds).toBeGreaterThanOrEqual(50);
    expect(await publishes(t.text)).toEqual({ inits: 0, uploaded: 0 });
    await deliverUntilDone(t.targetId);
    expect(await publishes(t.text)).toEqual({ inits: 1, uploaded: 1 });
  });

  it.each(["429", "500", "timeout", "drop"] as const)(
    "a %s on status/fetch carries on with the recorded publish_id: no second init",
    async (mode) => {
      const t = await queuedVideo();
      await armFault("tiktok", mode, 1, { method: "POST", path: "^/v2/post/publish/status/fetch/$" });
      expect((await publishTarget(t.targetId, await deps(t.targetId))).ack).toBe(false);
      await deliverUntilDone(t.targetId);
      expect(await publishes(t.text)).toEqual({ inits: 1, uploaded: 1 });
    },
  );

  it("a lost answer to the last chunk is settled by the publish's status, never uploaded as a new post", async () => {
    const t = await queuedVideo();
    await armFault("tiktok", "drop", 1, { method: "PUT" });
    await deliverUntilDone(t.targetId);
    expect(await publishes(t.text)).toEqual({ inits: 1, uploaded: 1 });
  });

  it("a lost answer to video/init left only an empty publish (no bytes): the retry's post is the only one", async () => {
    const t = await queuedVideo();
    await armFault("tiktok", "drop", 1, { method: "POST", path: "^/v2/post/publish/video/init/$" });
    expect((await publishTarget(t.targetId, await deps(t.targetId))).ack).toBe(false);
    await deliverUntilDone(t.targetId);
    expect(await publishes(t.text)).toEqual({ inits: 2, uploaded: 1 });
  });

  it("a consumer that died after the upload: the redelivery polls the recorded publish and posts nothing new", async () => {
    const t = await queuedVideo();
    const d = await deps(t.targetId);
    const row = await target(t.targetId);
    const { request } = await d.buildRequest(row);
    await (await dbOfTarget(t.targetId))
      .prepare("UPDATE post_targets SET status = 'publishing', attempt_count = 1, claimed_at = ? WHERE id = ?")
      .bind(Date.now() - 5000, t.targetId)
      .run();
    // What the dead delivery did: init, the handle recorded, the bytes uploaded; then it stopped before settling.
    const record = handleRecorder(row, d);
    await d.client("tiktok")!.publish(await d.credentials(t.accountId), {
      ...request,
      recordHandle: (h) => record(request, h),
    });
    expect((await target(t.targetId)).status).toBe("publishing");
    expect(await publishTarget(t.targetId, d)).toEqual({ ack: true });
    await deliverUntilDone(t.targetId);
    expect(await publishes(t.text)).toEqual({ inits: 1, uploaded: 1 });
  });

  it("a post TikTok refuses fails with TikTok's words and is not retried", async () => {
    const t = await queuedVideo();
    await (await drizzleOfTarget(t.targetId))
      .update(postTargets)
      .set({ version: { options: { tiktokPrivacy: "FOLLOWER_OF_CREATOR" } } })
      .where(eq(postTargets.id, t.targetId));
    expect(await publishTarget(t.targetId, await deps(t.targetId))).toEqual({ ack: true });
    const row = await target(t.targetId);
    expect([row.status, row.errorMessage]).toEqual([
      "failed",
      "This TikTok account can post to: Everyone, Friends, Only me",
    ]);
    expect(await publishes(t.text)).toEqual({ inits: 0, uploaded: 0 });
  });
});

describe("TikTok pulling the video from a verified URL prefix", () => {
  // The prefix the app's signed media links start with, as a deployment verifies it in TikTok's portal.
  const prefix = `${parseConfig(env).APP_ORIGIN}/media/`;
  const pulling = platformHarness({ tiktok: { privateOnly: false, verifiedUrlPrefixes: [prefix] } });
  const pullDeps = async (targetId: string) => ({
    ...(await deps(targetId)),
    client: (p: Platform) => pulling.registry[p],
  });
  const deliver = async (targetId: string) => {
    for (let i = 0; i < 4; i++) if ((await publishTarget(targetId, await pullDeps(targetId))).ack) break;
    const row = await target(targetId);
    expect([row.status, row.errorMessage]).toEqual(["published", null]);
    return row;
  };

  it("a 500 or a lost answer on status/fetch carries on with the recorded publish_id: one init", async () => {
    for (const mode of ["500", "drop"] as const) {
      const t = await queuedVideo();
      await armFault("tiktok", mode, 1, { method: "POST", path: "^/v2/post/publish/status/fetch/$" });
      expect((await publishTarget(t.targetId, await pullDeps(t.targetId))).ack).toBe(false);
      expect((await deliver(t.targetId)).remoteId).toMatch(/^\d{19}$/);
      expect(await publishes(t.text)).toEqual({ inits: 1, uploaded: 0 });
    }
  });

  it("a lost answer to the pulling init is looked for until TikTok has reviewed it, never sent again", async () => {
    const t = await queuedVideo();
    await armFault("tiktok", "drop", 1, { method: "POST", path: "^/v2/post/publish/video/init/$" });
    // The post is on TikTok but not listed while it is processed and reviewed: the lookup says so and waits.
    expect((await publishTarget(t.targetId, await pullDeps(t.targetId))).ack).toBe(false);
    expect((await publishTarget(t.targetId, await pullDeps(t.targetId))).ack).toBe(false);
    expect((await target(t.targetId)).status).not.toBe("published");
    await advanceEmulator(60_000);
    await deliver(t.targetId);
    expect(await publishes(t.text)).toEqual({ inits: 1, uploaded: 0 });
  });
});

describe("scheduling a TikTok post through the API", () => {
  it("is refused until the user chooses who can see it, then takes the channel's TikTok settings", async () => {
    const u = await registerUser();
    await connectViaEmulator(u.cookie, "tiktok");
    const accounts = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data
      .accounts as Array<{ _id: string; platform: string }>;
    const accountId = accounts.find((a) => a.platform === "tiktok")!._id;
    const form = new FormData();
    form.append("files", fileOf(await mp4Bytes({ width: 1080, height: 1920, seconds: 2 }), "clip.mp4"));
    const video = (await call<"POST /api/media/upload">("/api/media/upload", { token: u.token, body: form })).body
      .data[0]!.id as string;
    const post = (options?: Record<string, unknown>) =>
      call<"POST /api/posts">("/api/posts", {
        token: u.token,
        body: {
          content: "Sourdough at dawn",
          platforms: ["tiktok"],
          selectedAccounts: { tiktok: [accountId] },
          videos: [video],
          scheduledDate: new Date(Date.now() + 86_400_000).toISOString(),
          channels: options ? [{ platform: "tiktok", accountId, options }] : [],
        },
      });
    const refused = await post();
    expect([refused.status, refused.body.message]).toEqual([400, "Choose who can see this TikTok post"]);
    const scheduled = await post({ tiktokPrivacy: "MUTUAL_FOLLOW_FRIENDS", tiktokAllowComment: true });
    expect(scheduled.status).toBe(201);
  });
});

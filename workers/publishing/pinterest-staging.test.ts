import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Platform } from "../platform-profile";
import { call } from "../test/helpers";
import { fileOf, jpegBytes, mp4Bytes } from "../test/media-fixtures";
import { advanceEmulator, armFault, platformHarness } from "../test/oauth";
import { pinsWith, pinterestUser, RECIPES_BOARD } from "../test/pinterest-fixtures";
import { clearFaults } from "../test/platform-sandbox";
import { dbOf, drizzleOf, publishDepsOf } from "../test/shards";
import { attemptsOf, channel, claimNow, publishedAttempts, staged, stagingOf, sweep } from "../test/staging-kit";
import { publishTarget } from "./consumer";
import { handleRecorder } from "./staging";

/**
 * Pinterest video pins staged ahead (ADR 100): the upload is registered, sent and processed hours before the pin is
 * due, so at its time only `POST /v5/pins` remains; a pin published in one go records its upload's media id, so a
 * retry or a crash waits for that upload instead of sending the video again. Every case ends with one pin.
 */
const HOUR = 3_600_000;
const { registry } = platformHarness();
// The app's deps, with a client whose waits between processing polls move the emulator clock instead of sleeping.
const deps = async (targetId: string) => ({
  ...(await publishDepsOf(targetId)),
  client: (p: Platform) => registry[p],
});
const PIN = { method: "POST", path: "^/v5/pins$" };

/** A video pin to the Recipes board through the API, due in three hours (scheduled) or now (queued by hand). */
async function videoPin() {
  const user = await pinterestUser();
  const form = new FormData();
  form.append("files", fileOf(await mp4Bytes({ width: 720, height: 1280, seconds: 5 }), "loaf.mp4", "video/mp4"));
  const upload = await call<"POST /api/media/upload">("/api/media/upload", { token: user.u.token, body: form });
  const content = `Video pin ${crypto.randomUUID().slice(0, 8)}`;
  const res = await call<"POST /api/posts">("/api/posts", {
    token: user.u.token,
    body: {
      content,
      platforms: ["pinterest"],
      selectedAccounts: { pinterest: [user.accountId] },
      videos: [upload.body.data[0].id as string],
      channels: [{ platform: "pinterest", accountId: user.accountId, options: { board: RECIPES_BOARD } }],
      status: "scheduled",
      scheduledDate: new Date(Date.now() + 3 * HOUR).toISOString(),
    },
  });
  expect(res.status, res.body.message).toBe(201);
  // A personal workspace's id is its owner's.
  const workspaceId = user.u.user.id as string;
  return {
    ...user,
    postId: res.body.data._id as string,
    targetId: res.body.data.platformPosts[0].id,
    content,
    workspaceId,
  };
}

/** The pins on the emulated Pinterest carrying `text`, with the upload each names. */
async function pins(text: string) {
  const { results } = await env.DB.prepare(
    "SELECT id, json_extract(data, '$.media.media_id') AS mediaId FROM emu_objects WHERE platform = 'pinterest' AND kind = 'pin' AND json_extract(data, '$.description') = ?",
  )
    .bind(text)
    .all<{ id: string; mediaId: string }>();
  return results;
}

/** How many video uploads the emulated Pinterest has registered in all. */
const uploads = async () =>
  (await env.DB.prepare("SELECT count(*) AS n FROM emu_objects WHERE platform = 'pinterest' AND kind = 'media'").first<{
    n: number;
  }>())!.n;

/** Past the emulator's processing time of a small video (ten seconds). */
const processed = () => advanceEmulator(11_000);

afterEach(clearFaults);

describe("a Pinterest video pin staged ahead", () => {
  it("is uploaded and processed before its time, then pinned by one call naming the upload", async () => {
    const before = await uploads();
    const p = await videoPin();
    const row = await staged(p.targetId);
    expect(row).toMatchObject({ state: "processing", errorMessage: null });
    expect((await channel(p.u, p.postId)).preparation).toEqual({ state: "preparing", message: null });
    await processed();
    await sweep(61_000);
    await vi.waitFor(async () => expect((await stagingOf(p.targetId))?.state).toBe("ready"), {
      timeout: 20_000,
      interval: 100,
    });

    await claimNow(p.targetId);
    expect(await publishTarget(p.targetId, await deps(p.targetId))).toEqual({ ack: true });
    expect(await channel(p.u, p.postId)).toMatchObject({ status: "published", preparation: null });
    expect(await pins(p.content)).toEqual([{ id: expect.any(String), mediaId: row.remoteId }]);
    expect(await attemptsOf(p.targetId)).toEqual([{ kind: "publish", outcome: "published" }]);
    expect((await uploads()) - before).toBe(1);
  });

  it.each(["500", "drop"] as const)("meets a %s on the pin and still pins once", async (mode) => {
    const p = await videoPin();
    const row = await staged(p.targetId);
    await processed();
    await claimNow(p.targetId);
    const before = await uploads();
    await armFault("pinterest", mode, 1, PIN);
    let rounds = 0;
    while ((await publishTarget(p.targetId, await deps(p.targetId))).ack !== true) expect(++rounds).toBeLessThan(3);
    expect((await channel(p.u, p.postId)).status).toBe("published");
    expect(await pins(p.content)).toEqual([{ id: expect.any(String), mediaId: row.remoteId }]);
    expect(await publishedAttempts(p.targetId)).toHaveLength(1);
    expect(await uploads()).toBe(before);
  });

  it("an image pin is not staged: Pinterest fetches the image at the pin itself", async () => {
    const user = await pinterestUser();
    const form = new FormData();
    form.append("files", fileOf(jpegBytes(1000, 1500), "bread.jpg"));
    const image = (await call<"POST /api/media/upload">("/api/media/upload", { token: user.u.token, body: form })).body
      .data[0].id as string;
    const res = await call<"POST /api/posts">("/api/posts", {
      token: user.u.token,
      body: {
        content: `Image pin ${crypto.randomUUID().slice(0, 8)}`,
        platforms: ["pinterest"],
        selectedAccounts: { pinterest: [user.accountId] },
        images: [image],
        channels: [{ platform: "pinterest", accountId: user.accountId, options: { board: RECIPES_BOARD } }],
        status: "scheduled",
        scheduledDate: new Date(Date.now() + 3 * HOUR).toISOString(),
      },
    });
    expect(res.status, res.body.message).toBe(201);
    await sweep();
    expect(await stagingOf(res.body.data.platformPosts[0].id)).toBeUndefined();
  });
});

describe("a Pinterest video pin published in one go", () => {
  it("records its upload, so the retry after a failed pin waits for that upload instead of sending it again", async () => {
    const p = await videoPin();
    // Not staged: it went due before the sweep could prepare it.
    const shard = await dbOf(p.workspaceId);
    await shard.prepare("DELETE FROM target_stagings WHERE target_id = ?").bind(p.targetId).run();
    await claimNow(p.targetId);
    const before = await uploads();
    await armFault("pinterest", "500", 1, PIN);
    expect((await publishTarget(p.targetId, await deps(p.targetId))).ack).toBe(false);
    const recorded = await stagingOf(p.targetId);
    expect(recorded?.remoteId).toMatch(/^\d+$/);
    expect(await pinsWith(p.content)).toBe(0);

    let rounds = 0;
    while ((await publishTarget(p.targetId, await deps(p.targetId))).ack !== true) expect(++rounds).toBeLessThan(3);
    expect(await pins(p.content)).toEqual([{ id: expect.any(String), mediaId: recorded!.remoteId }]);
    expect((await uploads()) - before).toBe(1);
  });

  it("a consumer that died after the upload: the redelivery pins the recorded upload, nothing new", async () => {
    const p = await videoPin();
    const shard = await dbOf(p.workspaceId);
    await shard.prepare("DELETE FROM target_stagings WHERE target_id = ?").bind(p.targetId).run();
    await claimNow(p.targetId);
    const d = await deps(p.targetId);
    const target = (await (
      await drizzleOf(p.workspaceId)
    ).query.postTargets.findFirst({
      where: (t, { eq }) => eq(t.id, p.targetId),
    }))!;
    await shard
      .prepare("UPDATE post_targets SET status = 'publishing', attempt_count = 1, claimed_at = ? WHERE id = ?")
      .bind(Date.now() - 5000, p.targetId)
      .run();
    const { request } = await d.buildRequest(target);
    const before = await uploads();
    // What the dead delivery did: the video uploaded and its media id recorded, then it stopped before the pin.
    const record = handleRecorder(target, d);
    const died = new Error("the consumer died");
    await expect(
      registry.pinterest.publish(await d.credentials(p.accountId), {
        ...request,
        recordHandle: async (h) => {
          await record(request, h);
          throw died;
        },
      }),
    ).rejects.toBe(died);
    const recorded = await stagingOf(p.targetId);
    await processed();
    expect(await publishTarget(p.targetId, d)).toEqual({ ack: true });
    expect((await channel(p.u, p.postId)).status).toBe("published");
    expect(await pins(p.content)).toEqual([{ id: expect.any(String), mediaId: recorded?.remoteId }]);
    expect((await uploads()) - before).toBe(1);
  });
});

import { createExecutionContext, createMessageBatch, env, getQueueResult, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../app";
import {
  accountMetricSnapshots,
  connectedAccounts,
  postMedia,
  postMetricSnapshots,
  postTargets,
} from "../db/schema/index";
import type { ShardStamped } from "../db/shard-queues";
import { MAX_PUBLISH_ATTEMPTS } from "../delivery/retry-budget";
import type { Platform } from "../platform-profile";
import { insertScheduledPost } from "../test/fixtures";
import { call, ORIGIN, registerUser, settledPost, uploadImage } from "../test/helpers";
import { fileOf, mp4Bytes } from "../test/media-fixtures";
import { advanceEmulator, armFault, cipher, platformHarness, raw } from "../test/oauth";
import { clearFaults } from "../test/platform-sandbox";
import { dbOfTarget, drizzleOf, drizzleOfTarget, publishDepsOf, servicesOn, shardOfTarget } from "../test/shards";
import type { PublishMessage } from "./claim";
import { publishTarget } from "./consumer";
import { publishDeps } from "./deps";
import { DEFAULT_LEASES } from "./lease";
import { reconcileStuckTargets } from "./reconcile";
import { handleRecorder } from "./staging";

/**
 * Bluesky in the fault suite (as faults.test.ts and threads.test.ts do for the others), through the Worker's
 * queue handler and the emulated PDS: 429, 500, timeout and a dropped answer on the post or on a thread's
 * part end with every post exactly once, because each record's key was fixed before the first call (ADR 060). A
 * video post is uploaded once too: its job is recorded before the wait, and the service keys jobs by content (ADR 090).
 */
const DEMO = { handle: "postline-demo.bsky.social", appPassword: "pstl-demo-bsky-apps" };

async function setup() {
  const u = await registerUser();
  const res = await call<"POST /api/auth/:platform/app-password">("/api/auth/bluesky/app-password", {
    cookie: u.cookie,
    body: { identifier: DEMO.handle, appPassword: DEMO.appPassword },
  });
  expect(res.status).toBe(201);
  return { u, accountId: res.body.data.accounts[0]!.id };
}

/** The records on the emulated PDS carrying `tag`, oldest first, with the post each replies to. */
async function remotePosts(tag: string) {
  const rows = await env.DB.prepare(
    "SELECT id, data FROM emu_objects WHERE platform = 'bluesky' AND kind = 'app.bsky.feed.post' AND data LIKE ? ORDER BY created_at, rowid",
  )
    .bind(`%${tag}%`)
    .all<{ id: string; data: string }>();
  return rows.results.map((r) => {
    const { value } = JSON.parse(r.data) as {
      value: { text: string; langs?: string[]; reply?: { root: { uri: string }; parent: { uri: string } } };
    };
    return {
      uri: r.id,
      text: value.text,
      langs: value.langs,
      parent: value.reply?.parent.uri ?? null,
      root: value.reply?.root.uri ?? null,
    };
  });
}

async function deliver(targetId: string, attempts: number) {
  const batch = createMessageBatch<PublishMessage & ShardStamped>("postline-publish", [
    // The message names its target's shard, as the claim's stamped queue writes it (ADR 035).
    {
      id: `m${attempts}`,
      timestamp: new Date(),
      attempts,
      body: { targetId, claimId: "test", shard: await shardOfTarget(targetId) },
    },
  ]);
  const ctx = createExecutionContext();
  await (worker.queue as ExportedHandlerQueueHandler<Env>)(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

const target = async (id: string) =>
  (await (await drizzleOfTarget(id)).select().from(postTargets).where(eq(postTargets.id, id)))[0]!;

async function queued(accountId: string, userId: string, parts: string[]) {
  const [first, ...rest] = parts;
  const { targetIds } = await insertScheduledPost(
    userId,
    [{ accountId, platform: "bluesky", dueAt: Date.now(), status: "queued" }],
    first,
  );
  if (rest.length)
    await (await drizzleOf(userId))
      .update(postTargets)
      .set({ version: { thread: rest } })
      .where(eq(postTargets.id, targetIds[0]!));
  return targetIds[0]!;
}

/** Delivers until the channel settles (at most `max` deliveries); how many it took. */
async function untilSettled(targetId: string, max = 4) {
  let deliveries = 0;
  while (["queued", "publishing", "scheduled"].includes((await target(targetId)).status) && deliveries < max)
    await deliver(targetId, ++deliveries);
  return deliveries;
}

afterEach(clearFaults);

describe("Bluesky through the publisher", () => {
  it("publishes a post with an image, a 3-part thread and a first comment from the API, each once and in its language", {
    timeout: 60_000,
  }, async () => {
    const { u, accountId } = await setup();
    const tag = crypto.randomUUID().slice(0, 8);
    const image = await uploadImage(u.token);
    const res = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        content: `1/3 Morning bake ${tag} #bread`,
        platforms: ["bluesky"],
        selectedAccounts: { bluesky: [accountId] },
        images: [image],
        publishNow: true,
        channels: [
          {
            platform: "bluesky",
            accountId,
            thread: [`2/3 crumb shot ${tag}`, `3/3 recipe soon ${tag}`],
            firstComment: `Recipe link coming ${tag}`,
            options: { language: "pt" },
          },
        ],
      },
    });
    expect(res.status, res.body.message).toBe(201);
    const post = await settledPost(u.token, res.body.data._id, 30_000);
    const [channel] = post.platformPosts;
    expect(channel.status).toBe("published");
    expect(channel.permalink).toMatch(
      /^https:\/\/bsky\.app\/profile\/did:plc:[a-z2-7]{24}\/post\/[2-7a-j][2-7a-z]{12}$/,
    );
    const remote = await remotePosts(tag);
    const [p1, p2, p3] = [
      remote.find((r) => r.text.startsWith("1/3"))!,
      remote.find((r) => r.text.startsWith("2/3"))!,
      remote.find((r) => r.text.startsWith("3/3"))!,
    ];
    expect(remote).toHaveLength(4);
    expect(channel.remoteId).toBe(p1.uri);
    expect([p2.parent, p2.root, p3.parent, p3.root]).toEqual([p1.uri, p1.uri, p2.uri, p1.uri]);
    const comment = remote.find((r) => r.text.startsWith("Recipe link"))!;
    expect(comment.root).toBe(p1.uri);
    // The replies say what the first post says it is written in, so readers' language filters keep the thread whole.
    expect([p1, p2, p3, comment].map((p) => p.langs)).toEqual([["pt"], ["pt"], ["pt"], ["pt"]]);
    // In sandbox mode the permalink opens the emulator's viewer: the post, then its thread in order.
    const page = await (await raw(`/sandbox/view?url=${encodeURIComponent(channel.permalink!)}`)).text();
    expect(page).toContain("Bluesky post by Postline Demo (@postline-demo.bsky.social)");
    const at = [p1, p2, p3].map((p) => page.indexOf(p.text));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it("refuses a text over 300 graphemes when the post is saved, counting emoji with skin tones as one", async () => {
    const { u, accountId } = await setup();
    const image = await uploadImage(u.token);
    const body = (content: string) => ({
      content,
      platforms: ["bluesky"],
      selectedAccounts: { bluesky: [accountId] },
      images: [image],
      publishNow: true,
    });
    const over = await call("/api/posts", { token: u.token, body: body("👍🏽".repeat(301)) });
    expect([over.status, over.body.message]).toEqual([
      400,
      "Content exceeds character limit (301/300); Bluesky also holds a post to 3,000 bytes, so every 10 bytes count as 1 where emoji take more",
    ]);
    // 300 graphemes are 600 code points: a code-point count would refuse this one.
    const fits = await call("/api/posts", {
      token: u.token,
      body: { ...body("👍🏽".repeat(300)), publishNow: false, saveAsDraft: true },
    });
    expect(fits.status, fits.body.message).toBe(201);
  });

  const CREATE = "createRecord";
  for (const mode of ["429", "500", "timeout", "drop"] as const) {
    it(`${mode} on the post's create ends with exactly one post`, async () => {
      const { u, accountId } = await setup();
      const tag = crypto.randomUUID().slice(0, 8);
      const targetId = await queued(accountId, u.user.id, [`Single ${tag}`]);
      await armFault("bluesky", mode, 1, { method: "POST", path: CREATE });
      const deliveries = await untilSettled(targetId);
      const row = await target(targetId);
      expect(row.status).toBe("published");
      // A dropped answer is found on the same delivery; a fault nothing came of costs one more.
      expect(deliveries).toBe(mode === "drop" ? 1 : 2);
      const remote = await remotePosts(tag);
      expect(remote.map((r) => r.uri)).toEqual([row.remoteId]);
    });

    it(`${mode} on part 3 of a thread resumes from part 3 and ends with exactly 3 posts in a chain`, async () => {
      const { u, accountId } = await setup();
      const tag = crypto.randomUUID().slice(0, 8);
      const parts = [1, 2, 3].map((n) => `Part ${n} ${tag}`);
      const targetId = await queued(accountId, u.user.id, parts);
      await armFault("bluesky", mode, 1, { method: "POST", path: CREATE, after: 2 });
      await untilSettled(targetId);
      const row = await target(targetId);
      expect(row.status).toBe("published");
      const remote = await remotePosts(tag);
      expect(remote.map((r) => r.text)).toEqual(parts);
      expect(remote.map((r) => r.parent)).toEqual([null, remote[0]!.uri, remote[1]!.uri]);
      expect(row.partIds).toEqual(remote.map((r) => r.uri));
    });
  }

  it("a redelivery after the post went out (the consumer died before recording it) writes no second post", async () => {
    const { u, accountId } = await setup();
    const tag = crypto.randomUUID().slice(0, 8);
    const targetId = await queued(accountId, u.user.id, [`Crash ${tag}`]);
    expect((await deliver(targetId, 1)).retryMessages).toHaveLength(0);
    // As if the record had not been written: the channel is queued again, with no remote id.
    await (await drizzleOf(u.user.id))
      .update(postTargets)
      .set({ status: "queued", remoteId: null, permalink: null })
      .where(eq(postTargets.id, targetId));
    await deliver(targetId, 2);
    const row = await target(targetId);
    expect(row.status).toBe("published");
    expect((await remotePosts(tag)).map((r) => r.uri)).toEqual([row.remoteId]);
  });

  it("500 on every attempt ends failed with Bluesky's words and nothing posted", async () => {
    const { u, accountId } = await setup();
    const tag = crypto.randomUUID().slice(0, 8);
    const targetId = await queued(accountId, u.user.id, [`Down ${tag}`]);
    await armFault("bluesky", "500", 50, { method: "POST", path: CREATE });
    for (let i = 1; i <= MAX_PUBLISH_ATTEMPTS; i++) await deliver(targetId, i);
    const row = await target(targetId);
    expect(row.status).toBe("failed");
    expect(row.errorMessage).toMatch(new RegExp(`^Gave up after ${MAX_PUBLISH_ATTEMPTS} attempts`));
    expect(await remotePosts(tag)).toEqual([]);
  });

  it("an expired session is refreshed once with the refresh token and the post goes out", async () => {
    const { u, accountId } = await setup();
    const tag = crypto.randomUUID().slice(0, 8);
    const targetId = await queued(accountId, u.user.id, [`Refresh ${tag}`]);
    await (await drizzleOf(u.user.id))
      .update(connectedAccounts)
      .set({ accessTokenEnc: await cipher().encrypt("not-a-session"), tokenExpiresAt: Date.now() + 3_600_000 })
      .where(eq(connectedAccounts.id, accountId));
    await deliver(targetId, 1);
    expect((await target(targetId)).status).toBe("published");
    expect(await remotePosts(tag)).toHaveLength(1);
    const account = (
      await (await drizzleOf(u.user.id)).select().from(connectedAccounts).where(eq(connectedAccounts.id, accountId))
    )[0]!;
    expect(account.status).toBe("connected");
    expect(await cipher().decrypt(account.accessTokenEnc)).not.toBe("not-a-session");
  });
});

describe("Bluesky analytics", () => {
  it("syncs likes, replies and reposts from the AppView and the follower count into the snapshots", async () => {
    const { u, accountId } = await setup();
    const tag = crypto.randomUUID().slice(0, 8);
    // A two-part thread: the second part is a real reply, so the first counts at least one reply on any day (the
    // emulator's own reply count can be 0 for a post it gives little reach).
    const targetId = await queued(accountId, u.user.id, [`Counted ${tag}`, `Counted ${tag}, part two`]);
    await deliver(targetId, 1);
    const row = await target(targetId);
    expect(row.status).toBe("published");
    const db = await drizzleOf(u.user.id);
    await db.update(postTargets).set({ publishedAt: Date.now() }).where(eq(postTargets.id, targetId));
    await advanceEmulator(2 * 86_400_000);
    const res = await call<"POST /api/analytics/sync-all">("/api/analytics/sync-all?days=7", {
      method: "POST",
      cookie: u.cookie,
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.failures).toEqual([]);
    expect(res.body.data.platforms.map((p) => [p.platform, p.postsSynced])).toEqual([["bluesky", 1]]);
    const [snap] = await db.select().from(postMetricSnapshots).where(eq(postMetricSnapshots.postId, row.postId));
    expect(snap!.likes).toBeGreaterThan(0);
    expect(snap!.comments).toBeGreaterThan(0);
    // Bluesky counts no views: reach stays 0 rather than invented.
    expect([snap!.reach, snap!.impressions]).toEqual([0, 0]);
    const [followers] = await db
      .select()
      .from(accountMetricSnapshots)
      .where(eq(accountMetricSnapshots.accountId, accountId));
    expect(followers!.followers).toBeGreaterThan(0);
  });
});

describe("Bluesky crash recovery by the reconciler", () => {
  it("a consumer that died after the PDS took the post: the reconciler finds it, and the one never sent goes out once", async () => {
    const { u, accountId } = await setup();
    const tag = crypto.randomUUID().slice(0, 8);
    const ids: string[] = [];
    for (const n of [1, 2]) {
      const { targetIds } = await insertScheduledPost(
        u.user.id,
        [{ accountId, platform: "bluesky", dueAt: Date.now() - 1000, status: "publishing" }],
        `Crash ${n} ${tag}`,
      );
      ids.push(targetIds[0]!);
    }
    const d = await publishDepsOf(ids[0]!);
    // The PDS took the first post, then the consumer died before recording it.
    await d
      .client("bluesky")
      .publish(await d.credentials(accountId), (await d.buildRequest(await target(ids[0]!))).request);
    const lease = DEFAULT_LEASES.publishingMs + 1000;
    for (const id of ids)
      await (await dbOfTarget(id))
        .prepare(
          "UPDATE post_targets SET claimed_at = updated_at - ?1, due_at = due_at - ?1, updated_at = updated_at - ?1 WHERE id = ?2",
        )
        .bind(lease, id)
        .run();
    // The cron's reconciler alone (reconcile.test.ts runs it through the cron): the whole cron also syncs and polls
    // every account this file has connected, which under a loaded machine outlasted the test.
    const services = await servicesOn(u.user.id);
    await reconcileStuckTargets({ ...publishDeps(services), queue: services.queues.publish, leases: DEFAULT_LEASES });
    await vi.waitFor(
      async () =>
        expect(await Promise.all(ids.map(async (id) => (await target(id)).status))).toEqual(["published", "published"]),
      { timeout: 20_000, interval: 200 },
    );
    const remote = await remotePosts(tag);
    expect(remote.map((r) => r.text).sort()).toEqual([`Crash 1 ${tag}`, `Crash 2 ${tag}`]);
    expect((await target(ids[0]!)).remoteId).toBe(remote.find((r) => r.text.startsWith("Crash 1"))!.uri);
  });
});

describe("Bluesky video through the publisher (ADR 090)", () => {
  const { registry } = platformHarness();
  // The app's deps, with a client whose waits between job polls move the emulator clock instead of sleeping.
  const deps = async (targetId: string) => ({
    ...(await publishDepsOf(targetId)),
    client: (p: Platform) => registry[p],
  });

  // One connected account for these tests: each channel is a post of its own, with a video of its own.
  let account: ReturnType<typeof setup> | null = null;

  async function queuedVideo() {
    account ??= setup();
    const { u, accountId } = await account;
    const tag = crypto.randomUUID().slice(0, 8);
    const targetId = await queued(accountId, u.user.id, [`Video ${tag}`]);
    const form = new FormData();
    // Bytes of its own: the service keys jobs by content.
    const bytes = await mp4Bytes({ width: 720, height: 1280, seconds: 1 });
    form.append("files", fileOf(new Uint8Array([...bytes, ...new TextEncoder().encode(tag)]), "clip.mp4"));
    const upload = await call<"POST /api/media/upload">("/api/media/upload", { token: u.token, body: form });
    const mediaId = upload.body.data[0]!.id as string;
    await (await drizzleOf(u.user.id))
      .insert(postMedia)
      .values({ postId: (await target(targetId)).postId, mediaId, position: 0 });
    return { accountId, targetId, tag, mediaId, token: u.token };
  }

  /** The channel's posts on the PDS, and the video jobs made for the video each carries (one each, never two). */
  async function outcome(tag: string) {
    const rows = await env.DB.prepare(
      "SELECT json_extract(data, '$.value.embed.video.ref.$link') AS blob FROM emu_objects WHERE platform = 'bluesky' AND kind = 'app.bsky.feed.post' AND data LIKE ?",
    )
      .bind(`%${tag}%`)
      .all<{ blob: string | null }>();
    const jobs = await Promise.all(
      rows.results.map(async (r) => {
        const n = await env.DB.prepare(
          "SELECT count(*) AS n FROM emu_objects WHERE platform = 'bluesky' AND kind = 'video-job' AND json_extract(data, '$.blobCid') = ?",
        )
          .bind(r.blob)
          .first<{ n: number }>();
        return n!.n;
      }),
    );
    return { posts: rows.results.length, jobs };
  }

  async function deliverUntilDone(targetId: string) {
    for (let i = 0; i < 4; i++) if ((await publishTarget(targetId, await deps(targetId))).ack) break;
    const row = await target(targetId);
    expect(row.status, row.errorMessage ?? "").toBe("published");
    return row;
  }

  // Each fault once, on each step of the way: service auth, the upload, the job's status, the post's create.
  const cases = [
    ["429", "getServiceAuth"],
    ["500", "uploadVideo"],
    ["timeout", "uploadVideo"],
    ["drop", "uploadVideo"],
    ["500", "getJobStatus"],
    ["drop", "createRecord"],
  ] as const;
  for (const [mode, step] of cases)
    it(`a ${mode} on ${step} ends with one post and one video job`, async () => {
      const t = await queuedVideo();
      await armFault("bluesky", mode, 1, { path: step });
      await deliverUntilDone(t.targetId);
      expect(await outcome(t.tag)).toEqual({ posts: 1, jobs: [1] });
    });

  /** A delivery that claimed the channel and then died: its publish, as it ran before the consumer stopped. */
  async function dyingDelivery(t: { targetId: string; accountId: string }) {
    const d = await deps(t.targetId);
    const row = await target(t.targetId);
    const { request } = await d.buildRequest(row);
    await (await dbOfTarget(t.targetId))
      .prepare("UPDATE post_targets SET status = 'publishing', attempt_count = 1, claimed_at = ? WHERE id = ?")
      .bind(Date.now() - 5000, t.targetId)
      .run();
    const record = handleRecorder(row, d);
    const credentials = await d.credentials(t.accountId);
    return () => d.client("bluesky")!.publish(credentials, { ...request, recordHandle: (h) => record(request, h) });
  }

  it("sends the video's captions from the library with it, each a text/vtt blob in its language", async () => {
    const t = await queuedVideo();
    const vtt = "WEBVTT\n\n00:00.000 --> 00:01.000\nShaping the loaves.\n";
    const put = await SELF.fetch(`${ORIGIN}/api/media/${t.mediaId}/captions/en-GB`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${t.token}`, Origin: ORIGIN, "Content-Type": "text/vtt" },
      body: vtt,
    });
    expect(put.status).toBe(200);
    await deliverUntilDone(t.targetId);
    const row = await env.DB.prepare(
      "SELECT json_extract(data, '$.value.embed.captions') AS captions FROM emu_objects WHERE platform = 'bluesky' AND kind = 'app.bsky.feed.post' AND data LIKE ?",
    )
      .bind(`%${t.tag}%`)
      .first<{ captions: string }>();
    expect(JSON.parse(row!.captions)).toEqual([
      {
        lang: "en-GB",
        file: { $type: "blob", ref: { $link: expect.any(String) }, mimeType: "text/vtt", size: vtt.length },
      },
    ]);
  });

  it("a consumer that died while the video was processing: the redelivery resumes the recorded job", async () => {
    const t = await queuedVideo();
    const publish = await dyingDelivery(t);
    // What the dead delivery did: the upload, its job recorded; then it stopped while polling.
    await armFault("bluesky", "500", 1, { path: "getJobStatus" });
    await expect(publish()).rejects.toThrow();
    await clearFaults();
    await deliverUntilDone(t.targetId);
    expect(await outcome(t.tag)).toEqual({ posts: 1, jobs: [1] });
  });

  it("a consumer that died after the PDS took the post: the redelivery finds it and posts nothing new", async () => {
    const t = await queuedVideo();
    const sent = await (await dyingDelivery(t))();
    expect(await publishTarget(t.targetId, await deps(t.targetId))).toEqual({ ack: true });
    expect((await target(t.targetId)).remoteId).toBe(sent.remoteId);
    expect(await outcome(t.tag)).toEqual({ posts: 1, jobs: [1] });
  });
});

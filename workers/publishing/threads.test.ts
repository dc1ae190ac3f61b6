import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import worker from "../app";
import { postTargets } from "../db/schema/index";
import type { ShardStamped } from "../db/shard-queues";
import { insertScheduledPost } from "../test/fixtures";
import { call, registerUser, settledPost, uploadImage } from "../test/helpers";
import { armFault, connectViaEmulator, raw } from "../test/oauth";
import { clearFaults } from "../test/platform-sandbox";
import { dbOfTarget, drizzleOf, drizzleOfTarget, shardOfTarget } from "../test/shards";
import type { PublishMessage } from "./claim";

/**
 * Threads (ADR 027) on X and Threads through the Worker's queue handler and the emulator: every part is a
 * reply to the previous one, the channel is published only when all are, and a failure on a part, whatever
 * the emulator's fault, resumes from that part without ever posting an earlier one again.
 */
type ThreadPlatform = "twitter" | "threads" | "mastodon";

async function setup(platforms: ThreadPlatform[]) {
  const u = await registerUser();
  for (const p of platforms) await connectViaEmulator(u.cookie, p);
  const accounts = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data.accounts as Array<{
    _id: string;
    platform: string;
  }>;
  return { u, id: (p: string) => accounts.find((a) => a.platform === p)!._id, image: await uploadImage(u.token) };
}

const partsOf = (tag: string) => [1, 2, 3, 4, 5].map((n) => `Part ${n} of the story ${tag}`);

/** The emulator's published objects carrying `tag`, oldest first, with the post each one replies to. */
async function remotePosts(platform: ThreadPlatform, tag: string) {
  const rows = await env.DB.prepare(
    "SELECT id, data FROM emu_objects WHERE platform = ? AND kind IN ('tweet', 'media', 'status') AND data LIKE ? ORDER BY created_at, rowid",
  )
    // A Mastodon account's statuses are its instance's (setup connects on mastodon.social).
    .bind(platform === "mastodon" ? "mastodon:mastodon.social" : platform, `%${tag}%`)
    .all<{ id: string; data: string }>();
  return rows.results.map((r) => {
    const data = JSON.parse(r.data) as { text: string; replyTo?: string | null };
    return { id: r.id, text: data.text, replyTo: data.replyTo ?? null };
  });
}

/** Exactly the five parts, in order, each replying to the one before. */
async function expectChain(platform: ThreadPlatform, tag: string, partIds: string[]) {
  const posts = await remotePosts(platform, tag);
  expect(posts.map((p) => p.text)).toEqual(partsOf(tag));
  expect(posts.map((p) => p.replyTo)).toEqual([null, ...posts.slice(0, -1).map((p) => p.id)]);
  expect(partIds).toEqual(posts.map((p) => p.id));
}

/** One delivery through the Worker's queue handler, as Cloudflare makes it; the queue's verdict. */
async function deliver(targetId: string, attempts: number) {
  // The message names its target's shard, as the claim's stamped queue writes it (ADR 035).
  const shard = await shardOfTarget(targetId);
  const batch = createMessageBatch<PublishMessage & ShardStamped>("postline-publish", [
    { id: `m${attempts}`, timestamp: new Date(), attempts, body: { targetId, claimId: "test", shard } },
  ]);
  const ctx = createExecutionContext();
  await (worker.queue as ExportedHandlerQueueHandler<Env>)(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

const target = async (id: string) =>
  (await (await drizzleOfTarget(id)).select().from(postTargets).where(eq(postTargets.id, id)))[0]!;

/**
 * A queued 5-part thread, written straight to the database (the API's media rule would add an image, and a
 * Threads image container takes the emulator 10 s to process).
 */
async function queuedThread({ u, id }: Awaited<ReturnType<typeof setup>>, platform: ThreadPlatform, tag: string) {
  const [first, ...rest] = partsOf(tag);
  const { targetIds } = await insertScheduledPost(
    u.user.id,
    [{ accountId: id(platform), platform, dueAt: Date.now(), status: "queued" }],
    first,
  );
  await (await drizzleOf(u.user.id))
    .update(postTargets)
    .set({ version: { thread: rest } })
    .where(eq(postTargets.id, targetIds[0]!));
  return targetIds[0]!;
}

afterEach(clearFaults);

describe("threads", () => {
  it("publishes a 5-part thread on X through the queue, shown in order on the emulator", {
    timeout: 60_000,
  }, async () => {
    const { u, id, image } = await setup(["twitter"]);
    const tag = crypto.randomUUID().slice(0, 8);
    const [first, ...rest] = partsOf(tag);
    const res = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        content: first,
        platforms: ["twitter"],
        selectedAccounts: { twitter: [id("twitter")] },
        images: [image],
        publishNow: true,
        channels: [{ platform: "twitter", accountId: id("twitter"), thread: rest }],
      },
    });
    expect(res.status, res.body.message).toBe(201);
    const post = await settledPost(u.token, res.body.data._id, 30_000);
    const [x] = post.platformPosts;
    expect(x.status).toBe("published");
    expect(x.version.parts).toEqual(partsOf(tag));
    expect(x.remoteId).toBe(x.partIds[0]);
    await expectChain("twitter", tag, x.partIds);
    // The emulator's viewer shows the thread under its first post, in order.
    const page = await (await raw(`/sandbox/view?url=${encodeURIComponent(x.permalink!)}`)).text();
    const at = partsOf(tag).map((part) => page.indexOf(part));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  const CREATE = { twitter: "^/2/tweets$", threads: "/threads_publish", mastodon: "^/api/v1/statuses$" } as const;
  for (const platform of ["twitter", "threads", "mastodon"] as const) {
    for (const mode of ["429", "500", "timeout", "drop"] as const) {
      it(`${platform}: ${mode} on part 3 resumes from part 3 and ends with exactly 5 posts in order`, {
        timeout: 60_000,
      }, async () => {
        const tag = crypto.randomUUID().slice(0, 8);
        const targetId = await queuedThread(await setup([platform]), platform, tag);
        // Parts 1 and 2 go through; the call that creates part 3 meets the fault.
        await armFault(platform, mode, 1, { method: "POST", path: CREATE[platform], after: 2 });
        let deliveries = 0;
        while ((await target(targetId)).status !== "published" && deliveries < 4) {
          const verdict = await deliver(targetId, ++deliveries);
          if ((await target(targetId)).status === "queued") expect(verdict.retryMessages).toHaveLength(1);
        }
        const row = await target(targetId);
        expect(row.status).toBe("published");
        // A fault nothing came of costs one more delivery; a dropped answer is found at once.
        expect(deliveries).toBe(mode === "drop" ? 1 : 2);
        await expectChain(platform, tag, row.partIds ?? []);
        const log = await (await dbOfTarget(targetId))
          .prepare("SELECT kind, outcome FROM publish_attempts WHERE target_id = ? ORDER BY started_at, rowid")
          .bind(targetId)
          .all<{ kind: string; outcome: string }>();
        const outcomes = log.results.map((r) => `${r.kind}:${r.outcome}`);
        expect(outcomes.filter((o) => o === "publish:published")).toHaveLength(1);
        if (mode === "drop") expect(outcomes).toContain("part:found");
      });
    }
  }

  it("a thread that gives up on part 4 keeps parts 1-3, and a retry resumes from part 4", {
    timeout: 60_000,
  }, async () => {
    const user = await setup(["twitter"]);
    const { u } = user;
    const tag = crypto.randomUUID().slice(0, 8);
    const targetId = await queuedThread(user, "twitter", tag);
    // Every try at part 4 meets a server error until the attempts are spent.
    await armFault("twitter", "500", 10, { method: "POST", path: CREATE.twitter, after: 3 });
    for (let n = 1; n <= 5; n++) await deliver(targetId, n);
    const failed = await target(targetId);
    expect(failed.status).toBe("failed");
    expect(failed.errorMessage).toMatch(/^Gave up after 5 attempts: Part 4 of 5: /);
    expect(failed.partIds).toHaveLength(3);
    await clearFaults();
    const post = (await call<"GET /api/posts/:id">(`/api/posts/${failed.postId}`, { token: u.token })).body.data;
    expect(post.status).toBe("failed");
    const retried = await call<"POST /api/posts/:id/targets/:targetId/retry">(
      `/api/posts/${failed.postId}/targets/${targetId}/retry`,
      { token: u.token, body: {} },
    );
    expect(retried.status, retried.body.message).toBe(200);
    const done = await settledPost(u.token, failed.postId, 30_000);
    expect(done.platformPosts[0].status).toBe("published");
    await expectChain("twitter", tag, done.platformPosts[0].partIds);
  });

  it("refuses to schedule a part over the network's limit, naming the part", async () => {
    const { u, id, image } = await setup(["twitter"]);
    const base = {
      content: "Opening",
      platforms: ["twitter"],
      selectedAccounts: { twitter: [id("twitter")] },
      images: [image],
      status: "scheduled",
      scheduledDate: new Date(Date.now() + 24 * 3600_000).toISOString(),
    };
    const long = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: { ...base, channels: [{ platform: "twitter", accountId: id("twitter"), thread: ["ok", "x".repeat(281)] }] },
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe("Part 3 of the thread exceeds X limit (281/280)");
  });
});

import { createMessageBatch, env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../db/client";
import { d1Meter } from "../db/read-meter";
import { postTargets } from "../db/schema/index";
import { buildServices } from "../services";
import { call, ORIGIN, registerUser, uploadImage } from "../test/helpers";
import { connectViaEmulator } from "../test/oauth";
import { dbOf, shardOf } from "../test/shards";
import { staged } from "../test/staging-kit";
import { claimDueTargets, type PublishMessage } from "./claim";
import { publishDeps } from "./deps";
import { consumePublishBatch } from "./queue";

/**
 * A publish's D1 round trips (ADR 041): each is a wait on Cloudflare and a local D1 call's fixed cost in the burst,
 * so a new read on this path should join an existing batch rather than add a call. Each post is scheduled, made due,
 * claimed as the cron claims it, and its claim's message handed to the queue consumer: the calls counted are that
 * delivery's, with no webhook endpoint in the workspace.
 */
describe("a publish's round trips", () => {
  const PLATFORMS = ["facebook", "instagram", "linkedin"] as const;
  let u: Awaited<ReturnType<typeof registerUser>>;
  let accountOf: (platform: string) => string;
  let workspaceId: string;
  let shard: string;
  let image: string;

  beforeAll(async () => {
    u = await registerUser();
    for (const p of PLATFORMS) await connectViaEmulator(u.cookie, p);
    const accounts = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data
      .accounts as Array<{ _id: string; platform: string }>;
    accountOf = (p) => accounts.find((a) => a.platform === p)!._id;
    workspaceId = (await call<"GET /api/workspaces">("/api/workspaces", { token: u.token })).body.data.workspaces[0]!
      .id;
    shard = await shardOf(workspaceId);
    // Text-only posts too (the workspace's "Every post needs media" off).
    await call(`/api/workspaces/${workspaceId}`, { token: u.token, method: "PATCH", body: { mediaRequired: false } });
    image = await uploadImage(u.token);
  });

  /**
   * Schedules a one-channel post (three days ahead, beyond any staging lead, unless `aheadMs`), waits for its
   * staging when it has one, then makes it due and claims it as the cron does: the claim's message.
   */
  async function claimed(
    platform: (typeof PLATFORMS)[number],
    body: Record<string, unknown>,
    opts: { aheadMs?: number } = {},
  ) {
    const content = `Counted ${crypto.randomUUID().slice(0, 8)} ${body.content ?? ""}`;
    const res = await call<"POST /api/posts">("/api/posts", {
      token: u.token,
      body: {
        ...body,
        content,
        platforms: [platform],
        selectedAccounts: { [platform]: [accountOf(platform)] },
        status: "scheduled",
        scheduledDate: new Date(Date.now() + (opts.aheadMs ?? 3 * 86_400_000)).toISOString(),
      },
    });
    expect(res.status, res.body.message).toBe(201);
    const targetId = res.body.data.platformPosts[0].id as string;
    if (opts.aheadMs) await staged(targetId);
    const d1 = await dbOf(workspaceId);
    const db = createDb(d1);
    await db.update(postTargets).set({ dueAt: Date.now() }).where(eq(postTargets.id, targetId));
    const sent: PublishMessage[] = [];
    const queue = { sendBatch: async (m: Array<{ body: PublishMessage }>) => void sent.push(...m.map((x) => x.body)) };
    await claimDueTargets({ db, d1, queue: queue as never, now: Date.now }, { kind: "trigger", workspaceId, targetId });
    expect(sent.map((m) => m.targetId)).toEqual([targetId]);
    return { message: sent[0]!, content };
  }

  /** Hands the message to the queue consumer as one delivery; its D1 calls and the target's row after it. */
  async function delivered(message: PublishMessage) {
    const meter = d1Meter();
    const deps = publishDeps(buildServices(env, Date.now, ORIGIN, { shard: () => shard, meter: meter.wrap }));
    const batch = createMessageBatch<PublishMessage>("postline-publish", [
      { id: "m1", timestamp: new Date(), attempts: 1, body: message },
    ]);
    let acked = false;
    batch.messages[0]!.ack = () => {
      acked = true;
    };
    await consumePublishBatch(batch, deps);
    expect(acked).toBe(true);
    const [row] = await createDb(await dbOf(workspaceId))
      .select()
      .from(postTargets)
      .where(eq(postTargets.id, message.targetId));
    expect(row!.status, row!.errorMessage ?? "").toBe("published");
    return { calls: meter.calls(), row: row! };
  }

  /** A post published through the claim and the queue: its delivery's D1 calls. */
  const publishCounted = async (...args: Parameters<typeof claimed>) => delivered((await claimed(...args)).message);

  it("a text post on a Facebook Page settles in 5 D1 calls", async () => {
    expect((await publishCounted("facebook", {})).calls).toBe(5);
  });

  it("a post with one image on Instagram, not staged ahead, settles in 5 D1 calls", async () => {
    expect((await publishCounted("instagram", { images: [image] })).calls).toBe(5);
  });

  it("a Facebook post with a first comment publishes both in 8 D1 calls", async () => {
    const { calls, row } = await publishCounted("facebook", {
      channels: [{ platform: "facebook", accountId: accountOf("facebook"), firstComment: "More in the comments" }],
    });
    expect(row.commentStatus).toBe("published");
    expect(calls).toBe(8);
  });

  it("a LinkedIn post with a link, links shortened in the workspace, settles in 6 D1 calls", async () => {
    await call("/api/links/settings", { token: u.token, method: "PUT", body: { enabled: true } });
    try {
      const { calls, row } = await publishCounted("linkedin", { content: "https://news.example/today" });
      expect(row.remoteId).toBeTruthy();
      expect(calls).toBe(6);
    } finally {
      await call("/api/links/settings", { token: u.token, method: "PUT", body: { enabled: false } });
    }
  });

  it("a LinkedIn post whose image was staged ahead settles in 4 D1 calls", async () => {
    expect((await publishCounted("linkedin", { images: [image] }, { aheadMs: 3 * 3_600_000 })).calls).toBe(4);
  });

  it("a message whose hint names another account publishes its target once, as the row says", async () => {
    const { message, content } = await claimed("facebook", {});
    expect(message).toMatchObject({ accountId: accountOf("facebook"), platform: "facebook" });
    // A hint that is not the row's (a message from before an edit, a bug): the row decides, at one more read.
    const stale = { ...message, accountId: accountOf("instagram"), platform: "instagram" as const };
    const first = await delivered(stale);
    expect(first.calls).toBe(7);
    // Delivered again: nothing more goes out.
    await delivered(stale);
    const { results } = await env.DB.prepare("SELECT platform, kind FROM emu_objects WHERE data LIKE ?")
      .bind(`%${content.trim()}%`)
      .all();
    expect(results).toEqual([{ platform: "facebook", kind: "post" }]);
  });
});

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { handleAnalyticsQueue } from "../analytics";
import { runRetention } from "../analytics/rollups";
import { enqueueDueSyncs } from "../analytics/sync";
import { consumeWebhookBatch, type WebhookMessage } from "../automation";
import { hmacHex } from "../inbox/meta-webhook";
import { claimDueTargets } from "../publishing";
import { movingWorkspaces } from "../tenancy/moving";
import { insertAccount, insertScheduledPost } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";
import { connectViaEmulator, raw } from "../test/oauth";
import { dbOf, drizzleOf, servicesOn, shardOf } from "../test/shards";
import { moveWorkspace } from "./index";

/**
 * The work that does not come from the cron's selections (moving-jobs.test.ts): retention, the analytics sync's
 * queue consumer, outgoing webhook deliveries, Meta's inbox webhooks and the publish claim leave a workspace's rows
 * alone while it is being moved (ADR 082), and find its work again on its new shard after.
 */
const DAY = 86_400_000;
const flag = (id: string, to: string | null) =>
  env.DB.prepare("UPDATE workspaces SET moving_to = ?, move_step = ? WHERE id = ?")
    .bind(to, to && "copy", id)
    .run();
/** A shard other than the workspace's: where a move would take it. */
async function otherShard(id: string) {
  const here = await shardOf(id);
  return ["DB", "SHARD_B", "SHARD_C"].find((s) => s !== here)!;
}

/** A queue message as the runtime hands it to a consumer, recording what the consumer did with it. */
function message(body: unknown, seen: string[]) {
  return {
    id: crypto.randomUUID(),
    timestamp: new Date(),
    attempts: 1,
    body,
    ack: () => seen.push("ack"),
    retry: () => seen.push("retry"),
  };
}
const batchOf = (...messages: ReturnType<typeof message>[]) =>
  ({ queue: "postline-analytics", messages, ackAll() {}, retryAll() {} }) as unknown as MessageBatch<unknown>;

describe("work outside the cron's selections while a workspace moves (ADR 082)", () => {
  it("a dashboard view keeps no answer on the old shard while the workspace moves, and keeps it again after", async () => {
    const u = await registerUser();
    const db = await dbOf(u.user.id);
    const kept = async () =>
      (await db.prepare("SELECT count(*) AS n FROM dashboard_cache WHERE workspace_id = ?").bind(u.user.id).first())!.n;
    const view = async () =>
      (await call<"GET /api/dashboard">("/api/dashboard", { token: u.token })).headers.get("X-Cache");
    await flag(u.user.id, await otherShard(u.user.id));
    expect([await view(), await view()]).toEqual(["MISS", "MISS"]);
    expect(await kept()).toBe(0);
    await flag(u.user.id, null);
    expect([await view(), await view()]).toEqual(["MISS", "HIT"]);
    expect(await kept()).toBe(1);
  });

  it("retention keeps a moving workspace's expired snapshots, and retires them once it is not moving", async () => {
    const u = await registerUser();
    const accountId = await insertAccount(u.user.id, "instagram");
    const { postId, targetIds } = await insertScheduledPost(u.user.id, [
      { accountId, platform: "instagram", dueAt: Date.now() - 200 * DAY, status: "published" },
    ]);
    const db = await dbOf(u.user.id);
    const snapshot = (id: string, takenAt: number) =>
      db
        .prepare(
          `INSERT INTO post_metric_snapshots (id, target_id, post_id, account_id, workspace_id, platform, taken_at,
             impressions, reach, likes, comments, shares, saves, clicks, video_views) VALUES (?, ?, ?, ?, ?, 'instagram', ?, 10, 5, 1, 0, 0, 0, 0, 0)`,
        )
        .bind(id, targetIds[0], postId, accountId, u.user.id, takenAt)
        .run();
    const expired = crypto.randomUUID();
    await snapshot(expired, Date.now() - 150 * DAY);
    await snapshot(crypto.randomUUID(), Date.now() - DAY);
    const kept = async () =>
      (await db.prepare("SELECT count(*) AS n FROM post_metric_snapshots WHERE id = ?").bind(expired).first())!.n;
    const drizzle = await drizzleOf(u.user.id);

    await flag(u.user.id, await otherShard(u.user.id));
    await runRetention(drizzle, Date.now(), 10_000, await movingWorkspaces(env.DB));
    expect(await kept()).toBe(1);

    await flag(u.user.id, null);
    await runRetention(drizzle, Date.now(), 10_000, await movingWorkspaces(env.DB));
    expect(await kept()).toBe(0);
  });

  it("an analytics sync waits while its workspace moves; after the move the cron finds the account on its new shard", async () => {
    const u = await registerUser();
    await connectViaEmulator(u.cookie, "twitter");
    const accountId = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data.accounts[0]!._id;
    const synced = async () =>
      (
        await (
          await dbOf(u.user.id)
        )
          .prepare("SELECT last_account_sync_at AS at FROM analytics_sync_state WHERE account_id = ?")
          .bind(accountId)
          .first<{ at: number | null }>()
      )?.at ?? null;
    const from = await shardOf(u.user.id);
    const oldServices = await servicesOn(u.user.id);

    await flag(u.user.id, await otherShard(u.user.id));
    const seen: string[] = [];
    await handleAnalyticsQueue(
      batchOf(message({ accountId, reason: "account" }, seen)),
      oldServices,
      await movingWorkspaces(env.DB),
    );
    expect(seen).toEqual(["retry"]);
    expect(await synced()).toBeNull();

    await flag(u.user.id, null);
    const to = await otherShard(u.user.id);
    expect((await moveWorkspace(env, u.user.id, to, { now: Date.now })).outcome).toBe("moved");
    expect(await shardOf(u.user.id)).not.toBe(from);
    // The retried message names the old shard: it finds no account there and is acked, writing nothing.
    const late: string[] = [];
    await handleAnalyticsQueue(batchOf(message({ accountId, reason: "account" }, late)), oldServices, []);
    expect(late).toEqual(["ack"]);
    const sent: string[] = [];
    const queue = {
      sendBatch: async (ms: { body: { accountId: string } }[]) => void sent.push(...ms.map((m) => m.body.accountId)),
    } as unknown as Queue<never>;
    await enqueueDueSyncs({ db: await drizzleOf(u.user.id), now: Date.now, queue, moving: [] });
    expect(sent).toContain(accountId);
    const after: string[] = [];
    await handleAnalyticsQueue(
      batchOf(message({ accountId, reason: "account" }, after)),
      await servicesOn(u.user.id),
      [],
    );
    expect(after).toEqual(["ack"]);
    expect(await synced()).not.toBeNull();
  });

  it("a webhook delivery waits while its workspace moves, and is queued again on the new shard at the switch", async () => {
    const u = await registerUser();
    const endpoint = await call<"POST /api/webhooks">("/api/webhooks", {
      token: u.token,
      body: { url: "https://hooks.example.com/in", events: ["post.published"] },
    });
    expect(endpoint.status, endpoint.body.message).toBe(201);
    const deliveryId = `msg_${crypto.randomUUID().replaceAll("-", "")}`;
    const old = await dbOf(u.user.id);
    await old
      .prepare(
        "INSERT INTO webhook_deliveries (id, workspace_id, endpoint_id, event, payload, status, attempts, created_at) VALUES (?, ?, ?, 'post.published', '{}', 'pending', 0, ?)",
      )
      .bind(deliveryId, u.user.id, endpoint.body.data.id, Date.now())
      .run();
    const attempts = async () =>
      (await old
        .prepare("SELECT count(*) AS n FROM webhook_attempts WHERE delivery_id = ?")
        .bind(deliveryId)
        .first<{ n: number }>())!.n;
    const deliveries = (seen: string[]) =>
      ({
        queue: "postline-webhooks",
        messages: [message({ deliveryId }, seen)],
        ackAll() {},
        retryAll() {},
      }) as unknown as MessageBatch<WebhookMessage>;
    const deps = (await servicesOn(u.user.id)).webhookDeliveryDeps();

    await flag(u.user.id, await otherShard(u.user.id));
    const seen: string[] = [];
    await consumeWebhookBatch(deliveries(seen), deps, await movingWorkspaces(env.DB));
    expect(seen).toEqual(["retry"]);
    expect(await attempts()).toBe(0);

    await flag(u.user.id, null);
    const sent: unknown[] = [];
    const queue = { sendBatch: async (ms: { body: unknown }[]) => void sent.push(...ms.map((m) => m.body)) };
    const to = await otherShard(u.user.id);
    const moved = await moveWorkspace({ ...env, WEBHOOKS_QUEUE: queue } as unknown as Env, u.user.id, to, {
      now: Date.now,
    });
    expect(moved.outcome).toBe("moved");
    expect(sent).toEqual([{ deliveryId, shard: to }]);
    // The held message, retried on the old shard, finds nothing there: acked, and nothing sent from there.
    const late: string[] = [];
    await consumeWebhookBatch(deliveries(late), deps, []);
    expect(late).toEqual(["ack"]);
  });

  it("a Meta webhook for a moving workspace answers 503 and is taken when Meta sends it again after", async () => {
    const u = await registerUser();
    await connectViaEmulator(u.cookie, "facebook");
    const page = await (await dbOf(u.user.id))
      .prepare("SELECT platform_user_id AS id FROM connected_accounts WHERE workspace_id = ? AND platform = 'facebook'")
      .bind(u.user.id)
      .first<{ id: string }>();
    const commentId = `moving-${crypto.randomUUID().slice(0, 8)}`;
    const value = {
      item: "comment",
      verb: "add",
      comment_id: commentId,
      post_id: `${page!.id}_1`,
      message: "Are you open on Sunday?",
      from: { id: "visitor:Sam", name: "Sam Visitor" },
    };
    const body = JSON.stringify({
      object: "page",
      entry: [{ id: page!.id, time: Math.floor(Date.now() / 1000), changes: [{ field: "feed", value }] }],
    });
    const deliver = async () =>
      raw("/api/inbox/webhooks/meta", {
        method: "POST",
        body,
        headers: {
          "Content-Type": "application/json",
          "X-Hub-Signature-256": `sha256=${await hmacHex("sandbox-facebook-secret", body)}`,
        },
      });
    const items = async () =>
      (await (
        await dbOf(u.user.id)
      )
        .prepare("SELECT count(*) AS n FROM inbox_items WHERE remote_id = ?")
        .bind(commentId)
        .first<{ n: number }>())!.n;

    await flag(u.user.id, await otherShard(u.user.id));
    const held = await deliver();
    expect(held.status).toBe(503);
    expect(held.headers.get("Retry-After")).toBe("30");
    expect(await held.json()).toMatchObject({ success: false, message: expect.stringContaining("being moved") });
    expect(await items()).toBe(0);

    await flag(u.user.id, null);
    const again = await deliver();
    expect(again.status).toBe(200);
    expect(await items()).toBe(1);
  });

  it("after a move, a scheduled post is claimed on its new shard and not on the old", async () => {
    const u = await registerUser();
    const accountId = await insertAccount(u.user.id, "instagram");
    const dueAt = Date.now() + 30 * DAY;
    const { targetIds } = await insertScheduledPost(u.user.id, [{ accountId, platform: "instagram", dueAt }]);
    const oldServices = await servicesOn(u.user.id);
    expect((await moveWorkspace(env, u.user.id, await otherShard(u.user.id), { now: Date.now })).outcome).toBe("moved");
    const claimedOn = async (services: Awaited<ReturnType<typeof servicesOn>>) => {
      const sent: string[] = [];
      const queue = {
        send: async (m: { targetId: string }) => void sent.push(m.targetId),
        sendBatch: async (ms: { body: { targetId: string } }[]) => void sent.push(...ms.map((m) => m.body.targetId)),
      } as unknown as Queue<never>;
      await claimDueTargets({ db: services.db, d1: services.d1, queue, now: () => dueAt });
      return sent.includes(targetIds[0]!);
    };
    expect(await claimedOn(oldServices)).toBe(false);
    expect(await claimedOn(await servicesOn(u.user.id))).toBe(true);
  });
});

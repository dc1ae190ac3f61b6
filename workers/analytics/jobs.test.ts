import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import worker from "../app";
import { accountMetricSnapshots, analyticsSyncState } from "../db/schema/index";
import { call, registerUser } from "../test/helpers";
import { connectViaEmulator } from "../test/oauth";
import { drizzleOf, servicesOn, shardOf } from "../test/shards";
import { runAnalyticsCron } from "./jobs";

/** The Worker's queue handler as Cloudflare calls it (with a context, so getQueueResult can read the outcome). */
const queue = worker.queue as ExportedHandlerQueueHandler<Env>;

describe("analytics cron and queue wiring", () => {
  it("the cron enqueues never-synced accounts once; the queue consumer syncs them; the DLQ acks", async () => {
    const u = await registerUser();
    await connectViaEmulator(u.cookie, "instagram", { variant: "facebook" });
    const ids = (
      (await call<"GET /api/users/connected-accounts">("/api/users/connected-accounts", { cookie: u.cookie })).body.data
        .accounts as Array<{ _id: string }>
    ).map((a) => a._id);
    expect(ids).toHaveLength(2);
    const db = await drizzleOf(u.user.id);
    // The cron and the queue's messages as on the workspace's shard (each message names it, ADR 035).
    const shard = await shardOf(u.user.id);
    const services = await servicesOn(u.user.id);

    const first = await runAnalyticsCron(services);
    expect(first.enqueued).toBeGreaterThanOrEqual(2);
    const state = await db.select().from(analyticsSyncState).where(inArray(analyticsSyncState.accountId, ids));
    expect(state.map((s) => s.lastEnqueuedAt).every((t) => typeof t === "number" && t > 0)).toBe(true);
    // In flight: the next minute's cron leaves them alone.
    const again = await runAnalyticsCron(services);
    expect(again.enqueued).toBe(first.enqueued - 2);

    const batch = createMessageBatch("postline-analytics", [
      { id: "m1", timestamp: new Date(), attempts: 1, body: { accountId: ids[0], reason: "account", shard } },
    ]);
    const ctx = createExecutionContext();
    await queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["m1"]);
    const snaps = await db.select().from(accountMetricSnapshots).where(eq(accountMetricSnapshots.accountId, ids[0]!));
    expect(snaps.length).toBeGreaterThanOrEqual(1);
    expect(snaps[0]!.followers).toBeGreaterThan(0);

    const dead = createMessageBatch("postline-analytics-dlq", [
      { id: "d1", timestamp: new Date(), attempts: 6, body: { accountId: ids[1], reason: "account", shard } },
    ]);
    const ctx2 = createExecutionContext();
    await queue(dead, env, ctx2);
    expect((await getQueueResult(dead, ctx2)).ackAll).toBe(true);
  });
});

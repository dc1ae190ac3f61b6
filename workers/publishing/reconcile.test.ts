import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { inArray } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import worker from "../app";
import { postTargets } from "../db/schema/index";
import { insertScheduledPost } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";
import { connectViaEmulator } from "../test/oauth";
import { pinPost, pinsWith, pinterestUser } from "../test/pinterest-fixtures";
import { dbOf, dbOfTarget, drizzleOf, drizzleOfTarget, publishDepsOf } from "../test/shards";
import { claimDueTargets, type PublishMessage } from "./claim";
import { DEFAULT_LEASES } from "./lease";
import { reconcileStuckTargets } from "./reconcile";

/**
 * Crash recovery: targets whose queue message or consumer died are found by the cron once their lease has
 * passed (simulated by moving their timestamps back), and end published exactly once on the emulator.
 */

async function xUser() {
  const u = await registerUser();
  await connectViaEmulator(u.cookie, "twitter");
  const accounts = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data.accounts as Array<{
    _id: string;
    platform: string;
  }>;
  return { u, accountId: accounts.find((a) => a.platform === "twitter")!._id };
}

async function posts(userId: string, accountId: string, n: number, status: "scheduled" | "publishing" = "scheduled") {
  const out: Array<{ targetId: string; text: string }> = [];
  for (let i = 0; i < n; i++) {
    const text = `Crash test ${i} ${crypto.randomUUID().slice(0, 8)}`;
    const { targetIds } = await insertScheduledPost(
      userId,
      [{ accountId, platform: "twitter", dueAt: Date.now() - 1000, status }],
      text,
    );
    out.push({ targetId: targetIds[0]!, text });
  }
  return out;
}

/** Moves a target's clock back, as if `ms` had passed since it was claimed or started publishing. */
async function age(targetIds: string[], ms: number) {
  for (const id of targetIds) {
    await (await dbOfTarget(id))
      .prepare(
        "UPDATE post_targets SET due_at = due_at - ?1, claimed_at = claimed_at - ?1, updated_at = updated_at - ?1 WHERE id = ?2",
      )
      .bind(ms, id)
      .run();
  }
}

async function copies(text: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM emu_objects WHERE data LIKE ? AND kind = 'tweet'")
    .bind(`%${text}%`)
    .first<{ n: number }>();
  return row!.n;
}

async function runCron() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const statuses = async (ids: string[]) =>
  (await (await drizzleOfTarget(ids[0]!)).select().from(postTargets).where(inArray(postTargets.id, ids))).map(
    (r) => r.status,
  );

async function allPublished(ids: string[]) {
  await vi.waitFor(async () => expect(await statuses(ids)).toEqual(ids.map(() => "published")), {
    timeout: 20_000,
    interval: 200,
  });
}

function recordingQueue() {
  const sent: PublishMessage[] = [];
  const queue = {
    send: async () => {},
    sendBatch: async (batch: Iterable<{ body: PublishMessage }>) => {
      for (const m of batch) sent.push(m.body);
    },
  } as unknown as Queue<PublishMessage>;
  return { queue, sent };
}

describe("reconciler on the cron", () => {
  it("a crash between the claim and the enqueue: the status says stuck, the cron re-enqueues, each post goes out once", async () => {
    const { u, accountId } = await xUser();
    const items = await posts(u.user.id, accountId, 3);
    const ids = items.map((i) => i.targetId);
    const crashing = {
      send: async () => {},
      sendBatch: async () => Promise.reject(new Error("isolate died")),
    } as unknown as Queue<PublishMessage>;
    await expect(
      claimDueTargets(
        { db: await drizzleOf(u.user.id), d1: await dbOf(u.user.id), queue: crashing, now: Date.now },
        { kind: "trigger", workspaceId: u.user.id },
      ),
    ).rejects.toThrow();
    expect(await statuses(ids)).toEqual(["queued", "queued", "queued"]);

    // Within the lease the message may merely be late: nothing is stuck yet.
    const fresh = (await call<"GET /api/scheduler/status">("/api/scheduler/status", { token: u.token })).body.data;
    expect(fresh.stuck).toBe(0);

    await age(ids, DEFAULT_LEASES.queuedMs + 1000);
    const stuck = (await call<"GET /api/scheduler/status">("/api/scheduler/status", { token: u.token })).body.data;
    expect(stuck).toMatchObject({ stuck: 3, late: 3, healthy: false });

    await runCron();
    await allPublished(ids);
    for (const { text } of items) expect(await copies(text)).toBe(1);
    const after = (await call<"GET /api/scheduler/status">("/api/scheduler/status", { token: u.token })).body.data;
    expect(after).toMatchObject({ stuck: 0, late: 0 });
  }, 30_000);

  it("a crash mid-publish: the accepted post is found, not resent; the one never sent is published once", async () => {
    const { u, accountId } = await xUser();
    const [accepted, lost] = await posts(u.user.id, accountId, 2, "publishing");
    const d = await publishDepsOf(accepted!.targetId);
    // The platform took the first post, then the consumer died before recording it.
    const row = (
      await (
        await drizzleOfTarget(accepted!.targetId)
      )
        .select()
        .from(postTargets)
        .where(inArray(postTargets.id, [accepted!.targetId]))
    )[0]!;
    await d.client("twitter").publish(await d.credentials(accountId), (await d.buildRequest(row)).request);
    await (await dbOfTarget(accepted!.targetId)).prepare("UPDATE post_targets SET claimed_at = updated_at").run();
    await age([accepted!.targetId, lost!.targetId], DEFAULT_LEASES.publishingMs + 1000);

    await runCron();
    await allPublished([accepted!.targetId, lost!.targetId]);
    expect(await copies(accepted!.text)).toBe(1);
    expect(await copies(lost!.text)).toBe(1);
    const log = await (await dbOfTarget(accepted!.targetId))
      .prepare("SELECT kind, outcome FROM publish_attempts WHERE target_id = ? ORDER BY started_at")
      .bind(accepted!.targetId)
      .all();
    expect(log.results).toEqual([{ kind: "verify", outcome: "found" }]);
  }, 30_000);

  // Mastodon is matched on its exact source text; Business Profile, with no key at all, by listing the location's
  // posts (ADR 065).
  it.each([
    { platform: "mastodon", name: "Mastodon", kind: "status", connect: { instance: "mastodon.example" } },
    { platform: "google_business", name: "Business Profile", kind: "localPost", connect: {} },
  ] as const)(
    "$name: a crash mid-publish: the accepted post is found, not resent; the one never sent is published once",
    async ({ platform, name, kind, connect }) => {
      const u = await registerUser();
      await connectViaEmulator(u.cookie, platform, connect);
      const { accounts } = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data;
      const accountId = (accounts as Array<{ _id: string; platform: string }>).find(
        (a) => a.platform === platform,
      )!._id;
      const publishing = async () => {
        const text = `Crash test on ${name} ${crypto.randomUUID().slice(0, 8)}`;
        const due = [{ accountId, platform, dueAt: Date.now() - 1000, status: "publishing" as const }];
        return { targetId: (await insertScheduledPost(u.user.id, due, text)).targetIds[0]!, text };
      };
      const [accepted, lost] = [await publishing(), await publishing()];
      const postsWith = async (text: string) =>
        (await env.DB.prepare("SELECT count(*) AS n FROM emu_objects WHERE data LIKE ? AND kind = ?")
          .bind(`%${text}%`, kind)
          .first<{ n: number }>())!.n;
      const d = await publishDepsOf(accepted.targetId);
      const row = (
        await (
          await drizzleOfTarget(accepted.targetId)
        )
          .select()
          .from(postTargets)
          .where(inArray(postTargets.id, [accepted.targetId]))
      )[0]!;
      await d.client(platform).publish(await d.credentials(accountId), (await d.buildRequest(row)).request);
      await (await dbOfTarget(accepted.targetId)).prepare("UPDATE post_targets SET claimed_at = updated_at").run();
      await age([accepted.targetId, lost.targetId], DEFAULT_LEASES.publishingMs + 1000);

      await runCron();
      await allPublished([accepted.targetId, lost.targetId]);
      expect([await postsWith(accepted.text), await postsWith(lost.text)]).toEqual([1, 1]);
    },
    30_000,
  );

  it("Pinterest: a crash mid-publish: the pin Pinterest made is found, not resent; the one never sent is pinned once", async () => {
    const user = await pinterestUser();
    const due = Date.now() - 1000;
    const [accepted, lost] = [await pinPost(user, "publishing", due), await pinPost(user, "publishing", due)];
    const d = await publishDepsOf(accepted.targetId);
    const row = (
      await (
        await drizzleOfTarget(accepted.targetId)
      )
        .select()
        .from(postTargets)
        .where(inArray(postTargets.id, [accepted.targetId]))
    )[0]!;
    await d.client("pinterest").publish(await d.credentials(user.accountId), (await d.buildRequest(row)).request);
    await (await dbOfTarget(accepted.targetId)).prepare("UPDATE post_targets SET claimed_at = updated_at").run();
    await age([accepted.targetId, lost.targetId], DEFAULT_LEASES.publishingMs + 1000);

    await runCron();
    await allPublished([accepted.targetId, lost.targetId]);
    expect([await pinsWith(accepted.text), await pinsWith(lost.text)]).toEqual([1, 1]);
  }, 30_000);

  it("leaves targets inside their lease alone, and two overlapping runs re-enqueue a stuck target once", async () => {
    const { u, accountId } = await xUser();
    const [running] = await posts(u.user.id, accountId, 1, "publishing");
    const [lost] = await posts(u.user.id, accountId, 1);
    await (await dbOfTarget(lost!.targetId))
      .prepare("UPDATE post_targets SET status = 'queued', claimed_at = ?1 WHERE id = ?2")
      .bind(Date.now(), lost!.targetId)
      .run();
    await age([lost!.targetId], DEFAULT_LEASES.queuedMs + 1000);
    await age([running!.targetId], DEFAULT_LEASES.publishingMs - 60_000); // a long attempt, still inside its lease

    const a = recordingQueue();
    const b = recordingQueue();
    const base = await publishDepsOf(lost!.targetId);
    const deps = (queue: Queue<PublishMessage>) => ({
      ...base,
      queue,
      leases: DEFAULT_LEASES,
    });
    await Promise.all([reconcileStuckTargets(deps(a.queue)), reconcileStuckTargets(deps(b.queue))]);
    const sent = [...a.sent, ...b.sent].map((m) => m.targetId);
    expect(sent.filter((id) => id === lost!.targetId)).toHaveLength(1);
    expect(sent).not.toContain(running!.targetId);
    expect(await statuses([running!.targetId])).toEqual(["publishing"]);
  });
});

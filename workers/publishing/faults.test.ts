import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../app";
import { connectedAccounts, postMedia, postTargets } from "../db/schema/index";
import { MAX_PUBLISH_ATTEMPTS } from "../delivery/retry-budget";
import { insertScheduledPost } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";
import { fileOf, jpegBytes } from "../test/media-fixtures";
import { armFault, cipher, connectViaEmulator } from "../test/oauth";
import { clearFaults } from "../test/platform-sandbox";
import { dbOfTarget, drizzleOf, drizzleOfTarget, publishDepsOf, shardOfTarget } from "../test/shards";
import type { PublishMessage } from "./claim";
import { publishTarget } from "./consumer";
import { fillMissingPermalinks } from "./permalinks";
import { failFromDeadLetter, withBatchCredentials } from "./queue";

/**
 * The fault suite: the consumer driven message by message (as redeliveries would) against the emulator's
 * fault switch. Every case ends with exactly one copy of the post on the platform, or a clear failure.
 */
/** The consumer's deps on the shard holding the target, as the queue handler builds them for its message. */
const deps = (targetId: string) => publishDepsOf(targetId);

type FaultPlatform = "twitter" | "linkedin" | "threads" | "instagram" | "facebook" | "mastodon";

async function queuedTarget(platform: FaultPlatform, opts: { image?: boolean } = {}) {
  const u = await registerUser();
  await connectViaEmulator(u.cookie, platform);
  const accounts = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data.accounts as Array<{
    _id: string;
    platform: string;
  }>;
  const account = accounts.find((a) => a.platform === platform)!;
  const text = `Fault test ${platform} ${crypto.randomUUID().slice(0, 8)}`;
  const { targetIds, postId } = await insertScheduledPost(
    u.user.id,
    [{ accountId: account._id, platform, dueAt: Date.now(), status: "queued" }],
    text,
  );
  if (opts.image) {
    const form = new FormData();
    form.append("files", fileOf(jpegBytes(1080, 1080), "photo.jpg"));
    const mediaId = (await call<"POST /api/media/upload">("/api/media/upload", { token: u.token, body: form })).body
      .data[0].id as string;
    await (await drizzleOf(u.user.id)).insert(postMedia).values({ postId, mediaId, position: 0 });
  }
  return { u, accountId: account._id, targetId: targetIds[0]!, postId, text };
}

const attempts = async (targetId: string) =>
  (
    await (
      await dbOfTarget(targetId)
    )
      .prepare("SELECT kind, outcome FROM publish_attempts WHERE target_id = ? ORDER BY started_at, rowid")
      .bind(targetId)
      .all()
  ).results;

const target = async (id: string) =>
  (await (await drizzleOfTarget(id)).select().from(postTargets).where(eq(postTargets.id, id)))[0]!;

/** The target's connected account as stored on its shard. */
const accountOf = async (t: { targetId: string; accountId: string }) =>
  (
    await (
      await drizzleOfTarget(t.targetId)
    )
      .select()
      .from(connectedAccounts)
      .where(eq(connectedAccounts.id, t.accountId))
  )[0]!;

async function copies(text: string) {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM emu_objects WHERE data LIKE ? AND kind IN ('media','post','tweet','status')",
  )
    .bind(`%${text}%`)
    .first<{ n: number }>();
  return row!.n;
}

afterEach(clearFaults);

describe("fault suite", () => {
  it("a redelivered message publishes once", async () => {
    const t = await queuedTarget("twitter");
    expect(await publishTarget(t.targetId, await deps(t.targetId))).toEqual({ ack: true });
    expect(await publishTarget(t.targetId, await deps(t.targetId))).toEqual({ ack: true });
    expect((await target(t.targetId)).status).toBe("published");
    expect(await copies(t.text)).toBe(1);
  });

  it("429 then success: waits at least Retry-After, then publishes", async () => {
    const t = await queuedTarget("linkedin");
    await armFault("linkedin", "429", 1);
    // The emulator's 429 says Retry-After: 60; the first backoff (at most 15 s) is shorter, so 60 it is.
    expect(await publishTarget(t.targetId, await deps(t.targetId))).toEqual({ ack: false, delaySeconds: 60 });
    expect((await target(t.targetId)).status).toBe("queued");
    expect(await publishTarget(t.targetId, await deps(t.targetId))).toEqual({ ack: true });
    expect((await target(t.targetId)).status).toBe("published");
    expect(await copies(t.text)).toBe(1);
  });

  it("500 on every attempt ends failed after the last attempt, with the reason", async () => {
    const t = await queuedTarget("linkedin");
    await armFault("linkedin", "500", 50);
    for (let i = 0; i < MAX_PUBLISH_ATTEMPTS; i++) await publishTarget(t.targetId, await deps(t.targetId));
    const row = await target(t.targetId);
    expect(row.status).toBe("failed");
    expect(row.errorMessage).toMatch(new RegExp(`^Gave up after ${MAX_PUBLISH_ATTEMPTS} attempts`));
    expect(await copies(t.text)).toBe(0);
    const failures = (
      await call<"GET /api/notifications/failures">("/api/notifications/failures", { token: t.u.token })
    ).body.data.failures;
    expect(failures.map((f: { targetId: string }) => f.targetId)).toContain(t.targetId);
    // And the author's bell says so, with the reason (issue 41).
    const bell = (await call<"GET /api/notifications">("/api/notifications", { token: t.u.token })).body.data;
    expect(bell.notifications).toMatchObject([{ kind: "publish_failed", postId: t.postId, readAt: null }]);
    expect(bell.notifications[0].message).toMatch(
      new RegExp(`^"${t.text}" failed on LinkedIn: Gave up after ${MAX_PUBLISH_ATTEMPTS} attempts`),
    );
  });

  it("a 401 on publish refreshes the token once and publishes, without asking the user to reconnect", async () => {
    const t = await queuedTarget("twitter");
    await (await drizzleOfTarget(t.targetId))
      .update(connectedAccounts)
      .set({ accessTokenEnc: await cipher().encrypt("revoked-by-user"), tokenExpiresAt: Date.now() + 3600_000 })
      .where(eq(connectedAccounts.id, t.accountId));
    expect(await publishTarget(t.targetId, await deps(t.targetId))).toEqual({ ack: true });
    expect((await target(t.targetId)).status).toBe("published");
    expect(await copies(t.text)).toBe(1);
    const account = await accountOf(t);
    expect(account.status).toBe("connected");
    expect(await cipher().decrypt(account.accessTokenEnc)).not.toBe("revoked-by-user");
  });

  it("a revoked token whose refresh is refused too fails with 'reconnect your account' and flags the account", async () => {
    const t = await queuedTarget("twitter");
    await (await drizzleOfTarget(t.targetId))
      .update(connectedAccounts)
      .set({
        accessTokenEnc: await cipher().encrypt("revoked-by-user"),
        refreshTokenEnc: await cipher().encrypt("revoked-refresh"),
        tokenExpiresAt: Date.now() + 3600_000,
      })
      .where(eq(connectedAccounts.id, t.accountId));
    expect(await publishTarget(t.targetId, await deps(t.targetId))).toEqual({ ack: true });
    const row = await target(t.targetId);
    expect(row.status).toBe("failed");
    expect(row.errorMessage).toContain("reconnect your account");
    expect(await copies(t.text)).toBe(0);
    const account = await accountOf(t);
    expect(account.status).toBe("needs_reconnect");
  });

  it("X: accept-then-drop is settled by finding the post, without a duplicate", async () => {
    const t = await queuedTarget("twitter");
    await armFault("twitter", "drop", 1);
    expect(await publishTarget(t.targetId, await deps(t.targetId))).toEqual({ ack: true });
    expect((await target(t.targetId)).status).toBe("published");
    expect(await copies(t.text)).toBe(1);
    const outcomes = await (await dbOfTarget(t.targetId))
      .prepare("SELECT kind, outcome FROM publish_attempts WHERE target_id = ? ORDER BY started_at")
      .bind(t.targetId)
      .all();
    expect(outcomes.results).toEqual([
      { kind: "publish", outcome: "unknown" },
      { kind: "verify", outcome: "found" },
    ]);
  });

  it("Threads: a dropped answer on any step of the container flow never leads to two posts", async () => {
    const t = await queuedTarget("threads");
    await armFault("threads", "drop", 1);
    let disposition = await publishTarget(t.targetId, await deps(t.targetId));
    for (let i = 0; i < 3 && !disposition.ack; i++)
      disposition = await publishTarget(t.targetId, await deps(t.targetId));
    expect((await target(t.targetId)).status).toBe("published");
    expect(await copies(t.text)).toBe(1);
  });

  it("LinkedIn (member): a dropped answer cannot be checked, so the channel is unconfirmed, not reposted", async () => {
    const t = await queuedTarget("linkedin");
    await armFault("linkedin", "drop", 1);
    expect(await publishTarget(t.targetId, await deps(t.targetId))).toEqual({ ack: true });
    const row = await target(t.targetId);
    expect(row.status).toBe("unconfirmed");
    expect(row.errorMessage).toContain("cannot check");
    expect(await copies(t.text)).toBe(1);
  });

  describe("Mastodon", () => {
    it.each(["429", "500", "timeout"] as const)(
      "a %s on the status is retried later and publishes once",
      async (mode) => {
        const t = await queuedTarget("mastodon");
        await armFault("mastodon", mode, 1, { method: "POST", path: "^/api/v1/statuses$" });
        const first = await publishTarget(t.targetId, await deps(t.targetId));
        expect(first.ack).toBe(false);
        // A 429 waits for X-RateLimit-Reset (a minute ahead in the emulator's answer).
        if (mode === "429" && !first.ack) expect(first.delaySeconds).toBeGreaterThanOrEqual(50);
        expect(await copies(t.text)).toBe(0);
        let next = await publishTarget(t.targetId, await deps(t.targetId));
        for (let i = 0; i < 2 && !next.ack; i++) next = await publishTarget(t.targetId, await deps(t.targetId));
        const row = await target(t.targetId);
        expect(row.status, row.errorMessage ?? "").toBe("published");
        expect(row.permalink).toMatch(/^https:\/\/mastodon\.social\/@postline\/\d+$/);
        expect(await copies(t.text)).toBe(1);
      },
    );

    it("a resend after a lost answer that the lookup missed gets the same status back (Idempotency-Key)", async () => {
      const t = await queuedTarget("mastodon");
      const d = await deps(t.targetId);
      // The first delivery's post went out and its answer was lost; a lookup that misses it (an instance's
      // listing lagging behind) would resend: the instance answers the resend with the status it already made.
      const first = await d
        .client("mastodon")
        .publish(await d.credentials(t.accountId), (await d.buildRequest(await target(t.targetId))).request);
      await (await dbOfTarget(t.targetId))
        .prepare("UPDATE post_targets SET status = 'publishing', attempt_count = 1, claimed_at = ? WHERE id = ?")
        .bind(Date.now() - 5000, t.targetId)
        .run();
      const real = d.client("mastodon");
      const blind = { ...d, client: () => Object.assign(Object.create(real), { findPublished: async () => null }) };
      expect(await publishTarget(t.targetId, blind)).toEqual({ ack: true });
      const row = await target(t.targetId);
      expect([row.status, row.remoteId]).toEqual(["published", first.remoteId]);
      expect(await copies(t.text)).toBe(1);
    });
  });

  it("a consumer that died after the platform accepted: the redelivery finds the post instead of posting again", async () => {
    const t = await queuedTarget("twitter");
    const d = await deps(t.targetId);
    // The first delivery publishes, then "crashes" before recording anything.
    const { request } = await d.buildRequest(await target(t.targetId));
    await d.client("twitter").publish(await d.credentials(t.accountId), request);
    await (await dbOfTarget(t.targetId))
      .prepare("UPDATE post_targets SET status = 'publishing', attempt_count = 1, claimed_at = ? WHERE id = ?")
      .bind(Date.now() - 5000, t.targetId)
      .run();
    expect(await publishTarget(t.targetId, await deps(t.targetId))).toEqual({ ack: true });
    expect((await target(t.targetId)).status).toBe("published");
    expect(await copies(t.text)).toBe(1);
  });

  it("a lookup that fails is asked again on a later delivery: the post is found, never sent again blind", async () => {
    const t = await queuedTarget("twitter");
    const d = await deps(t.targetId);
    // The first delivery published, then died before recording anything; the redelivery's lookup fails once.
    await d
      .client("twitter")
      .publish(await d.credentials(t.accountId), (await d.buildRequest(await target(t.targetId))).request);
    await (await dbOfTarget(t.targetId))
      .prepare("UPDATE post_targets SET status = 'publishing', attempt_count = 1, claimed_at = ? WHERE id = ?")
      .bind(Date.now() - 5000, t.targetId)
      .run();
    await armFault("twitter", "500", 1, { method: "GET" });
    const later = await publishTarget(t.targetId, await deps(t.targetId));
    expect(later.ack).toBe(false);
    expect((await target(t.targetId)).status).toBe("queued");
    expect(await publishTarget(t.targetId, await deps(t.targetId))).toEqual({ ack: true });
    expect((await target(t.targetId)).status).toBe("published");
    expect(await copies(t.text)).toBe(1);
    expect(await attempts(t.targetId)).toEqual([
      { kind: "verify", outcome: "unconfirmed" },
      { kind: "verify", outcome: "found" },
    ]);
  });

  it("when the platform still cannot tell on the last attempt, the channel is unconfirmed and the user decides", async () => {
    const t = await queuedTarget("twitter");
    await (await dbOfTarget(t.targetId))
      .prepare("UPDATE post_targets SET status = 'publishing', attempt_count = ? WHERE id = ?")
      .bind(MAX_PUBLISH_ATTEMPTS, t.targetId)
      .run();
    await armFault("twitter", "500", 5);
    await publishTarget(t.targetId, await deps(t.targetId));
    const row = await target(t.targetId);
    expect(row.status).toBe("unconfirmed");
    expect(row.errorMessage).toContain("could not confirm");
    await clearFaults();
    const confirmed = await call<"POST /api/posts/:id/targets/:targetId/confirm">(
      `/api/posts/${t.postId}/targets/${t.targetId}/confirm`,
      {
        token: t.u.token,
        body: { permalink: "https://x.com/i/web/status/1" },
      },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.status).toBe("published");
  });

  it("dead-lettered messages end failed (or unconfirmed if mid-publish) with a reason, never lost", async () => {
    const queued = await queuedTarget("twitter");
    await failFromDeadLetter(queued.targetId, await deps(queued.targetId));
    expect(await target(queued.targetId)).toMatchObject({
      status: "failed",
      errorMessage: "Delivery gave up after repeated errors.",
    });
    const midway = await queuedTarget("twitter");
    await (await dbOfTarget(midway.targetId))
      .prepare("UPDATE post_targets SET status = 'publishing' WHERE id = ?")
      .bind(midway.targetId)
      .run();
    await failFromDeadLetter(midway.targetId, await deps(midway.targetId));
    expect((await target(midway.targetId)).status).toBe("unconfirmed");
  });

  it("another user cannot retry or confirm someone else's channel", async () => {
    const t = await queuedTarget("twitter");
    await (await dbOfTarget(t.targetId))
      .prepare("UPDATE post_targets SET status = 'failed' WHERE id = ?")
      .bind(t.targetId)
      .run();
    const other = await registerUser();
    const retry = await call<"POST /api/posts/:id/targets/:targetId/retry">(
      `/api/posts/${t.postId}/targets/${t.targetId}/retry`,
      { token: other.token, body: {} },
    );
    expect(retry.status).toBe(404);
    expect((await target(t.targetId)).status).toBe("failed");
  });

  it("instagram: a media link that expired before Instagram fetched it fails the channel with Instagram's reason", async () => {
    const t = await queuedTarget("instagram", { image: true });
    // Signed by a publisher whose clock runs 8 days behind: the app refuses the link (403) when Instagram fetches it.
    const stale = await publishDepsOf(t.targetId, () => Date.now() - 8 * 86_400_000);
    expect(await publishTarget(t.targetId, { ...(await deps(t.targetId)), buildRequest: stale.buildRequest })).toEqual({
      ack: true,
    });
    const row = await target(t.targetId);
    expect(row.status).toBe("failed");
    expect(row.errorMessage).toMatch(
      /^The media could not be fetched from this uri: http:\/\/localhost:8787\/media\/s\//,
    );
    expect(await copies(t.text)).toBe(0);
  });

  // Instagram connects through Facebook Login here, so its Graph calls answer to the `facebook` switch.
  it.each([
    { platform: "facebook", image: true, fault: "facebook", path: "/photos$" },
    { platform: "instagram", image: true, fault: "facebook", path: "/media_publish$" },
    { platform: "threads", image: false, fault: "threads", path: "/threads_publish$" },
    { platform: "twitter", image: true, fault: "twitter", path: "^/2/tweets$" },
    { platform: "mastodon", image: true, fault: "mastodon", path: "^/api/v1/statuses$" },
  ] as const)(
    "$platform: a lost answer to the post-creating call is looked up and settled, never resent",
    { timeout: 30_000 },
    async ({ platform, image, fault, path }) => {
      const t = await queuedTarget(platform, { image });
      await armFault(fault, "drop", 1, { method: "POST", path });
      expect(await publishTarget(t.targetId, await deps(t.targetId))).toEqual({ ack: true });
      const row = await target(t.targetId);
      expect(row.status, row.errorMessage ?? "").toBe("published");
      expect(row.remoteId).toBeTruthy();
      expect(await copies(t.text)).toBe(1);
      expect(await attempts(t.targetId)).toEqual([
        { kind: "publish", outcome: "unknown" },
        { kind: "verify", outcome: "found" },
      ]);
    },
  );

  it.each([
    { platform: "linkedin", image: true, fault: "linkedin", method: "PUT", path: "/dms-uploads/" },
    { platform: "twitter", image: true, fault: "twitter", method: "POST", path: "/append$" },
    { platform: "instagram", image: true, fault: "facebook", method: "POST", path: "/media$" },
    { platform: "threads", image: false, fault: "threads", method: "POST", path: "/threads$" }, // text: no 5 s container wait
    { platform: "mastodon", image: true, fault: "mastodon", method: "POST", path: "^/api/v2/media$" },
  ] as const)(
    "$platform: a lost answer to an upload or container call (nothing posted) is an ordinary retry",
    { timeout: 30_000 },
    async ({ platform, image, fault, method, path }) => {
      const t = await queuedTarget(platform, { image });
      await armFault(fault, "drop", 1, { method, path });
      const first = await publishTarget(t.targetId, await deps(t.targetId));
      expect(first.ack).toBe(false);
      expect((await target(t.targetId)).status).toBe("queued");
      expect(await attempts(t.targetId)).toEqual([{ kind: "publish", outcome: "retry" }]);
      expect(await publishTarget(t.targetId, await deps(t.targetId))).toEqual({ ack: true });
      expect((await target(t.targetId)).status).toBe("published");
      expect(await copies(t.text)).toBe(1);
    },
  );

  it.each([
    { platform: "facebook", image: true, fault: "facebook" },
    { platform: "instagram", image: true, fault: "facebook" },
    { platform: "threads", image: false, fault: "threads" },
  ] as const)(
    "$platform: a failed permalink read after the post was accepted keeps the id, never republishes, and the cron fills the link",
    { timeout: 30_000 },
    async ({ platform, image, fault }) => {
      const t = await queuedTarget(platform, { image });
      await armFault(fault, "500", 10, { method: "GET", path: "fields=permalink" });
      expect(await publishTarget(t.targetId, await deps(t.targetId))).toEqual({ ack: true });
      const row = await target(t.targetId);
      expect(row.status).toBe("published");
      expect(row.remoteId).toBeTruthy();
      expect(row.permalink).toBeNull();
      expect(await copies(t.text)).toBe(1);
      await clearFaults();
      await fillMissingPermalinks(await deps(t.targetId));
      expect((await target(t.targetId)).permalink).toMatch(/^https:\/\//);
    },
  );

  it("Facebook: Retry of an unconfirmed photo post looks it up first and never publishes it twice", {
    timeout: 30_000,
  }, async () => {
    const t = await queuedTarget("facebook", { image: true });
    const d = await deps(t.targetId);
    // The platform took the photo post; the answer was lost and the last attempt's lookup failed too: unconfirmed.
    await d
      .client("facebook")
      .publish(await d.credentials(t.accountId), (await d.buildRequest(await target(t.targetId))).request);
    await (await dbOfTarget(t.targetId))
      .prepare("UPDATE post_targets SET status = 'publishing', attempt_count = ?, claimed_at = ? WHERE id = ?")
      .bind(MAX_PUBLISH_ATTEMPTS, Date.now() - 5000, t.targetId)
      .run();
    await armFault("facebook", "500", 5, { method: "GET", path: "/posts\\?" });
    await publishTarget(t.targetId, await deps(t.targetId));
    expect((await target(t.targetId)).status).toBe("unconfirmed");
    await clearFaults();

    const retry = await call<"POST /api/posts/:id/targets/:targetId/retry">(
      `/api/posts/${t.postId}/targets/${t.targetId}/retry`,
      { token: t.u.token, body: {} },
    );
    expect(retry.status).toBe(200);
    await vi.waitFor(async () => expect((await target(t.targetId)).status).toBe("published"), {
      timeout: 20_000,
      interval: 200,
    });
    expect(await copies(t.text)).toBe(1);
    expect((await attempts(t.targetId)).at(-1)).toEqual({ kind: "verify", outcome: "found" });
  });

  describe("an account's credentials read once per batch", () => {
    /** A second queued post on the first one's account. */
    async function sibling(t: Awaited<ReturnType<typeof queuedTarget>>) {
      const text = `Sibling ${crypto.randomUUID().slice(0, 8)}`;
      const { targetIds } = await insertScheduledPost(
        t.u.user.id,
        [{ accountId: t.accountId, platform: "twitter", dueAt: Date.now(), status: "queued" }],
        text,
      );
      return { targetId: targetIds[0]!, text };
    }

    it("two targets of one account in one delivery, one of them twice: each is published once", async () => {
      const a = await queuedTarget("twitter");
      const b = await sibling(a);
      // Each message names its target's shard, as the claim's stamped queue writes it (ADR 035).
      const shard = await shardOfTarget(a.targetId);
      const message = (id: string, targetId: string) => ({
        id,
        timestamp: new Date(),
        attempts: 1,
        body: { targetId, claimId: "test", shard },
      });
      const batch = createMessageBatch<PublishMessage>("postline-publish", [
        message("m1", a.targetId),
        message("m2", b.targetId),
        message("m3", a.targetId),
      ]);
      const ctx = createExecutionContext();
      await (worker.queue as ExportedHandlerQueueHandler<Env>)(batch, env, ctx);
      const result = await getQueueResult(batch, ctx);
      expect(result.explicitAcks.sort()).toEqual(["m1", "m2", "m3"]);
      for (const id of [a.targetId, b.targetId]) expect((await target(id)).status).toBe("published");
      expect(await copies(a.text)).toBe(1);
      expect(await copies(b.text)).toBe(1);
    });

    it("a token refreshed by one message is the one the next message of the batch uses", async () => {
      const a = await queuedTarget("twitter");
      const b = await sibling(a);
      await (await drizzleOfTarget(a.targetId))
        .update(connectedAccounts)
        .set({ accessTokenEnc: await cipher().encrypt("revoked-by-user"), tokenExpiresAt: Date.now() + 3600_000 })
        .where(eq(connectedAccounts.id, a.accountId));
      // The batch's dependencies, counting the forced refreshes that reach the account.
      const base = await deps(a.targetId);
      let refreshes = 0;
      const batchDeps = withBatchCredentials({
        ...base,
        refreshCredentials: (id) => {
          refreshes++;
          return base.refreshCredentials(id);
        },
      });
      expect(await publishTarget(a.targetId, batchDeps)).toEqual({ ack: true });
      expect(await publishTarget(b.targetId, batchDeps)).toEqual({ ack: true });
      // The second message used the refreshed token: no second refusal, no second refresh.
      expect(refreshes).toBe(1);
      for (const id of [a.targetId, b.targetId]) expect((await target(id)).status).toBe("published");
      expect(await copies(b.text)).toBe(1);
    });
  });
});

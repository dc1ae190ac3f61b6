import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { postTargets } from "../db/schema/index";
import { NOT_APPROVED } from "../platforms/google-business-api";
import { insertScheduledPost } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";
import { advanceEmulator, armFault, connectViaEmulator, setBusinessProfileQuota } from "../test/oauth";
import { clearFaults } from "../test/platform-sandbox";
import { dbOfTarget, drizzleOfTarget, publishDepsOf } from "../test/shards";
import { publishTarget } from "./consumer";

/**
 * Google Business Profile in the fault suite: Google takes no idempotency key, so a lost answer to the create
 * is settled by listing the location's posts and matching the text (ADR 065). 429, 500, timeout, a dropped
 * answer each end with exactly one local post (a crash after Google accepted: reconcile.test.ts).
 */
const deps = (targetId: string) => publishDepsOf(targetId);
const target = async (id: string) =>
  (await (await drizzleOfTarget(id)).select().from(postTargets).where(eq(postTargets.id, id)))[0]!;

async function location() {
  const u = await registerUser();
  await connectViaEmulator(u.cookie, "google_business");
  const { accounts } = (await call<"GET /api/accounts">("/api/accounts", { token: u.token })).body.data;
  const mine = (accounts as Array<{ _id: string; platform: string }>).filter((a) => a.platform === "google_business");
  // One channel per location of the account.
  expect(mine).toHaveLength(2);
  return { u, accountId: mine[0]!._id };
}

async function queued(userId: string, accountId: string, status: "queued" | "publishing" = "queued") {
  const text = `Local post ${crypto.randomUUID().slice(0, 8)}`;
  const due = [{ accountId, platform: "google_business" as const, dueAt: Date.now() - 1000, status }];
  return { targetId: (await insertScheduledPost(userId, due, text)).targetIds[0]!, text };
}

/** Local posts on the emulated location carrying `text`. */
async function copies(text: string) {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM emu_objects WHERE platform = 'google_business' AND kind = 'localPost' AND data LIKE ?",
  )
    .bind(`%${text}%`)
    .first<{ n: number }>();
  return row!.n;
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

beforeEach(() => advanceEmulator(61_000));
afterEach(async () => {
  await clearFaults();
  await setBusinessProfileQuota(300);
});

describe("Google Business Profile faults", () => {
  it.each(["429", "500", "timeout"] as const)("a %s on the create is retried and publishes once", async (mode) => {
    const { u, accountId } = await location();
    const t = await queued(u.user.id, accountId);
    await armFault("google_business", mode, 1, { method: "POST", path: "/localPosts$" });
    const first = await publishTarget(t.targetId, await deps(t.targetId));
    expect(first.ack).toBe(false);
    expect(await copies(t.text)).toBe(0);
    let next = await publishTarget(t.targetId, await deps(t.targetId));
    for (let i = 0; i < 2 && !next.ack; i++) next = await publishTarget(t.targetId, await deps(t.targetId));
    const row = await target(t.targetId);
    expect(row.status, row.errorMessage ?? "").toBe("published");
    expect(row.permalink).toContain("local.google.com");
    expect(await copies(t.text)).toBe(1);
  });

  it("a lost answer to the create is found among the location's posts, never resent", async () => {
    const { u, accountId } = await location();
    const t = await queued(u.user.id, accountId);
    await armFault("google_business", "drop", 1, { method: "POST", path: "/localPosts$" });
    expect(await publishTarget(t.targetId, await deps(t.targetId))).toEqual({ ack: true });
    const row = await target(t.targetId);
    expect(row.status, row.errorMessage ?? "").toBe("published");
    expect(row.remoteId).toMatch(/\/localPosts\/\d+$/);
    expect(await copies(t.text)).toBe(1);
    expect(await attempts(t.targetId)).toEqual([
      { kind: "publish", outcome: "unknown" },
      { kind: "verify", outcome: "found" },
    ]);
  });

  it("a project Google has not approved (quota 0) fails the channel with the plain reason, not retried", async () => {
    const { u, accountId } = await location();
    const t = await queued(u.user.id, accountId);
    await setBusinessProfileQuota(0);
    expect(await publishTarget(t.targetId, await deps(t.targetId))).toEqual({ ack: true });
    const row = await target(t.targetId);
    expect(row.status).toBe("failed");
    expect(row.errorMessage).toContain("Google has not approved this app's access to the Business Profile APIs");
    expect(NOT_APPROVED).toContain("quota is 0");
  });
});

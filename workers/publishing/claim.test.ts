import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../db/client";
import { postTargets } from "../db/schema/index";
import { insertAccount, insertScheduledPost } from "../test/fixtures";
import { registerUser } from "../test/helpers";
import { dbOf, drizzleOf } from "../test/shards";
import { claimDueTargets, type PublishMessage } from "./claim";

/** A queue that records what was sent, so the claim can be checked without a consumer running. */
function recordingQueue() {
  const sent: Array<{ body: PublishMessage; delaySeconds?: number }> = [];
  const queue = {
    send: async () => {},
    sendBatch: async (batch: Iterable<{ body: PublishMessage; delaySeconds?: number }>) => {
      sent.push(...batch);
    },
  } as unknown as Queue<PublishMessage>;
  return { queue, sent };
}

describe("claimDueTargets", () => {
  it("claims due and overdue targets once, leaves later ones, and delays each to its second", async () => {
    const u = await registerUser();
    const account = await insertAccount(u.user.id, "instagram");
    const now = Date.now();
    const { targetIds } = await insertScheduledPost(u.user.id, [
      { accountId: account, platform: "instagram", dueAt: now - 3 * 3600_000 }, // missed while down
      { accountId: account, platform: "instagram", dueAt: now + 30_500 },
      { accountId: account, platform: "instagram", dueAt: now + 5 * 60_000 }, // not yet
    ]);
    const { queue, sent } = recordingQueue();
    const result = await claimDueTargets(
      { db: await drizzleOf(u.user.id), d1: await dbOf(u.user.id), queue, now: () => now },
      { kind: "trigger", workspaceId: u.user.id },
    );
    expect(result.claimed).toBe(2);
    expect(sent.map((m) => m.body.targetId).sort()).toEqual([targetIds[0], targetIds[1]].sort());
    expect(sent.find((m) => m.body.targetId === targetIds[0])!.delaySeconds).toBe(0);
    expect(sent.find((m) => m.body.targetId === targetIds[1])!.delaySeconds).toBe(31);
    const rows = await (await drizzleOf(u.user.id))
      .select()
      .from(postTargets)
      .where(inArray(postTargets.id, targetIds));
    expect(rows.find((r) => r.id === targetIds[2])!.status).toBe("scheduled");
    expect(rows.filter((r) => r.status === "queued").every((r) => r.claimId === result.claimId)).toBe(true);
  });

  it("never lets two overlapping runs claim the same target", async () => {
    const u = await registerUser();
    const account = await insertAccount(u.user.id, "twitter");
    const now = Date.now();
    const { targetIds } = await insertScheduledPost(
      u.user.id,
      Array.from({ length: 40 }, (_, i) => ({
        accountId: account,
        platform: "twitter" as const,
        dueAt: now - i * 1000,
      })),
    );
    const a = recordingQueue();
    const b = recordingQueue();
    const d1 = await dbOf(u.user.id);
    const deps = (q: Queue<PublishMessage>) => ({ db: createDb(d1), d1, queue: q, now: () => now });
    const [ra, rb] = await Promise.all([
      claimDueTargets(deps(a.queue), { kind: "trigger", workspaceId: u.user.id }),
      claimDueTargets(deps(b.queue), { kind: "trigger", workspaceId: u.user.id }),
    ]);
    expect(ra.claimed + rb.claimed).toBe(40);
    const all = [...a.sent, ...b.sent].map((m) => m.body.targetId);
    expect(new Set(all).size).toBe(40);
    expect(all.sort()).toEqual([...targetIds].sort());
  });

  it("claims only the caller's targets when triggered by a user", async () => {
    const a = await registerUser();
    const b = await registerUser();
    const now = Date.now();
    await insertScheduledPost(a.user.id, [
      { accountId: await insertAccount(a.user.id, "linkedin"), platform: "linkedin", dueAt: now - 1000 },
    ]);
    const other = await insertScheduledPost(b.user.id, [
      { accountId: await insertAccount(b.user.id, "linkedin"), platform: "linkedin", dueAt: now - 1000 },
    ]);
    const q = recordingQueue();
    await claimDueTargets(
      { db: await drizzleOf(a.user.id), d1: await dbOf(a.user.id), queue: q.queue, now: () => now },
      { kind: "trigger", workspaceId: a.user.id },
    );
    expect(q.sent.map((m) => m.body.targetId)).not.toContain(other.targetIds[0]);
  });
});

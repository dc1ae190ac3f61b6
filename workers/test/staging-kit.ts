import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { expect, vi } from "vitest";
import { createDb } from "../db/client";
import { shardNames } from "../db/directory";
import { postTargets, targetStagings } from "../db/schema/index";
import { claimDueTargets } from "../publishing/claim";
import { publishDeps } from "../publishing/deps";
import { DEFAULT_LEASES } from "../publishing/lease";
import { stageAhead } from "../publishing/staging";
import { buildServices } from "../services";
import { call, ORIGIN } from "./helpers";
import { EXTRA_SHARDS } from "./shard-bindings";
import { dbOfTarget, publishDepsOf } from "./shards";

/** What the staging suites (ADR 029, 033) drive by hand: the cron's sweep, the queue's steps, the clock. */

/** The publishing deps on the target's shard with the app clock `shiftMs` ahead. */
export const stagingDeps = (targetId: string, shiftMs = 0) => publishDepsOf(targetId, () => Date.now() + shiftMs);

/**
 * One run of the cron's staging sweep on every shard, as the cron runs it, the counts summed; its `{ stage: true }`
 * messages go on the real queue, each naming its shard.
 */
export async function sweep(shiftMs = 0) {
  const total = { enqueued: 0, cleaned: 0 };
  for (const shard of shardNames(env)) {
    const services = buildServices(env, () => Date.now() + shiftMs, ORIGIN, { shard: () => shard });
    const run = await stageAhead({ ...publishDeps(services), queue: services.queues.publish, leases: DEFAULT_LEASES });
    total.enqueued += run.enqueued;
    total.cleaned += run.cleaned;
  }
  return total;
}

/** The target's staging row, on whichever shard holds it (none once its post is deleted with it). */
export async function stagingOf(targetId: string) {
  for (const shard of ["DB", ...EXTRA_SHARDS]) {
    const db = createDb((env as unknown as Record<string, D1Database>)[shard]!);
    const [row] = await db.select().from(targetStagings).where(eq(targetStagings.targetId, targetId));
    if (row) return row;
  }
  return undefined;
}

/** Waits for the queue's staging step to leave `staging`. */
export const staged = (targetId: string) =>
  vi.waitFor(
    async () => {
      const row = await stagingOf(targetId);
      if (!row || row.state === "staging") throw new Error(`still ${row?.state ?? "unstaged"}`);
      return row;
    },
    { timeout: 20_000, interval: 100 },
  );

/** The post's first channel as the API shows it. */
export async function channel(u: { token: string }, postId: string) {
  return (await call<"GET /api/posts/:id">(`/api/posts/${postId}`, { token: u.token })).body.data.platformPosts[0];
}

/** Makes the target due and claims it, as the cron does at its minute (the message is then ours to drive). */
export async function claimNow(targetId: string, shiftMs = 0) {
  const d1 = await dbOfTarget(targetId);
  const db = createDb(d1);
  await db
    .update(postTargets)
    .set({ dueAt: Date.now() + shiftMs })
    .where(eq(postTargets.id, targetId));
  const d = await stagingDeps(targetId, shiftMs);
  await claimDueTargets({ db: d.db, d1, queue: { sendBatch: async () => {} } as never, now: d.now });
  expect((await db.select().from(postTargets).where(eq(postTargets.id, targetId)))[0]!.status).toBe("queued");
}

/** The target's logged attempts, oldest first. */
export async function attemptsOf(targetId: string) {
  const { results } = await (await dbOfTarget(targetId))
    .prepare("SELECT kind, outcome FROM publish_attempts WHERE target_id = ? ORDER BY started_at, rowid")
    .bind(targetId)
    .all<{ kind: string; outcome: string }>();
  return results;
}

/** The target's attempts that put the post out (published, or found after a lost answer): exactly one. */
export async function publishedAttempts(targetId: string) {
  return (await attemptsOf(targetId)).filter((a) => a.outcome === "published" || a.outcome === "found");
}

/** Edits a post through the API, as the composer's save does; the edit must be accepted. */
export async function editPost(u: { token: string }, postId: string, body: Record<string, unknown>) {
  const res = await call<"PUT /api/posts/:id">(`/api/posts/${postId}`, { method: "PUT", token: u.token, body });
  expect(res.status, res.body.message).toBe(200);
}

import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { expect, vi } from "vitest";
import { postTargets, targetStagings } from "../db/schema/index";
import { claimDueTargets } from "../publishing/claim";
import { publishDeps } from "../publishing/deps";
import { DEFAULT_LEASES } from "../publishing/lease";
import { stageAhead } from "../publishing/staging";
import { buildServices } from "../services";
import { testDb } from "./fixtures";
import { call, ORIGIN } from "./helpers";

/** What the staging suites (ADR 029, 033) drive by hand: the cron's sweep, the queue's steps, the clock. */

/** The publishing deps with the app clock `shiftMs` ahead. */
export const stagingDeps = (shiftMs = 0) => publishDeps(buildServices(env, () => Date.now() + shiftMs, ORIGIN));

/** One run of the cron's staging sweep; its `{ stage: true }` messages go on the real queue. */
export const sweep = (shiftMs = 0) =>
  stageAhead({ ...stagingDeps(shiftMs), queue: env.PUBLISH_QUEUE, leases: DEFAULT_LEASES });

export const stagingOf = async (targetId: string) =>
  (await testDb().select().from(targetStagings).where(eq(targetStagings.targetId, targetId)))[0];

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
  await testDb()
    .update(postTargets)
    .set({ dueAt: Date.now() + shiftMs })
    .where(eq(postTargets.id, targetId));
  const d = stagingDeps(shiftMs);
  await claimDueTargets({ db: d.db, d1: env.DB, queue: { sendBatch: async () => {} } as never, now: d.now });
  expect((await testDb().select().from(postTargets).where(eq(postTargets.id, targetId)))[0]!.status).toBe("queued");
}

/** The target's logged attempts, oldest first. */
export async function attemptsOf(targetId: string) {
  const { results } = await env.DB.prepare(
    "SELECT kind, outcome FROM publish_attempts WHERE target_id = ? ORDER BY started_at, rowid",
  )
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

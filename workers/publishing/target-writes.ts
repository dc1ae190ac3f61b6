import { and, eq, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { EmitEvent } from "../automation";
import { chunksOf, D1_MAX_PARAMS } from "../db/chunks";
import type { Db } from "../db/client";
import { labels, postLabels } from "../db/schema/labels";
import { posts, postTargets } from "../db/schema/posts";
import { derivePostStatus, type TargetStatus } from "../delivery";
import { releaseOnReconnect } from "../posts";

/**
 * The one file that writes post_targets (ADR 080), and the one place outside the posts module that writes
 * `posts.status`: always derived from the post's channels, never set apart from them. The other publishing
 * files decide which move to make; each move here is a statement (awaited alone or joined to a batch) and
 * every one of them is conditional on the state it leaves, so overlapping runs act once.
 */

/** What a write needs: the database and the clock. */
export interface Writer {
  db: Db;
  now: () => number;
}

type TargetRef = { id: string; status: TargetStatus };
type Insert = typeof postTargets.$inferInsert;

// --- The scheduler's claim (ADR 059) ---

/**
 * Claims up to `limit` scheduled targets due by `horizon` in ONE conditional UPDATE; `scope` narrows it to a
 * workspace, and to one target (which a paused queue does not hold) or to the accounts whose queue runs.
 */
export function claimDue(
  d1: D1Database,
  claim: { claimId: string; at: number; horizon: number; limit: number },
  scope: { workspaceId?: string; targetId?: string },
) {
  const params: unknown[] = [claim.claimId, claim.at, claim.horizon];
  const param = (value: unknown) => `?${params.push(value)}`;
  const workspaceFilter = scope.workspaceId ? `AND workspace_id = ${param(scope.workspaceId)}` : "";
  const only = scope.targetId
    ? `AND id = ${param(scope.targetId)}`
    : "AND NOT EXISTS (SELECT 1 FROM account_queues q WHERE q.account_id = post_targets.account_id AND q.paused = 1)";
  return d1
    .prepare(
      `UPDATE post_targets SET status = 'queued', claim_id = ?1, claimed_at = ?2, updated_at = ?2
       WHERE id IN (SELECT id FROM post_targets WHERE status = 'scheduled' AND due_at <= ?3 ${workspaceFilter} ${only} ORDER BY due_at LIMIT ${claim.limit})
         AND status = 'scheduled'
       RETURNING id, due_at, account_id, platform`,
    )
    .bind(...params);
}

/** The posts of a claim's targets now show as publishing (what their targets derive to). */
export function claimedPostsPublishing(d1: D1Database, claimId: string, at: number) {
  return d1
    .prepare(
      "UPDATE posts SET status = 'publishing', updated_at = ?2 WHERE id IN (SELECT post_id FROM post_targets WHERE claim_id = ?1) AND status != 'publishing'",
    )
    .bind(claimId, at);
}

/** The reconciler takes a stuck target back into a claim, only while it is as it was seen. */
export function reclaim(db: Db, target: TargetRef & { updatedAt: number }, claimId: string, now: number) {
  return db.all<{ id: string; due_at: number }>(
    sql`UPDATE post_targets SET status = 'queued', claim_id = ${claimId}, claimed_at = ${now}, updated_at = ${now}
      WHERE id = ${target.id} AND status = ${target.status} AND updated_at = ${target.updatedAt} RETURNING id, due_at`,
  );
}

// --- A delivery's moves ---

/** Paced: the channel waits on purpose until `at`, so the reconciler does not take it for lost. */
export function waitUntil(w: Writer, target: TargetRef, at: number) {
  return w.db
    .update(postTargets)
    .set({ nextAttemptAt: at, updatedAt: w.now() })
    .where(and(eq(postTargets.id, target.id), eq(postTargets.status, target.status)));
}

/** The conditional move `queued → publishing` that decides the one delivery that may send (its winner gets the row). */
export function startPublishing(w: Writer, targetId: string, hint?: Pick<Insert, "accountId" | "platform">) {
  const hinted = hint && and(eq(postTargets.accountId, hint.accountId), eq(postTargets.platform, hint.platform));
  return w.db
    .update(postTargets)
    .set({ status: "publishing", attemptCount: sql`${postTargets.attemptCount} + 1`, updatedAt: w.now() })
    .where(and(eq(postTargets.id, targetId), eq(postTargets.status, "queued"), hinted))
    .returning();
}

/** A retryable failure: the channel goes back to `queued` for its next attempt at `at`. */
export function requeue(w: Writer, target: { id: string }, at: number) {
  return w.db
    .update(postTargets)
    .set({ status: "queued", nextAttemptAt: at, updatedAt: w.now() })
    .where(and(eq(postTargets.id, target.id), eq(postTargets.status, "publishing")));
}

/** A thread's part ids (and part 1's link) recorded while the channel is still `publishing`. */
export function recordParts(w: Writer, targetId: string, partIds: string[], permalink?: string | null) {
  return w.db
    .update(postTargets)
    .set({ partIds, ...(permalink !== undefined ? { permalink } : {}), updatedAt: w.now() })
    .where(and(eq(postTargets.id, targetId), eq(postTargets.status, "publishing")))
    .returning({ id: postTargets.id });
}

/** A delivery's outcome, if the target is still in flight. */
export interface TargetOutcome {
  status: TargetStatus;
  remoteId?: string;
  permalink?: string | null;
  publishedAt?: number;
  errorKind?: string;
  errorMessage?: string;
}

export function settleTarget(db: Db, targetId: string, change: TargetOutcome, now: number) {
  return db
    .update(postTargets)
    .set({
      status: change.status,
      remoteId: change.remoteId ?? null,
      permalink: change.permalink ?? null,
      publishedAt: change.publishedAt ?? null,
      errorKind: change.errorKind ?? null,
      errorMessage: change.errorMessage ?? null,
      updatedAt: now,
    })
    .where(and(eq(postTargets.id, targetId), inArray(postTargets.status, ["publishing", "queued"])))
    .returning({ id: postTargets.id });
}

/** A published channel's link, read after the fact, kept only if none was recorded meanwhile. */
export function recordPermalink(w: Writer, targetId: string, permalink: string) {
  return w.db
    .update(postTargets)
    .set({ permalink, updatedAt: w.now() })
    .where(and(eq(postTargets.id, targetId), eq(postTargets.status, "published"), isNull(postTargets.permalink)));
}

/** Touched so a round-robin over `updated_at` moves on to other targets first. */
export function touch(w: Writer, targetId: string) {
  return w.db.update(postTargets).set({ updatedAt: w.now() }).where(eq(postTargets.id, targetId));
}

// --- A first comment's own status (ADR 021) ---

/** The move to `pending` that lets one run send the comment (from none yet, or failed). */
export function claimComment(w: Writer, targetId: string) {
  return w.db
    .update(postTargets)
    .set({ commentStatus: "pending", commentError: null, updatedAt: w.now() })
    .where(
      and(eq(postTargets.id, targetId), or(isNull(postTargets.commentStatus), eq(postTargets.commentStatus, "failed"))),
    )
    .returning({ id: postTargets.id });
}

export function commentOutcome(w: Writer, targetId: string, outcome: { remoteId: string } | { error: string }) {
  const set =
    "remoteId" in outcome
      ? { commentStatus: "published" as const, commentRemoteId: outcome.remoteId }
      : { commentStatus: "failed" as const, commentError: outcome.error };
  return w.db
    .update(postTargets)
    .set({ ...set, updatedAt: w.now() })
    .where(eq(postTargets.id, targetId));
}

// --- Holds (see channel-holds.ts) and the user's answers ---

/** Holds the channels `where` picks, with the reason the user reads; returns their posts. */
export function hold(db: Db, where: SQL | undefined, reason: { errorKind: string; errorMessage: string }, now: number) {
  return db
    .update(postTargets)
    .set({ status: "held", ...reason, claimId: null, updatedAt: now })
    .where(where)
    .returning({ postId: postTargets.postId });
}

/** A reconnected account's held channel: rescheduled, or asking for a new time if its time passed. */
export function release(db: Db, target: { id: string; dueAt: number | null }, now: number) {
  return db
    .update(postTargets)
    .set({ ...releaseOnReconnect(target, now), updatedAt: now })
    .where(and(eq(postTargets.id, target.id), eq(postTargets.status, "held")));
}

/** A failed or unconfirmed channel is due again now, from attempt one. */
export function retry(w: Writer, targetId: string) {
  const now = w.now();
  return w.db
    .update(postTargets)
    .set({
      status: "scheduled",
      dueAt: now,
      attemptCount: 0,
      errorKind: null,
      errorMessage: null,
      failureSeenAt: null,
      updatedAt: now,
    })
    .where(and(eq(postTargets.id, targetId), inArray(postTargets.status, ["failed", "unconfirmed"])));
}

/** The user saw an unconfirmed channel's post on the platform. */
export function confirmTargetPublished(w: Writer, targetId: string, permalink: string | null) {
  const now = w.now();
  return w.db
    .update(postTargets)
    .set({ status: "published", publishedAt: now, permalink, errorKind: null, errorMessage: null, updatedAt: now })
    .where(and(eq(postTargets.id, targetId), eq(postTargets.status, "unconfirmed")));
}

/** Up to 100 ids, beside the time and the workspace: in runs within D1's 100 bound parameters (ADR 118). */
export function markFailuresSeen(w: Writer, workspaceId: string, targetIds: string[]) {
  const at = w.now();
  return chunksOf(targetIds, D1_MAX_PARAMS - 2).map((run) =>
    w.db
      .update(postTargets)
      .set({ failureSeenAt: at })
      .where(and(eq(postTargets.workspaceId, workspaceId), inArray(postTargets.id, run))),
  );
}

// --- A post's channels, as its commands, approvals and queue move them (TargetMoves) ---

/**
 * A post's channels (as many as it names accounts, 550 at most) are written in runs within D1's 100 bound
 * parameters (ADR 118), every run a statement of the caller's batch. A row binds each column given a value or a
 * default: what one row's INSERT binds sizes the run. Rows giving the same columns bind alike, so one row of each
 * kind is rendered (rendering every row cost ~85 µs each, ~45 ms of CPU for 550).
 */
export function insertTargets(db: Db, rows: Insert[]) {
  if (rows.length === 0) return [];
  const kinds = new Map<string, Insert>();
  for (const r of rows) {
    const given = Object.entries(r)
      .filter(([, v]) => v !== undefined)
      .map(([k]) => k)
      .join();
    if (!kinds.has(given)) kinds.set(given, r);
  }
  const perRow = Math.max(...[...kinds.values()].map((r) => db.insert(postTargets).values(r).toSQL().params.length));
  return chunksOf(rows, Math.floor(D1_MAX_PARAMS / perRow)).map((run) => db.insert(postTargets).values(run));
}

export const deleteTargets = (db: Db, ids: string[]) =>
  chunksOf(ids, D1_MAX_PARAMS).map((run) => db.delete(postTargets).where(inArray(postTargets.id, run)));

/** Publish Now: the channels become due `at` (`scheduled`), or wait for approval, from attempt one. */
export function dueNow(db: Db, ids: string[], status: "scheduled" | "pending_approval", at: number) {
  const set = {
    status,
    dueAt: status === "scheduled" ? at : null,
    attemptCount: 0,
    errorKind: null,
    errorMessage: null,
    updatedAt: at,
  };
  return chunksOf(ids, D1_MAX_PARAMS - Object.keys(set).length).map((run) =>
    db.update(postTargets).set(set).where(inArray(postTargets.id, run)),
  );
}

/**
 * An approver's decision: the post's channels waiting for approval take `status` (due at `dueAt`), and the
 * post takes the status its channels `after` derive to, in one batch with the decision's own rows.
 */
export function decideTargets(
  db: Db,
  post: { id: string; after: { status: TargetStatus }[] },
  decision: { status: TargetStatus; dueAt: number | null },
  now: number,
) {
  return [
    db
      .update(postTargets)
      .set({ status: decision.status, dueAt: decision.dueAt, updatedAt: now })
      .where(and(eq(postTargets.postId, post.id), eq(postTargets.status, "pending_approval"))),
    db
      .update(posts)
      .set({
        status: derivePostStatus(post.after),
        ...(decision.dueAt !== null ? { scheduledAt: decision.dueAt } : {}),
        updatedAt: now,
      })
      .where(eq(posts.id, post.id)),
  ] as const;
}

/** A waiting channel moved to a new due time (its attempt count starting over with `restart`), while `scheduled`. */
export function retimeTarget(db: Db, move: RetimeMove, restart: boolean, now: number) {
  const slot = move.slot === undefined ? {} : { queueSlot: move.slot };
  return db
    .update(postTargets)
    .set({ dueAt: move.dueAt, ...slot, ...(restart ? { attemptCount: 0 } : {}), updatedAt: now })
    .where(and(eq(postTargets.id, move.id), eq(postTargets.status, "scheduled")));
}

/** A channel's new due time and, when the queue moves it, the slot it then holds (null: none; ADR 126). */
export type RetimeMove = { id: string; dueAt: number; slot?: number | null };

/** Up to 100 channels let go of their queue slots, first in a batch that gives the slots out again (ADR 126). */
export function freeSlots(db: Db, ids: string[]) {
  return chunksOf(ids, D1_MAX_PARAMS - 1).map((run) =>
    db.update(postTargets).set({ queueSlot: null }).where(inArray(postTargets.id, run)),
  );
}

/** The post's shown time follows its earliest waiting channel. */
export function earliestDue(db: Db, postId: string, now: number) {
  return db
    .update(posts)
    .set({
      scheduledAt: sql`coalesce((SELECT min(due_at) FROM post_targets WHERE post_id = ${postId} AND status = 'scheduled'), ${posts.scheduledAt})`,
      updatedAt: now,
    })
    .where(eq(posts.id, postId));
}

// --- A post's status, derived from its channels after any of them moved ---

/** What a post's status is derived from: its targets (a read, joined to the batch that moves one). */
export const targetsOfPost = (db: Db, postId: string) =>
  db
    .select({
      id: postTargets.id,
      platform: postTargets.platform,
      accountId: postTargets.accountId,
      status: postTargets.status,
      publishedAt: postTargets.publishedAt,
      permalink: postTargets.permalink,
      errorKind: postTargets.errorKind,
      errorMessage: postTargets.errorMessage,
    })
    .from(postTargets)
    .where(eq(postTargets.postId, postId));

/** Post statuses that end a publish, each announced by its webhook event. */
const ANNOUNCED = {
  published: "post.published",
  partially_published: "post.partially_published",
  failed: "post.failed",
} as const;

/** Re-derives the post's status from its targets after any target changed. */
export async function refreshPostStatus(db: Db, postId: string, now: number, emit?: EmitEvent): Promise<void> {
  await applyPostStatus(db, postId, await targetsOfPost(db, postId), now, emit);
}

/**
 * Writes the status `targets` derive to, in one round trip: the UPDATE that changes it is conditional, so when two
 * channels settle at once only one of them announces the post's outcome; the second keeps its newest publish time
 * when the status stays; the post's labels (for the announcement) are read alongside, whether or not it changed.
 */
export async function applyPostStatus(
  db: Db,
  postId: string,
  targets: Awaited<ReturnType<typeof targetsOfPost>>,
  now: number,
  emit?: EmitEvent,
): Promise<void> {
  const status = derivePostStatus(targets);
  const publishedAt = targets.reduce<number | null>(
    (max, t) => (t.publishedAt && (!max || t.publishedAt > max) ? t.publishedAt : max),
    null,
  );
  const [changed, , postLabelsNow] = await db.batch([
    db
      .update(posts)
      .set({ status, publishedAt, updatedAt: now })
      .where(and(eq(posts.id, postId), ne(posts.status, status)))
      .returning({ workspaceId: posts.workspaceId }),
    db.update(posts).set({ publishedAt, updatedAt: now }).where(eq(posts.id, postId)),
    // Its labels (its campaigns, ADR 094), so a receiver can route the outcome without asking the API.
    db
      .select({ id: labels.id, name: labels.name })
      .from(postLabels)
      .innerJoin(labels, eq(labels.id, postLabels.labelId))
      .where(eq(postLabels.postId, postId))
      .orderBy(labels.name),
  ]);
  const event = ANNOUNCED[status as keyof typeof ANNOUNCED];
  if (changed.length === 0 || !emit || !event) return;
  await emit(changed[0]!.workspaceId, event, {
    postId,
    status,
    labels: postLabelsNow,
    channels: targets.map((t) => ({
      targetId: t.id,
      platform: t.platform,
      accountId: t.accountId,
      status: t.status,
      permalink: t.permalink,
      error: t.errorMessage,
    })),
  });
}

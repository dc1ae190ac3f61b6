import { and, eq, inArray, ne } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { EmitEvent } from "../automation/webhooks";
import type { Db } from "../db/client";
import { posts, postTargets, publishAttempts } from "../db/schema/index";
import { derivePostStatus, type TargetStatus } from "../delivery/state";
import type { PlatformError, PublishResult } from "../platforms/types";
import type { PublishDeps, TargetRow } from "./consumer";

// Every write of the publish consumer: a channel's moves while it is delivered (paced, publishing, queued again),
// and its outcome: the attempt, the channel's new status, the activity entry and the post's status derived from its
// channels, with the webhook event of an outcome the post reaches.

/** Paced: the channel waits on purpose until `at`, so the reconciler does not take it for lost. */
export function waitUntil(deps: PublishDeps, target: TargetRow, at: number) {
  return deps.db
    .update(postTargets)
    .set({ nextAttemptAt: at, updatedAt: deps.now() })
    .where(and(eq(postTargets.id, target.id), eq(postTargets.status, target.status)));
}

/** The conditional move `queued → publishing` that decides the one delivery that may send (its winner gets the row). */
export function startPublishing(deps: PublishDeps, target: TargetRow) {
  return deps.db
    .update(postTargets)
    .set({ status: "publishing", attemptCount: target.attemptCount + 1, updatedAt: deps.now() })
    .where(and(eq(postTargets.id, target.id), eq(postTargets.status, "queued")))
    .returning();
}

/** A retryable failure: the channel goes back to `queued` for its next attempt at `at`. */
export function requeue(deps: PublishDeps, target: TargetRow, at: number) {
  return deps.db
    .update(postTargets)
    .set({ status: "queued", nextAttemptAt: at, updatedAt: deps.now() })
    .where(and(eq(postTargets.id, target.id), eq(postTargets.status, "publishing")));
}

/** The user decides: the platform could not say whether the post went out. */
export function settleUnconfirmed(target: TargetRow, deps: PublishDeps, error: PlatformError) {
  return settle(target, deps, {
    status: "unconfirmed",
    errorKind: error.kind,
    errorMessage: `We could not confirm whether this post was published (${error.message}). Check the platform, then mark it published or retry.`,
  });
}

/** The channel is published: its attempt, its new status, the activity entry and the post's status in one batch. */
export async function markPublished(
  target: TargetRow,
  result: PublishResult,
  deps: PublishDeps,
  log: { started: number; kind: string } | null,
) {
  const now = deps.now();
  const activity = deps.activity({
    workspaceId: target.workspaceId,
    userId: null,
    action: "published",
    subject: "post",
    subjectId: target.postId,
    summary: `Published on ${target.platform}${result.permalink ? `: ${result.permalink}` : ""}`,
    at: now,
  });
  const attempt = log
    ? [attemptRow(deps, target.id, log.started, log.kind, log.kind === "verify" ? "found" : "published", null)]
    : [];
  await settle(
    target,
    deps,
    { status: "published", remoteId: result.remoteId, permalink: result.permalink, publishedAt: now },
    [activity, ...attempt],
  );
}

/** Moves the target to its outcome (if it is still in flight) and re-derives its post's status; `also` joins the batch. */
export async function settle(
  target: TargetRow,
  deps: PublishDeps,
  change: {
    status: TargetStatus;
    remoteId?: string;
    permalink?: string | null;
    publishedAt?: number;
    errorKind?: string;
    errorMessage?: string;
  },
  also: BatchItem<"sqlite">[] = [],
) {
  const now = deps.now();
  const [moved, targets] = await deps.db.batch([
    deps.db
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
      .where(and(eq(postTargets.id, target.id), inArray(postTargets.status, ["publishing", "queued"])))
      .returning({ id: postTargets.id }),
    targetsOfPost(deps.db, target.postId),
    ...also,
  ]);
  if (moved.length > 0 && change.status === "failed")
    await deps.announceFailure(target, change.errorMessage ?? "Publishing could not be completed.");
  if (moved.length > 0 && change.status === "unconfirmed") {
    await deps.emit(target.workspaceId, "post.unconfirmed", {
      postId: target.postId,
      channel: { targetId: target.id, platform: target.platform, accountId: target.accountId },
      message: change.errorMessage ?? null,
    });
  }
  await applyPostStatus(deps.db, target.postId, targets, now, deps.emit);
}

/** Post statuses that end a publish, each announced by its webhook event. */
const ANNOUNCED = {
  published: "post.published",
  partially_published: "post.partially_published",
  failed: "post.failed",
} as const;

/**
 * Re-derives the post's status from its targets after any target changed. The UPDATE that changes the status
 * is conditional, so when two channels settle at once only one of them announces the post's outcome.
 */
export async function refreshPostStatus(db: Db, postId: string, now: number, emit?: EmitEvent): Promise<void> {
  await applyPostStatus(db, postId, await targetsOfPost(db, postId), now, emit);
}

/** What a post's status is derived from: its targets. */
const targetsOfPost = (db: Db, postId: string) =>
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

async function applyPostStatus(
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
  const changed = await db
    .update(posts)
    .set({ status, publishedAt, updatedAt: now })
    .where(and(eq(posts.id, postId), ne(posts.status, status)))
    .returning({ workspaceId: posts.workspaceId });
  if (changed.length === 0) {
    await db.update(posts).set({ publishedAt, updatedAt: now }).where(eq(posts.id, postId));
    return;
  }
  const event = ANNOUNCED[status as keyof typeof ANNOUNCED];
  if (!emit || !event) return;
  await emit(changed[0]!.workspaceId, event, {
    postId,
    status,
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

/** The attempt log's row, as a statement (awaited alone or joined to a batch). */
export function attemptRow(
  deps: PublishDeps,
  targetId: string,
  started: number,
  kind: string,
  outcome: string,
  error: PlatformError | null,
) {
  return deps.db.insert(publishAttempts).values({
    id: crypto.randomUUID(),
    targetId,
    startedAt: started,
    durationMs: deps.now() - started,
    kind,
    outcome,
    errorKind: error?.kind ?? null,
    errorMessage: error?.message ?? null,
    platformCode: error?.details.code != null ? String(error.details.code) : null,
  });
}

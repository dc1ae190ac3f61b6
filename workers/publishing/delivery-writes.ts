import type { BatchItem } from "drizzle-orm/batch";
import type { EmitEvent, Subscriber } from "../automation";
import { publishAttempts } from "../db/schema/index";
import type { PlatformError, PublishResult } from "../platforms";
import type { PublishDeps, TargetRow } from "./consumer";
import { applyPostStatus, settleTarget, type TargetOutcome, targetsOfPost } from "./target-writes";

// A delivery's outcome: the attempt, the channel's new status, the activity entry and the post's status derived from
// its channels, with the webhook event of an outcome the post reaches (the statements are target-writes.ts').

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

/**
 * Moves the target to its outcome (if it is still in flight) and re-derives its post's status; `also` joins the batch,
 * and so does the read of the workspace's webhook endpoints, which the outcome's events go to.
 */
export async function settle(
  target: TargetRow,
  deps: PublishDeps,
  change: TargetOutcome,
  also: BatchItem<"sqlite">[] = [],
) {
  const now = deps.now();
  const [moved, targets, endpoints] = (await deps.db.batch([
    settleTarget(deps.db, target.id, change, now),
    targetsOfPost(deps.db, target.postId),
    deps.endpointsRead(target.workspaceId),
    ...also,
  ])) as [unknown[], Awaited<ReturnType<typeof targetsOfPost>>, Subscriber[]];
  const emit: EmitEvent = (workspaceId, type, data) => deps.emitTo(endpoints, workspaceId, type, [data]);
  if (moved.length > 0 && change.status === "failed")
    await deps.announceFailure(target, change.errorMessage ?? "Publishing could not be completed.");
  if (moved.length > 0 && change.status === "unconfirmed") {
    await emit(target.workspaceId, "post.unconfirmed", {
      postId: target.postId,
      channel: { targetId: target.id, platform: target.platform, accountId: target.accountId },
      message: change.errorMessage ?? null,
    });
  }
  await applyPostStatus(deps.db, target.postId, targets, now, emit);
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

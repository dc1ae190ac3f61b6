import { desc, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { EmitEvent, EmitTo } from "../automation";
import type { Db } from "../db/client";
import { postTargets, publishAttempts } from "../db/schema/index";
import { decideAfterFailure, type TargetStatus } from "../delivery";
import type { Platform } from "../platform-profile";
import {
  type AccountCredentials,
  type PlatformClient,
  PlatformError,
  type PublishRequest,
  type PublishResult,
  refreshOnce,
} from "../platforms";
import type { ActivityEntry } from "../workspaces";
import { isHintOf, type TargetHint } from "./claim";
import { attemptRow, markPublished, settle, settleUnconfirmed } from "./delivery-writes";
import { publishFirstComment } from "./first-comment";
import { fillPermalink } from "./permalinks";
import { type BuiltRequest, handleRecorder, stagedLookup, stagedPublish } from "./staging";
import { requeue, startPublishing, waitUntil } from "./target-writes";
import { publishRemainingParts, recordParts, type ThreadOutcomes } from "./thread";

export interface PublishDeps {
  db: Db;
  now: () => number;
  client: (platform: Platform) => PlatformClient;
  /**
   * A valid credential for the account (refreshed if needed); throws PlatformError('auth') when it cannot be had.
   * `read`: the rows of `accountRead`, when the caller's batch read them.
   */
  credentials: (accountId: string, read?: unknown[]) => Promise<AccountCredentials>;
  /** The account's row as a statement, read in the move's batch (then handed to `credentials`). */
  accountRead: (accountId: string) => BatchItem<"sqlite">;
  /** After a 401: one forced token refresh (null when the account has no refresh token). */
  refreshCredentials: (accountId: string) => Promise<AccountCredentials | null>;
  /** Flags the account and returns the reason the user reads (it names a missing permission). */
  markNeedsReconnect: (accountId: string, cause: PlatformError) => Promise<string>;
  /** The target's request, built afresh, with its staging row read in the same batch (`BuiltRequest`). */
  buildRequest: (target: TargetRow) => Promise<BuiltRequest>;
  /** Per-account pacing: spreads a burst instead of running into the platform's 429s. */
  gate: (accountId: string, platform: Platform) => Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** Webhook events of the outcomes decided here. */
  emit: EmitEvent;
  /** The workspace's webhook endpoints as a statement, read in an outcome's own batch, and the events sent to them. */
  endpointsRead: (workspaceId: string) => BatchItem<"sqlite">;
  emitTo: EmitTo;
  /** The activity log's insert for an outcome, run in the outcome's own batch (the log is written by its module). */
  activity: (entry: ActivityEntry) => BatchItem<"sqlite">;
  /** Tells the post's author a channel failed for good (the bell and email), once it is settled `failed`. */
  announceFailure: (target: TargetRow, reason: string) => Promise<void>;
}

export type TargetRow = typeof postTargets.$inferSelect;

/** What the queue should do with the message afterwards. */
export type Disposition = { ack: true } | { ack: false; delaySeconds: number };

const ACK: Disposition = { ack: true };
const TERMINAL: TargetStatus[] = ["published", "failed", "unconfirmed", "draft", "scheduled", "held"];

/**
 * Publishes one target, exactly once. A message is only a hint: the target row decides.
 * - queued → publishing is a conditional UPDATE, so a redelivered or duplicate message does nothing.
 * - A target found already `publishing` means an earlier delivery died mid-flight (the queue redelivers
 *   only after a failure): the platform is asked whether the post exists before anything is sent again.
 * - With the claim's `hint` of its account and platform, the pacing gate runs first and the target is read in the
 *   move's own batch; the move is conditional on the hint too, so a hint that does not match the row moves nothing
 *   and the row, as read, goes the unhinted way (its own account's gate, then the move).
 */
export async function publishTarget(targetId: string, deps: PublishDeps, hint?: TargetHint): Promise<Disposition> {
  if (!hint) return publishRead(targetId, deps);
  const gate = await deps.gate(hint.accountId, hint.platform);
  // Held back by the pace: the row is read, as without a hint, and waits if the hint was its own.
  if (!gate.allowed) return publishRead(targetId, deps, { hint, gate });
  // One round trip: the row as it was, the move only if the hint is the row's (its winner gets the row as it now is),
  // and the latest attempt's outcome.
  const [rows, moved, last, account] = (await deps.db.batch([
    deps.db.select().from(postTargets).where(eq(postTargets.id, targetId)),
    startPublishing(deps, targetId, hint),
    lastAttempt(deps.db, targetId),
    deps.accountRead(hint.accountId),
  ])) as [TargetRow[], TargetRow[], Array<{ outcome: string }>, unknown[]];
  const target = rows[0];
  if (!target || TERMINAL.includes(target.status)) return ACK;
  // A stale hint moved nothing: the row goes through its own account's gate.
  if (!isHintOf(hint, target)) return gated(target, deps);
  if (target.status === "queued") return moved[0] ? claimedNow(moved[0], last[0]?.outcome, deps, account) : ACK;
  return inFlight(target, deps);
}

/**
 * Without a hint: the target is read first, then paced by its own account. `asked`: the gate's answer to the hint,
 * used when the row bears the hint out (the gate is not asked twice for one delivery).
 */
async function publishRead(
  targetId: string,
  deps: PublishDeps,
  asked?: { hint: TargetHint; gate: Awaited<ReturnType<PublishDeps["gate"]>> },
): Promise<Disposition> {
  const target = await deps.db.query.postTargets.findFirst({ where: eq(postTargets.id, targetId) });
  if (!target || TERMINAL.includes(target.status)) return ACK;
  return gated(target, deps, asked && isHintOf(asked.hint, target) ? asked.gate : undefined);
}

async function gated(
  target: TargetRow,
  deps: PublishDeps,
  answered?: Awaited<ReturnType<PublishDeps["gate"]>>,
): Promise<Disposition> {
  const gate = answered ?? (await deps.gate(target.accountId, target.platform));
  if (!gate.allowed) {
    // Recorded so the reconciler knows this target is waiting on purpose, not lost.
    await waitUntil(deps, target, deps.now() + gate.retryAfterSeconds * 1000);
    return { ack: false, delaySeconds: gate.retryAfterSeconds };
  }

  if (target.status === "queued") {
    // One round trip: the move (its winner gets the row as it now is) and the latest attempt's outcome.
    const [moved, last] = await deps.db.batch([startPublishing(deps, target.id), lastAttempt(deps.db, target.id)]);
    return moved[0] ? claimedNow(moved[0], last[0]?.outcome, deps) : ACK;
  }
  return inFlight(target, deps);
}

/** This delivery moved the target to `publishing`: it sends, after a look when the last attempt left it unknown. */
async function claimedNow(
  claimed: TargetRow,
  lastOutcome: string | undefined,
  deps: PublishDeps,
  account?: unknown[],
): Promise<Disposition> {
  if (outcomeUnknown(lastOutcome)) {
    // An earlier attempt may have gone out (its answer was lost, or the last look failed): look before resending.
    const verdict = await verifyTarget(claimed, deps, { settleUnsure: false });
    if (verdict.outcome === "published") return ACK;
    if (verdict.outcome === "lookup_failed") return lookAgainLater(claimed, deps, verdict.error);
    // "cannot_check": the platform has no way to look; the user checked and asked for the retry.
    return attempt(claimed, deps);
  }
  // Nothing was looked up since the move, so the moved row's thread parts are current.
  return attempt(claimed, deps, { partIds: claimed.partIds ?? [], permalink: claimed.permalink }, account);
}

/** Found `publishing`: the previous delivery's outcome is unknown. */
async function inFlight(target: TargetRow, deps: PublishDeps): Promise<Disposition> {
  const verdict = await verifyTarget(target, deps, { settleUnsure: false });
  if (verdict.outcome === "not_found") return attempt(target, deps);
  return unsure(target, deps, verdict);
}

/**
 * After a lookup that did not find the post: nothing more to do once it is published; a lookup that failed this time
 * is tried again later; a platform that cannot be asked leaves the channel to the user.
 */
function unsure(target: TargetRow, deps: PublishDeps, verdict: Exclude<Verdict, { outcome: "not_found" }>) {
  if (verdict.outcome === "published" || verdict.outcome === "unconfirmed") return ACK;
  if (verdict.outcome === "lookup_failed") return lookAgainLater(target, deps, verdict.error);
  return settleUnconfirmed(target, deps, verdict.error).then(() => ACK);
}

/**
 * The platform could not be asked this time whether the post went out: ask again on a later delivery (which looks
 * before it sends anything) while attempts remain, then leave it to the user as unconfirmed. Never sent again blind.
 */
async function lookAgainLater(target: TargetRow, deps: PublishDeps, error: PlatformError): Promise<Disposition> {
  const decision = decideAfterFailure(
    { kind: "retryable", message: error.message, retryAfterMs: error.details.retryAfterMs },
    target.attemptCount,
  );
  if (decision.action === "retry") return retryLater(target, deps, decision);
  await settleUnconfirmed(target, deps, error);
  return ACK;
}

/**
 * `parts`: the thread parts recorded so far, when the caller's row is known to be current (else read here);
 * `account`: the account's row as the move's batch read it.
 */
async function attempt(
  target: TargetRow,
  deps: PublishDeps,
  parts?: Awaited<ReturnType<typeof recordedParts>>,
  account?: unknown[],
): Promise<Disposition> {
  const started = deps.now();
  const client = deps.client(target.platform);
  let access: ReturnType<typeof refreshOnce>;
  let request: PublishRequest;
  let result: PublishResult;
  try {
    access = refreshOnce(await deps.credentials(target.accountId, account), () =>
      deps.refreshCredentials(target.accountId),
    );
    const { request: built, staging } = await deps.buildRequest(target);
    const record = handleRecorder(target, deps);
    request = { ...built, recordHandle: (handle) => record(built, handle) };
    // A thread under way resumes from its first missing part; its post is never sent again (ADR 027).
    const recorded = parts ?? (await recordedParts(deps, target.id));
    if (recorded.partIds.length)
      return await publishRemainingParts(
        { ...target, ...recorded },
        deps,
        { access, request, permalink: recorded.permalink, resumed: true },
        threadOutcomes(deps, access, request),
      );
    // Media staged ahead (ADR 029) leaves only the final call.
    const staged = await stagedPublish(target, request, staging, deps);
    // A refused token is refreshed once and the post sent again before the user is asked to reconnect.
    result = await access.call((credentials) => (staged ? staged(credentials) : client.publish(credentials, request)));
  } catch (err) {
    return afterFailure(target, deps, asPlatformError(err, target.platform), started, "publish");
  }
  if (request.thread?.length) {
    // Part 1 is out: its id is recorded before any reply is sent, so it is never published twice.
    await attemptRow(deps, target.id, started, "publish", "published", null);
    if (!(await recordParts(deps, target.id, [result.remoteId], result.permalink))) return ACK;
    return publishRemainingParts(
      { ...target, partIds: [result.remoteId] },
      deps,
      { access, request, permalink: result.permalink, resumed: false },
      threadOutcomes(deps, access, request),
    );
  }
  return complete(target, result, deps, access, request, { started, kind: "publish" });
}

/** The channel is out: its id is recorded before anything else (the permalink read, `request`'s comment) can fail. */
async function complete(
  target: TargetRow,
  result: PublishResult,
  deps: PublishDeps,
  access: ReturnType<typeof refreshOnce>,
  request: PublishRequest,
  log: { started: number; kind: string } | null,
): Promise<Disposition> {
  await markPublished(target, result, deps, log);
  if (!result.permalink) await fillPermalink(deps, { ...target, remoteId: result.remoteId }, access.credentials);
  if (target.version?.firstComment) await publishFirstComment(target.id, deps, undefined, request);
  return ACK;
}

/** The consumer's own settling, handed to the thread module. */
function threadOutcomes(
  deps: PublishDeps,
  access: ReturnType<typeof refreshOnce>,
  request: PublishRequest,
): ThreadOutcomes {
  return {
    // Each part was logged as it went out; the channel's publish is not logged again.
    published: (target, result) => complete(target, result, deps, access, request, null),
    failed: (target, error, started, kind) => afterFailure(target, deps, error, started, kind),
    unconfirmed: async (target, message, error) => {
      await attemptRow(deps, target.id, deps.now(), "verify", "unconfirmed", error);
      await settle(target, deps, { status: "unconfirmed", errorKind: error.kind, errorMessage: message });
      return ACK;
    },
    log: async (targetId, started, kind, outcome, error) => {
      await attemptRow(deps, targetId, started, kind, outcome, error);
    },
  };
}

/** The thread parts recorded so far (read fresh: a lookup may have just recorded part 1). */
async function recordedParts(deps: PublishDeps, targetId: string) {
  const row = await deps.db.query.postTargets.findFirst({
    where: eq(postTargets.id, targetId),
    columns: { partIds: true, permalink: true },
  });
  return { partIds: row?.partIds ?? [], permalink: row?.permalink ?? null };
}

/** After a failed call: look the post up when its outcome is unknown, else retry later, fail, or ask for a reconnect. */
async function afterFailure(
  target: TargetRow,
  deps: PublishDeps,
  error: PlatformError,
  started: number,
  kind: "publish" | "part",
): Promise<Disposition> {
  let decision = decideAfterFailure(
    {
      kind: error.kind,
      message: error.message,
      retryAfterMs: error.details.retryAfterMs,
      outcomeUnknown: error.details.outcomeUnknown,
    },
    target.attemptCount,
  );
  if (decision.action === "verify") {
    await attemptRow(deps, target.id, started, kind, "unknown", error);
    const verdict = await verifyTarget(target, deps, { settleUnsure: false });
    if (verdict.outcome !== "not_found") return unsure(target, deps, verdict);
    return retryLater(
      target,
      deps,
      decideAfterFailure({ kind: "retryable", message: error.message }, target.attemptCount),
    );
  }
  await attemptRow(deps, target.id, started, kind, decision.action === "retry" ? "retry" : "failed", error);
  if (decision.action === "fail" && decision.needsReconnect) {
    const reason = await deps.markNeedsReconnect(target.accountId, error);
    // A missing permission is said the same way on the channel as on the account.
    if (error.details.denied) decision = { ...decision, reason };
  }
  return retryLater(target, deps, decision);
}

/** The target's latest logged attempt. */
const lastAttempt = (db: Db, targetId: string) =>
  db
    .select({ outcome: publishAttempts.outcome })
    .from(publishAttempts)
    .where(eq(publishAttempts.targetId, targetId))
    .orderBy(desc(publishAttempts.startedAt))
    .limit(1);

/** True when that attempt left it unknown whether the post went out. */
const outcomeUnknown = (outcome: string | undefined) => outcome === "unknown" || outcome === "unconfirmed";

async function retryLater(
  target: TargetRow,
  deps: PublishDeps,
  decision: ReturnType<typeof decideAfterFailure>,
): Promise<Disposition> {
  if (decision.action === "retry") {
    await requeue(deps, target, deps.now() + decision.delayMs);
    return { ack: false, delaySeconds: Math.ceil(decision.delayMs / 1000) };
  }
  const reason = decision.action === "fail" ? decision.reason : "Publishing could not be completed.";
  await settle(target, deps, {
    status: "failed",
    errorMessage: reason,
    errorKind: decision.action === "fail" && decision.needsReconnect ? "auth" : "permanent",
  });
  return ACK;
}

/**
 * What asking the platform told: the post is out (settled `published`), not there, or unsure. Unsure is settled
 * `unconfirmed` (the user chooses), or with `settleUnsure: false` handed back with why: `cannot_check` (the
 * platform offers no lookup) or `lookup_failed` (it failed this time).
 */
export type Verdict =
  | { outcome: "published" }
  | { outcome: "not_found" }
  | { outcome: "unconfirmed" }
  | { outcome: "cannot_check"; error: PlatformError }
  | { outcome: "lookup_failed"; error: PlatformError };

/** Asks the platform whether the post went out after all (see `Verdict`). */
export async function verifyTarget(
  target: TargetRow,
  deps: PublishDeps,
  opts: { settleUnsure: boolean } = { settleUnsure: true },
): Promise<Verdict> {
  const started = deps.now();
  // A thread under way is not complete: the next delivery resumes it, looking its next part up first (ADR 027).
  if ((await recordedParts(deps, target.id)).partIds.length) return { outcome: "not_found" };
  try {
    const credentials = await deps.credentials(target.accountId);
    const since = (target.claimedAt ?? target.createdAt) - 60_000;
    // Platforms without a field for our marker are matched on the exact caption instead.
    const { request, staging } = await deps.buildRequest(target);
    const staged = await stagedLookup(target, request, staging, deps, since);
    const found = staged
      ? await staged(credentials)
      : await deps.client(target.platform).findPublished(credentials, target.id, since, request.text, request.options);
    if (found && request.thread?.length) {
      // Part 1 of a thread is out; the rest is sent by the next delivery.
      await attemptRow(deps, target.id, started, "verify", "found", null);
      await recordParts(deps, target.id, [found.remoteId], found.permalink);
      return { outcome: "not_found" };
    }
    if (found) {
      await markPublished(target, found, deps, { started, kind: "verify" });
      if (target.version?.firstComment) await publishFirstComment(target.id, deps, undefined, request);
      return { outcome: "published" };
    }
    await attemptRow(deps, target.id, started, "verify", "not_found", null);
    return { outcome: "not_found" };
  } catch (err) {
    const error = asPlatformError(err, target.platform);
    await attemptRow(deps, target.id, started, "verify", "unconfirmed", error);
    if (!opts.settleUnsure)
      return error.kind === "permanent" ? { outcome: "cannot_check", error } : { outcome: "lookup_failed", error };
    await settleUnconfirmed(target, deps, error);
    return { outcome: "unconfirmed" };
  }
}

/** Anything that is not a classified platform error (a bug, a crash in our code) counts as an unknown outcome. */
export function asPlatformError(err: unknown, platform: Platform): PlatformError {
  if (err instanceof PlatformError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new PlatformError("retryable", message, { platform, outcomeUnknown: true });
}

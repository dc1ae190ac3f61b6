import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { postTargets, targetStagings } from "../db/schema/index";
import {
  afterStagingFailure,
  EXPIRY_MARGIN_MS,
  fingerprintOf,
  PROCESSING_POLL_MS,
  quickCheckDelay,
  STAGING_MIN_AHEAD_MS,
  stagingVerdict,
  usableStaged,
} from "../delivery";
import { PLATFORM_PROFILES, PLATFORMS, type Platform } from "../platform-profile";
import type { AccountCredentials, PublishRequest, PublishResult, StagedMedia } from "../platforms";
import { refreshOnce } from "../platforms";
import type { PublishMessage } from "./claim";
import { asPlatformError, type Disposition, type PublishDeps, type TargetRow } from "./consumer";
import type { Leases } from "./lease";

/**
 * Staging heavy work ahead of the due time (ADR 029). The cron's sweep decides, the publish queue carries
 * the slow calls (`{ stage: true }` messages), and the consumer's publish uses what was staged.
 */

type Row = typeof targetStagings.$inferSelect;
const ACK: Disposition = { ack: true };
/** Rows the cleanup looks at per cron run (each may cost a platform call). */
const CLEANUP_BATCH = 25;
/** New targets claimed for staging per platform per cron run. */
const STAGE_BATCH = 100;

export type SweepDeps = PublishDeps & { queue: Queue<PublishMessage>; leases: Leases };

/** The cron's part: claim what is coming due, retry failures, poll processing, restart lost runs, clean up. */
export async function stageAhead(deps: SweepDeps): Promise<{ enqueued: number; cleaned: number }> {
  const now = deps.now();
  const ids = await claimForStaging(deps, now);
  const restarted = await deps.db.all<{ target_id: string }>(sql`
    UPDATE target_stagings SET state = 'staging', started_at = ${now}
    WHERE ((state = 'failed' AND error_kind = 'retryable' AND next_attempt_at <= ${now})
        OR (state = 'staging' AND started_at < ${now - deps.leases.publishingMs}))
      AND target_id IN (SELECT id FROM post_targets WHERE status = 'scheduled')
    RETURNING target_id`);
  // A poll is leased for a few intervals so the next cron does not send a second one meanwhile.
  const polls = await deps.db.all<{ target_id: string }>(sql`
    UPDATE target_stagings SET next_attempt_at = ${now + 5 * PROCESSING_POLL_MS}
    WHERE state = 'processing' AND next_attempt_at <= ${now}
    RETURNING target_id`);
  ids.push(...restarted.map((r) => r.target_id), ...polls.map((r) => r.target_id));
  await sendStaging(deps.queue, ids);
  return { enqueued: ids.length, cleaned: await cleanUp(deps) };
}

/**
 * Right after a post is scheduled or rescheduled: its targets already within their platform's lead are staged
 * now rather than at the next cron run, so a post scheduled a couple of minutes ahead is ready in time.
 */
export async function stagePostSoon(
  deps: Pick<SweepDeps, "db" | "now" | "client" | "queue">,
  postId: string,
  platforms: readonly Platform[],
): Promise<number> {
  const ids = await claimForStaging(deps, deps.now(), { postId, platforms });
  await sendStaging(deps.queue, ids);
  return ids.length;
}

/** Claims scheduled targets with media coming due within their platform's lead (of one post, or all). */
async function claimForStaging(
  deps: Pick<SweepDeps, "db" | "client">,
  now: number,
  only?: { postId: string; platforms: readonly Platform[] },
) {
  const ids: string[] = [];
  const postId = only?.postId;
  for (const platform of only?.platforms ?? PLATFORMS) {
    const { stagingLeadMs: lead, stagesVideoOnly } = PLATFORM_PROFILES[platform];
    if (!lead || !deps.client(platform).staging) continue;
    const claimed = await deps.db.all<{ target_id: string }>(sql`
      INSERT OR IGNORE INTO target_stagings (target_id, workspace_id, post_id, account_id, platform, state, started_at, updated_at)
      SELECT t.id, t.workspace_id, t.post_id, t.account_id, t.platform, 'staging', ${now}, ${now} FROM post_targets t
      WHERE t.status IN ('scheduled', 'queued') AND t.due_at > ${now + STAGING_MIN_AHEAD_MS} AND t.due_at <= ${now + lead}
        AND t.platform = ${platform} ${postId ? sql`AND t.post_id = ${postId}` : sql``}
        AND NOT EXISTS (SELECT 1 FROM target_stagings s WHERE s.target_id = t.id)
        AND (EXISTS (SELECT 1 FROM post_media pm WHERE pm.post_id = t.post_id)
             OR coalesce(json_array_length(t.version, '$.media'), 0) > 0)
        ${stagesVideoOnly ? withVideo : sql``}
      ORDER BY t.due_at LIMIT ${STAGE_BATCH}
      RETURNING target_id`);
    ids.push(...claimed.map((r) => r.target_id));
  }
  return ids;
}

/** The channel publishes a video: its own media when its version has some (ADR 021), else the post's. */
const withVideo = sql`AND CASE WHEN coalesce(json_array_length(t.version, '$.media'), 0) > 0
  THEN EXISTS (SELECT 1 FROM json_each(t.version, '$.media') j JOIN media m ON m.id = j.value WHERE m.file_type = 'video')
  ELSE EXISTS (SELECT 1 FROM post_media pm JOIN media m ON m.id = pm.media_id
    WHERE pm.post_id = t.post_id AND m.file_type = 'video') END`;

async function sendStaging(queue: Queue<PublishMessage>, ids: string[]) {
  for (let i = 0; i < ids.length; i += 100) {
    await queue.sendBatch(
      ids.slice(i, i + 100).map((targetId) => ({ body: { targetId, claimId: "staging", stage: true } })),
    );
  }
}

/** The queue's part: uploads a claimed target's media, or checks on its processing. */
export async function stageTarget(targetId: string, deps: PublishDeps): Promise<Disposition> {
  const row = await deps.db.query.targetStagings.findFirst({ where: eq(targetStagings.targetId, targetId) });
  if (!row || (row.state !== "staging" && row.state !== "processing")) return ACK;
  const target = await deps.db.query.postTargets.findFirst({ where: eq(postTargets.id, targetId) });
  const staging = deps.client(row.platform).staging;
  // A target claimed within the minute before its time may still be staged: the publish uses it if it is done.
  if (!target || (target.status !== "scheduled" && target.status !== "queued") || !staging) {
    await markStale(deps, row);
    return ACK;
  }
  const started = deps.now();
  try {
    const access = refreshOnce(await deps.credentials(row.accountId), () => deps.refreshCredentials(row.accountId));
    if (row.state === "processing") {
      const checked = await access.call((c) => staging.check(c, handleOf(row)));
      await deps.db
        .update(targetStagings)
        .set(
          checked
            ? {
                state: checked.ready ? "ready" : "processing",
                nextAttemptAt: checked.ready ? null : started + PROCESSING_POLL_MS,
              }
            : { state: "stale" },
        )
        .where(and(eq(targetStagings.targetId, targetId), eq(targetStagings.state, "processing")));
      return checked?.ready === false ? quickCheck(row.startedAt, deps.now()) : ACK;
    }
    const { request } = await deps.buildRequest(target);
    const fingerprint = await fingerprintOf(request);
    // A retry after a failed processing starts over: the failed upload goes first.
    if (row.remoteId) await access.call((c) => staging.discard(c, handleOf(row)));
    const staged = await access.call((c) => staging.stage(c, request));
    const recorded = await deps.db
      .update(targetStagings)
      .set({
        state: staged.ready ? "ready" : "processing",
        remoteId: staged.remoteId,
        expiresAt: staged.expiresAt,
        fingerprint,
        attemptCount: row.attemptCount + 1,
        nextAttemptAt: staged.ready ? null : deps.now() + PROCESSING_POLL_MS,
        errorKind: null,
        errorMessage: null,
        // An edit after this instant shows as a target changed since staging (the cleanup compares).
        updatedAt: started,
      })
      .where(currentRun(row))
      .returning({ id: targetStagings.targetId });
    // The publish took over (or a newer run started) while this one uploaded: its upload must not linger.
    if (recorded.length === 0) await access.call((c) => staging.discard(c, staged));
    else if (!staged.ready) return quickCheck(row.startedAt, deps.now());
  } catch (err) {
    const error = asPlatformError(err, row.platform);
    const change = afterStagingFailure(
      { kind: error.kind, message: error.message, retryAfterMs: error.details.retryAfterMs },
      row.attemptCount + 1,
      deps.now(),
    );
    const thisRun = and(
      eq(targetStagings.targetId, targetId),
      eq(targetStagings.state, row.state),
      eq(targetStagings.startedAt, row.startedAt),
    );
    // A processing check that failed on the way (a timeout, a 5xx, a 429) keeps the upload: the sweep checks
    // again after the backoff. Starting over would upload the whole video again for one lost status call.
    if (row.state === "processing" && change.errorKind === "retryable") {
      await deps.db
        .update(targetStagings)
        .set({ nextAttemptAt: change.nextAttemptAt, attemptCount: row.attemptCount + 1 })
        .where(thisRun);
      return ACK;
    }
    const message =
      error.kind === "auth" ? await deps.markNeedsReconnect(row.accountId, error).catch(() => error.message) : null;
    await deps.db
      .update(targetStagings)
      .set({
        ...change,
        errorMessage: message ?? change.errorMessage,
        attemptCount: row.attemptCount + 1,
        updatedAt: started,
      })
      .where(thisRun);
  }
  return ACK;
}

/**
 * The consumer's part: the final call for a target whose staged media is usable, or null to publish in one
 * go. Anything staged that cannot be used (an unfinished or failed run) is marked stale: a run still
 * uploading then discards its result instead of recording it, and the cleanup deletes the rest.
 * `stagingRow`: the target's staging row, read with the request (`BuiltRequest`).
 */
export async function stagedPublish(
  target: TargetRow,
  request: PublishRequest,
  stagingRow: Row | null,
  deps: PublishDeps,
): Promise<((credentials: AccountCredentials) => Promise<PublishResult>) | null> {
  const found = await stagedHandle(target, request, stagingRow, deps);
  if (!found) return null;
  const { row, handle, staging } = found;
  if (handle && staging) return (credentials) => staging.publish(credentials, request, handle);
  if (row.state !== "stale") await markStale(deps, row);
  return null;
}

/**
 * Looks up an unknown outcome of a staged publish (the staged media is public now), or null if not staged.
 * `stagingRow`: the target's staging row, read with the request (`BuiltRequest`).
 */
export async function stagedLookup(
  target: TargetRow,
  request: PublishRequest,
  stagingRow: Row | null,
  deps: PublishDeps,
  since: number,
): Promise<((credentials: AccountCredentials) => Promise<PublishResult | null>) | null> {
  const found = await stagedHandle(target, request, stagingRow, deps);
  if (!found?.handle || !found.staging) return null;
  const { staging, handle } = found;
  return (credentials) => staging.find(credentials, request, handle, since);
}

/**
 * A target's request and its staging row (none: null), read in the batch that built the request (ADR 041): a publish
 * or a lookup of media staged ahead takes this row rather than reading it again. Each publish and each lookup builds
 * its request afresh, so the row is as current as a read just then would be.
 */
export interface BuiltRequest {
  request: PublishRequest;
  staging: Row | null;
}

/** The target's staging row as a statement, for the batch that builds its request (`BuiltRequest`). */
export const stagingRead = (db: Db, targetId: string) =>
  db.select().from(targetStagings).where(eq(targetStagings.targetId, targetId));

/** The staged handle the request may use, from the staging row read with it, or null when the target has none. */
async function stagedHandle(target: TargetRow, request: PublishRequest, row: Row | null, deps: PublishDeps) {
  if (!row) return null;
  const handle = usableStaged(row, await fingerprintOf(request), deps.now());
  return { row, handle, staging: deps.client(target.platform).staging };
}

/**
 * For a post a client makes in steps (TikTok's publish_id, ADR 064): records the platform's handle as staged media
 * the moment the client has it, before the step that can make the post public. A retry or a crash then finds it
 * like media staged ahead (`stagedPublish`, `stagedLookup`) and carries on with that publish instead of a new one.
 */
export function handleRecorder(target: TargetRow, deps: PublishDeps) {
  return async (request: PublishRequest, handle: StagedMedia): Promise<void> => {
    const now = deps.now();
    const row = {
      state: handle.ready ? ("ready" as const) : ("processing" as const),
      remoteId: handle.remoteId,
      expiresAt: handle.expiresAt,
      fingerprint: await fingerprintOf(request),
      // Not polled by the sweep: the publish that recorded it polls, and a retry resumes it.
      nextAttemptAt: null,
      errorKind: null,
      errorMessage: null,
      startedAt: now,
      updatedAt: now,
    };
    await deps.db
      .insert(targetStagings)
      .values({
        ...row,
        targetId: target.id,
        workspaceId: target.workspaceId,
        postId: target.postId,
        accountId: target.accountId,
        platform: target.platform,
        attemptCount: 1,
      })
      .onConflictDoUpdate({ target: targetStagings.targetId, set: row });
  };
}

/**
 * Deletes on the platform what no longer matches its target: the post was deleted, cancelled or edited, the
 * staged object is about to expire, or it was superseded. A published target's own staged object is kept.
 */
async function cleanUp(deps: PublishDeps): Promise<number> {
  const now = deps.now();
  const rows = await deps.db.all<
    Row & {
      t_status: TargetRow["status"] | null;
      t_remote: string | null;
      t_updated: number | null;
      t_due: number | null;
    }
  >(sql`
    SELECT s.target_id AS targetId, s.workspace_id AS workspaceId, s.post_id AS postId, s.account_id AS accountId,
      s.platform, s.state, s.remote_id AS remoteId, s.expires_at AS expiresAt, s.fingerprint,
      s.attempt_count AS attemptCount, s.next_attempt_at AS nextAttemptAt, s.error_kind AS errorKind,
      s.error_message AS errorMessage, s.started_at AS startedAt, s.updated_at AS updatedAt,
      t.status AS t_status, t.remote_id AS t_remote, t.updated_at AS t_updated, t.due_at AS t_due
    FROM target_stagings s LEFT JOIN post_targets t ON t.id = s.target_id
    WHERE s.state != 'staging' AND (t.id IS NULL OR s.state = 'stale'
      OR t.status IN ('published', 'draft', 'pending_approval', 'held')
      OR (t.status = 'scheduled'
        AND (t.updated_at > s.updated_at OR s.expires_at <= max(${now}, t.due_at) + ${EXPIRY_MARGIN_MS})))
    ORDER BY s.updated_at LIMIT ${CLEANUP_BATCH}`);
  let cleaned = 0;
  for (const row of rows) {
    const target =
      row.t_status === null
        ? null
        : { status: row.t_status, remoteId: row.t_remote, updatedAt: row.t_updated ?? 0, dueAt: row.t_due ?? 0 };
    const verdict = stagingVerdict(row, target, now);
    if (verdict === "keep") continue;
    if (verdict === "compare") {
      const compared = deps.now();
      const current = await deps.db.query.postTargets.findFirst({ where: eq(postTargets.id, row.targetId) });
      if (current && (await fingerprintOf((await deps.buildRequest(current)).request)) === row.fingerprint) {
        await deps.db
          .update(targetStagings)
          .set({ updatedAt: compared })
          .where(and(eq(targetStagings.targetId, row.targetId), eq(targetStagings.updatedAt, row.updatedAt)));
        continue;
      }
    }
    if (verdict !== "forget" && !(await discardRemote(deps, row))) continue;
    await deps.db
      .delete(targetStagings)
      .where(and(eq(targetStagings.targetId, row.targetId), eq(targetStagings.startedAt, row.startedAt)));
    cleaned++;
  }
  return cleaned;
}

/** True when nothing is left on the platform; false when it should be tried again (a passing failure). */
async function discardRemote(deps: PublishDeps, row: Row): Promise<boolean> {
  const staging = deps.client(row.platform).staging;
  if (!row.remoteId || !staging) return true;
  try {
    const access = refreshOnce(await deps.credentials(row.accountId), () => deps.refreshCredentials(row.accountId));
    await access.call((c) => staging.discard(c, handleOf(row)));
    return true;
  } catch (err) {
    // A gone account or a refused token cannot be helped by waiting; a 429 or 5xx can.
    return asPlatformError(err, row.platform).kind !== "retryable";
  }
}

/** The same message comes back for the next processing check while the run is young (queue redelivery). */
function quickCheck(startedAt: number, now: number): Disposition {
  const delay = quickCheckDelay(startedAt, now);
  return delay === null ? ACK : { ack: false, delaySeconds: delay };
}

function handleOf(row: Row): StagedMedia {
  return { remoteId: row.remoteId ?? "", ready: row.state === "ready", expiresAt: row.expiresAt };
}

function currentRun(row: Row) {
  return and(
    eq(targetStagings.targetId, row.targetId),
    eq(targetStagings.state, "staging"),
    eq(targetStagings.startedAt, row.startedAt),
  );
}

async function markStale(deps: PublishDeps, row: Row) {
  await deps.db
    .update(targetStagings)
    .set({ state: "stale" })
    .where(and(eq(targetStagings.targetId, row.targetId), eq(targetStagings.state, row.state)));
}

import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { PlatformErrorKind, PublishRequest, StagedMedia } from "../platforms";
import { decideAfterFailure, type TargetStatus } from "./state";

/**
 * Staging (ADR 029) as pure rules: a target's media is prepared on the platform ahead of its due time, so
 * at the due second only the final publish call remains.
 *   (none) → staging → processing → ready        the sweep claims, the queue uploads, the sweep polls
 *   staging | processing → failed → staging      a retryable failure retries before the due time
 *   any → stale → (deleted on the platform)      an edit, a cancel, a delete, an expiry
 */
export type StagingState = "staging" | "processing" | "ready" | "failed" | "stale";

export interface StagingRow {
  state: StagingState;
  remoteId: string | null;
  expiresAt: number | null;
  fingerprint: string | null;
  attemptCount: number;
  nextAttemptAt: number | null;
  errorKind: string | null;
  errorMessage: string | null;
  startedAt: number;
  updatedAt: number;
}

/** Polling a processing video: once a minute, as the platforms advise (PLATFORMS.md §2). */
export const PROCESSING_POLL_MS = 60_000;
/**
 * A short video is often processed within seconds of its upload (X suggests checking again in ~5 s): for the
 * first minute of a staging run it is checked this often, then the sweep's minute polls take over.
 */
export const QUICK_CHECK_SECONDS = 10;
const QUICK_CHECK_WINDOW_MS = 60_000;

/** Seconds until the next quick processing check of a run started at `startedAt`, or null: the sweep polls it. */
export function quickCheckDelay(startedAt: number, now: number): number | null {
  return now - startedAt < QUICK_CHECK_WINDOW_MS ? QUICK_CHECK_SECONDS : null;
}
/**
 * Closer to its time than this a staging cannot be expected to finish first: the post goes out in one go
 * (a staging that loses the race is superseded and deletes its own upload, so starting one is only waste).
 */
export const STAGING_MIN_AHEAD_MS = 15_000;
/** An expiring staged object (a container) is re-made when less than this is left before it expires. */
export const EXPIRY_MARGIN_MS = 10 * 60_000;

/** What identifies the staged content: an edit of text, title, options or media changes it. */
export async function fingerprintOf(request: PublishRequest): Promise<string> {
  const json = JSON.stringify({
    text: request.text,
    title: request.title ?? null,
    options: request.options ?? null,
    media: request.media.map((m) => [m.mediaId ?? null, m.kind, m.mimeType, m.size, m.altText ?? null]),
  });
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(json));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The staged handle a publish may use: uploaded, same content, not about to expire. */
export function usableStaged(row: StagingRow | null | undefined, fingerprint: string, now: number): StagedMedia | null {
  if (!row || (row.state !== "ready" && row.state !== "processing") || !row.remoteId) return null;
  if (row.fingerprint !== fingerprint) return null;
  if (row.expiresAt !== null && row.expiresAt <= now) return null;
  return { remoteId: row.remoteId, ready: row.state === "ready", expiresAt: row.expiresAt };
}

export type StagingVerdict =
  /** Leave it. */
  | "keep"
  /** Delete the staged object on the platform, then the row (the next sweep may stage again). */
  | "discard"
  /** The staged object became the published post: drop the row only. */
  | "forget"
  /** The target may have changed since it was staged: compare fingerprints. */
  | "compare";

/**
 * What the cleanup does with a staged row, given its target now (`null`: the post or channel was deleted).
 * A channel waiting on a retry (failed, unconfirmed) keeps its staged media: the retry publishes it. A
 * staged object that expires before its channel is due (a container, after the post was moved later) is
 * discarded now; the sweep makes a new one when the channel comes within the platform's lead.
 */
export function stagingVerdict(
  row: Pick<StagingRow, "state" | "remoteId" | "expiresAt" | "updatedAt">,
  target: { status: TargetStatus; remoteId: string | null; updatedAt: number; dueAt: number } | null,
  now: number,
): StagingVerdict {
  if (row.state === "staging") return "keep";
  if (!target || row.state === "stale") return "discard";
  if (target.status === "published") return row.remoteId && target.remoteId === row.remoteId ? "forget" : "discard";
  if (target.status === "draft" || target.status === "pending_approval" || target.status === "held") return "discard";
  if (target.status !== "scheduled") return "keep";
  if (row.expiresAt !== null && row.expiresAt - EXPIRY_MARGIN_MS <= Math.max(now, target.dueAt)) return "discard";
  return target.updatedAt > row.updatedAt ? "compare" : "keep";
}

/** After a staging call failed: retry before the due time when it may pass, else it needs the user. */
export function afterStagingFailure(
  error: { kind: PlatformErrorKind; message: string; retryAfterMs?: number },
  attempt: number,
  now: number,
  random: () => number = Math.random,
): Pick<StagingRow, "state" | "errorKind" | "errorMessage" | "nextAttemptAt"> {
  const decision = decideAfterFailure({ ...error, outcomeUnknown: false }, attempt, random);
  if (decision.action === "retry")
    return {
      state: "failed",
      errorKind: "retryable",
      errorMessage: error.message,
      nextAttemptAt: now + decision.delayMs,
    };
  return {
    state: "failed",
    errorKind: error.kind === "auth" ? "auth" : "permanent",
    errorMessage: decision.action === "fail" ? decision.reason : error.message,
    nextAttemptAt: null,
  };
}

export interface Preparation {
  state: "preparing" | "ready" | "failed";
  /** What the channel says about it; null while all is well. */
  message: string | null;
}

/** What a channel shows about its preparation, in the post's timezone. */
export function preparationOf(
  row: Pick<StagingRow, "state" | "errorKind" | "errorMessage" | "nextAttemptAt">,
  timeZone: string,
): Preparation | null {
  if (row.state === "stale") return null;
  if (row.state === "ready") return { state: "ready", message: null };
  if (row.state !== "failed") return { state: "preparing", message: null };
  const reason = row.errorMessage ?? "the platform refused it";
  if (row.nextAttemptAt !== null) {
    const at = format(new TZDate(row.nextAttemptAt, timeZone), "HH:mm");
    return { state: "failed", message: `Could not prepare: ${reason}; will retry at ${at}.` };
  }
  return { state: "failed", message: `Could not prepare: ${reason}; needs attention before it is due.` };
}

import type { PlatformErrorKind } from "../platforms/public";
import { BASE_BACKOFF_MS, MAX_BACKOFF_MS, MAX_PUBLISH_ATTEMPTS } from "./retry-budget";

/**
 * The delivery state machine (docs/decisions/007-delivery-guarantees.md), as pure functions.
 *   scheduled → queued → publishing → published | failed | unconfirmed
 * A failed or unconfirmed target may go back to queued when the user retries it. A target waiting for
 * approval is `pending_approval`, which the cron never claims, until an approver makes it scheduled (ADR 016).
 */
/** `held`: kept from publishing until the user acts (media deleted, account disconnected); the cron never claims it. */
export type TargetStatus =
  | "draft"
  | "pending_approval"
  | "scheduled"
  | "queued"
  | "publishing"
  | "published"
  | "failed"
  | "unconfirmed"
  | "held";
export type PostStatus =
  | "draft"
  | "pending_approval"
  | "scheduled"
  | "publishing"
  | "published"
  | "partially_published"
  | "failed"
  | "changes_requested";

/** The hold reason of a channel a client asked changes for (ADR 078): its post shows `changes_requested`. */
export const CHANGES_REQUESTED = "changes_requested";

/** A post's status is never stored independently of its targets: it is derived from them. */
export function derivePostStatus(targets: Array<{ status: TargetStatus; errorKind?: string | null }>): PostStatus {
  if (targets.length === 0) return "draft";
  const statuses = targets.map((t) => t.status);
  if (statuses.every((s) => s === "draft")) return "draft";
  if (statuses.some((s) => s === "queued" || s === "publishing")) return "publishing";
  if (targets.some((t) => t.status === "held" && t.errorKind === CHANGES_REQUESTED)) return "changes_requested";
  if (statuses.some((s) => s === "pending_approval")) return "pending_approval";
  // A held channel still has to go out: the post is not published (nor failed) while one waits.
  if (statuses.some((s) => s === "scheduled" || s === "draft" || s === "held")) return "scheduled";
  const published = statuses.filter((s) => s === "published").length;
  if (published === statuses.length) return "published";
  return published > 0 ? "partially_published" : "failed";
}

export type FailureDecision =
  | { action: "retry"; delayMs: number }
  | { action: "fail"; reason: string; needsReconnect: boolean }
  | { action: "verify" };

/**
 * What to do after a publish attempt failed. `attempt` counts the attempt that just failed (1-based).
 * Backoff is exponential with full jitter, never shorter than the platform's Retry-After.
 */
export function decideAfterFailure(
  error: { kind: PlatformErrorKind; message: string; retryAfterMs?: number; outcomeUnknown?: boolean },
  attempt: number,
  random: () => number = Math.random,
): FailureDecision {
  if (error.outcomeUnknown) return { action: "verify" };
  if (error.kind === "auth") {
    return {
      action: "fail",
      reason: `${error.message} — reconnect your account to publish again.`,
      needsReconnect: true,
    };
  }
  if (error.kind === "permanent") return { action: "fail", reason: error.message, needsReconnect: false };
  if (attempt >= MAX_PUBLISH_ATTEMPTS) {
    return { action: "fail", reason: `Gave up after ${attempt} attempts: ${error.message}`, needsReconnect: false };
  }
  const ceiling = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** (attempt - 1));
  const jittered = Math.round(ceiling / 2 + random() * (ceiling / 2));
  return { action: "retry", delayMs: Math.max(jittered, error.retryAfterMs ?? 0) };
}

/** Queue delay so a target publishes at its second, not the cron's minute. */
export function delaySecondsUntil(dueAt: number, now: number): number {
  return Math.max(0, Math.min(24 * 3600, Math.ceil((dueAt - now) / 1000)));
}

/**
 * How long a claimed target may sit in `queued` or `publishing` before the reconciler assumes its queue
 * message (or the consumer holding it) is gone. Derived from the queue's own timings, so a message that is
 * merely late or an attempt that is still running is never second-guessed.
 */

/** Cloudflare ends a queue consumer invocation after 15 minutes of wall time: no attempt outlives that. */
export const CONSUMER_WALL_TIME_MS = 15 * 60_000;
/** How late a (delayed) queue message may be delivered, including the queue's redelivery after a crashed batch. */
export const DELIVERY_GRACE_MS = 2 * 60_000;

export interface Leases {
  /** Past its expected delivery time (due, or next retry), a `queued` target's message is presumed lost. */
  queuedMs: number;
  /** Past this since it moved to `publishing`, the attempt's invocation is certainly dead. */
  publishingMs: number;
}

export const DEFAULT_LEASES: Leases = {
  queuedMs: DELIVERY_GRACE_MS,
  publishingMs: CONSUMER_WALL_TIME_MS + DELIVERY_GRACE_MS,
};

/** `PUBLISH_LEASE_SECONDS` (local runs and crash tests only) shortens both leases to the same value. */
export function leasesFrom(overrideSeconds: number | undefined): Leases {
  if (overrideSeconds === undefined) return DEFAULT_LEASES;
  return { queuedMs: overrideSeconds * 1000, publishingMs: overrideSeconds * 1000 };
}

/** A queued target is expected at the later of its due time, its next retry and its last change. */
export function leaseCutoffs(now: number, leases: Leases) {
  return { queuedBefore: now - leases.queuedMs, publishingBefore: now - leases.publishingMs };
}

/**
 * The publishing retry budget, defined once (docs/decisions/007-delivery-guarantees.md). The state machine
 * decides attempts and backoff from it, the queue consumer caps its delays with it, and wrangler.toml's
 * `max_retries` for postline-publish must equal PUBLISH_QUEUE_MAX_RETRIES (retry-budget.unit.test.ts checks).
 */

/** Publish attempts per target before it fails with "Gave up after N attempts". */
export const MAX_PUBLISH_ATTEMPTS = 5;
/** Backoff before attempt n+1: full jitter under min(MAX, BASE × 2^(n-1)), never shorter than Retry-After. */
export const BASE_BACKOFF_MS = 15_000;
export const MAX_BACKOFF_MS = 30 * 60_000;
/**
 * Queue deliveries a message may be retried. Besides failed attempts, a delivery can be deferred by the
 * per-account pacing gate or lost to a crash; one such spare per attempt keeps a healthy target from
 * reaching the dead-letter queue (which fails it) before its attempts are spent.
 */
export const PUBLISH_QUEUE_MAX_RETRIES = 2 * MAX_PUBLISH_ATTEMPTS;
/** Longest delay the consumer asks the queue for; a longer wait is re-asked on the next delivery. */
export const MAX_RETRY_DELAY_SECONDS = 12 * 3600;
/** Redelivery after our own crash mid-publish: soon, since the next delivery verifies before resending. */
export const CRASH_RETRY_DELAY_SECONDS = 5;

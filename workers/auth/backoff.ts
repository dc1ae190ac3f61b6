/** A growing delay after failures in a row (sign-in per account). Pure; the RateLimiter DO stores the state. */

/** Failed attempts in a row and when the last one happened. */
export interface Backoff {
  failures: number;
  lastAt: number;
}

export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
  /** Failures in a row that cost nothing (a typo, then the right password at once). */
  freeFailures: number;
  /** A quiet spell this long starts the count again. */
  forgetAfterMs: number;
}

/** The wait after `failures` failures in a row: none for the free ones, then base, 2×base … capped at max. */
export function backoffDelayMs(failures: number, policy: BackoffPolicy): number {
  const counted = failures - policy.freeFailures;
  return counted <= 0 ? 0 : Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(counted - 1, 30));
}

/** How long the next attempt must still wait (0: it may go ahead). */
export function backoffWaitMs(state: Backoff | undefined, now: number, policy: BackoffPolicy): number {
  return state ? Math.max(0, state.lastAt + backoffDelayMs(state.failures, policy) - now) : 0;
}

/** The state after one more failure at `now`. */
export function backoffAfterFailure(state: Backoff | undefined, now: number, policy: BackoffPolicy): Backoff {
  const fresh = !state || now - state.lastAt > policy.forgetAfterMs;
  return { failures: fresh ? 1 : state.failures + 1, lastAt: now };
}

export interface RateDecision {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
  /**
   * Seconds until the oldest hit in the window leaves it and a request is free again (RateLimit-Reset): it
   * counts down as the window moves, and on a 429 it is Retry-After.
   */
  resetSeconds: number;
}

/** Sliding-window log: the hits of the last `windowMs`, kept in memory and storage. */
export function decide(
  hits: number[],
  now: number,
  limit: number,
  windowMs: number,
): { hits: number[]; decision: RateDecision } {
  const recent = hits.filter((t) => t > now - windowMs);
  const secondsUntil = (t: number) => Math.max(1, Math.ceil((t + windowMs - now) / 1000));
  const allowed = recent.length < limit;
  if (allowed) recent.push(now);
  const resetSeconds = secondsUntil(recent[0]!);
  return {
    hits: recent,
    decision: {
      allowed,
      remaining: allowed ? limit - recent.length : 0,
      retryAfterSeconds: allowed ? 0 : resetSeconds,
      resetSeconds,
    },
  };
}

/** The IETF draft's RateLimit headers of one decision. */
export function rateLimitHeaders(limit: number, d: RateDecision): Record<string, string> {
  return {
    "RateLimit-Limit": String(limit),
    "RateLimit-Remaining": String(d.remaining),
    "RateLimit-Reset": String(d.resetSeconds),
  };
}

/**
 * Sets a limit's headers on an answer unless they already tell of a tighter one (fewer requests left): a
 * key's AI call counts against the key and the member's AI limit, and the client must see the one that binds.
 */
export function setTighterRateLimit(headers: Headers, limit: Record<string, string>): void {
  const shown = headers.get("RateLimit-Remaining");
  if (shown !== null && Number(shown) <= Number(limit["RateLimit-Remaining"])) return;
  for (const [name, value] of Object.entries(limit)) headers.set(name, value);
}

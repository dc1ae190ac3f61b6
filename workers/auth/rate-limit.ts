import { HttpError, Messages } from "../http/envelope";

/** The limits of the sign-in family; per IP and per email so neither a botnet nor one address wins. */
export const RateLimits = {
  login: { limit: 10, windowMs: 15 * 60_000 },
  register: { limit: 10, windowMs: 60 * 60_000 },
  sendOtp: { limit: 5, windowMs: 15 * 60_000 },
  verifyOtp: { limit: 10, windowMs: 15 * 60_000 },
  ai: { limit: 30, windowMs: 60_000 },
  /** Per API key, whatever the caller's IP. */
  apiKey: { limit: 120, windowMs: 60_000 },
} as const;

export type RateLimitName = keyof typeof RateLimits;

export class RateLimitService {
  constructor(
    private readonly ns: DurableObjectNamespace<import("./rate-limiter").RateLimiter>,
    private readonly now: () => number,
  ) {}

  /**
   * Counts one hit against an API key and returns the IETF draft RateLimit headers for the response;
   * over the limit it throws the 429 envelope with those headers and Retry-After.
   */
  async enforceWithHeaders(name: RateLimitName, key: string): Promise<Record<string, string>> {
    const { limit, windowMs } = RateLimits[name];
    const d = await this.ns.get(this.ns.idFromName(`${name}:${key}`)).hit(limit, windowMs, this.now());
    const headers = { "RateLimit-Limit": String(limit), "RateLimit-Remaining": String(d.remaining), "RateLimit-Reset": String(d.resetSeconds) };
    if (!d.allowed) throw new HttpError(429, Messages.tooMany, { ...headers, "Retry-After": String(d.retryAfterSeconds) });
    return headers;
  }

  /** Counts one hit against every key; throws the 429 envelope when any is over its limit. */
  async enforce(name: RateLimitName, keys: string[]): Promise<void> {
    const { limit, windowMs } = RateLimits[name];
    const decisions = await Promise.all(
      keys.map((key) => this.ns.get(this.ns.idFromName(`${name}:${key}`)).hit(limit, windowMs, this.now())),
    );
    const denied = decisions.filter((d) => !d.allowed);
    if (denied.length > 0) {
      const retry = Math.max(...denied.map((d) => d.retryAfterSeconds));
      throw new HttpError(429, Messages.tooMany, { "Retry-After": String(retry) });
    }
  }
}

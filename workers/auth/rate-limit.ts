import { TooMany } from "../errors";
import type { BackoffPolicy } from "./backoff";
import type { RateLimiter } from "./rate-limiter";
import { rateLimitHeaders } from "./rate-window";

/** The limits of the sign-in family; per IP and per email so neither a botnet nor one address wins. */
export const RateLimits = {
  register: { limit: 10, windowMs: 60 * 60_000 },
  sendOtp: { limit: 5, windowMs: 15 * 60_000 },
  verifyOtp: { limit: 10, windowMs: 15 * 60_000 },
  ai: { limit: 30, windowMs: 60_000 },
  /** Per API key, whatever the caller's IP. */
  apiKey: { limit: 120, windowMs: 60_000 },
  /** A client's decisions through an approval link, per IP: a reviewer clicks a few times, a script many. */
  clientReview: { limit: 60, windowMs: 60 * 60_000 },
} as const;

/**
 * Sign-in counts failures only. Per account, two wrong passwords in a row are free (a typo, then the right
 * one at once); after that a short delay doubles with each wrong password (1 s, 2 s, 4 s … at most a minute;
 * a success clears it): a guesser is slowed to ~60 tries an hour, while the owner
 * waits at most a minute, never a lockout. Per IP a far higher ceiling on failures, so one office behind
 * one address signs in freely and a single machine cannot spray many accounts.
 */
export const LoginLimits = {
  account: { baseMs: 1000, maxMs: 60_000, forgetAfterMs: 15 * 60_000, freeFailures: 2 } satisfies BackoffPolicy,
  ipFailures: { limit: 50, windowMs: 15 * 60_000 },
} as const;

export const tooManyFailures = (seconds: number) =>
  `Too many failed sign-in attempts for this account. Please wait ${seconds} ${seconds === 1 ? "second" : "seconds"} and try again.`;

export type RateLimitName = keyof typeof RateLimits;

export class RateLimitService {
  constructor(
    private readonly ns: DurableObjectNamespace<RateLimiter>,
    private readonly now: () => number,
  ) {}

  private stub(key: string) {
    return this.ns.get(this.ns.idFromName(key));
  }

  /**
   * Counts one hit against one caller (an API key, a member) and returns the IETF draft RateLimit headers for the response;
   * over the limit it throws the 429 envelope with those headers and Retry-After.
   */
  async enforceWithHeaders(name: RateLimitName, key: string): Promise<Record<string, string>> {
    const { limit, windowMs } = RateLimits[name];
    const d = await this.stub(`${name}:${key}`).hit(limit, windowMs, this.now());
    const headers = rateLimitHeaders(limit, d);
    if (!d.allowed) throw new TooMany(undefined, d.retryAfterSeconds, headers);
    return headers;
  }

  /** Counts one hit against every key; throws the 429 envelope when any is over its limit. */
  async enforce(name: RateLimitName, keys: string[]): Promise<void> {
    const { limit, windowMs } = RateLimits[name];
    const decisions = await Promise.all(
      keys.map((key) => this.stub(`${name}:${key}`).hit(limit, windowMs, this.now())),
    );
    const denied = decisions.filter((d) => !d.allowed);
    if (denied.length > 0) {
      const retry = Math.max(...denied.map((d) => d.retryAfterSeconds));
      throw new TooMany(undefined, retry);
    }
  }

  /** Throws 429 (with Retry-After) while the IP is over its failure ceiling or the account's delay runs. */
  async beforeLogin(ip: string, email: string): Promise<void> {
    const { ipFailures, account } = LoginLimits;
    const [byIp, waitMs] = await Promise.all([
      this.stub(`login-failures:ip:${ip}`).peek(ipFailures.limit, ipFailures.windowMs, this.now()),
      this.stub(`login:email:${email}`).backoffWait(this.now(), account),
    ]);
    if (!byIp.allowed) throw new TooMany(undefined, byIp.retryAfterSeconds);
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new TooMany(tooManyFailures(seconds), seconds);
    }
  }

  async loginFailed(ip: string, email: string): Promise<void> {
    await Promise.all([
      this.stub(`login-failures:ip:${ip}`).record(LoginLimits.ipFailures.windowMs, this.now()),
      this.stub(`login:email:${email}`).backoffFail(this.now(), LoginLimits.account),
    ]);
  }

  async loginSucceeded(email: string): Promise<void> {
    await this.stub(`login:email:${email}`).backoffReset();
  }
}

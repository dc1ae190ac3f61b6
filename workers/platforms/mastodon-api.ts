import { createHttp, type HttpClient, type PlatformResponse, type RequestOptions } from "./http";
import type { ClientDeps } from "./registry";
import { PlatformError, type PublishOptions } from "./types";

/**
 * How the Mastodon client speaks to one instance (docs.joinmastodon.org): a bearer token, `{"error": "..."}`
 * bodies, and the X-RateLimit-* headers (300 calls per 5 minutes per account; Reset is an ISO 8601 time).
 */

/** The account's instance, kept in its metadata since the connect (ADR 059). */
export function instanceOf(metadata: Record<string, unknown>): string {
  const instance = metadata.instance;
  if (typeof instance !== "string" || !instance)
    throw new PlatformError("auth", "This Mastodon account does not say which server it is on; reconnect it.", {
      platform: "mastodon",
    });
  return instance;
}

/** A status's visibility, content warning and language from the channel's options (absent: the account's defaults). */
export function statusFields(options: PublishOptions = {}) {
  const { statusVisibility, contentWarning, language } = options;
  return {
    ...(statusVisibility && { visibility: statusVisibility }),
    ...(contentWarning && { spoiler_text: contentWarning }),
    ...(language && { language }),
  };
}

/** How long until the window resets, from X-RateLimit-Reset (ISO 8601) once Remaining is 0. */
export function rateLimitWait(headers: Headers, now: number): number | undefined {
  const reset = Date.parse(headers.get("X-RateLimit-Reset") ?? "");
  const remaining = headers.get("X-RateLimit-Remaining");
  if (Number.isNaN(reset) || (remaining !== null && Number(remaining) > 0)) return undefined;
  return Math.max(0, reset - now);
}

export function classifyMastodonError({ status, data, headers, retryAfterMs }: PlatformResponse, now: number) {
  const body = (data && typeof data === "object" ? data : {}) as { error?: unknown; error_description?: unknown };
  const message =
    typeof body.error_description === "string"
      ? body.error_description
      : typeof body.error === "string"
        ? body.error
        : `Mastodon answered HTTP ${status}`;
  const details = { platform: "mastodon" as const, status, code: typeof body.error === "string" ? status : undefined };
  if (status === 401) return new PlatformError("auth", message, details);
  // "This action is outside the authorized scopes": a new consent with the scope fixes it.
  if (status === 403 && /scope/i.test(message))
    return new PlatformError("auth", message, { ...details, denied: { permission: null } });
  if (status === 429) {
    const wait = rateLimitWait(headers, now) ?? retryAfterMs;
    return new PlatformError("retryable", message, { ...details, ...(wait !== undefined && { retryAfterMs: wait }) });
  }
  if (status >= 500) return new PlatformError("retryable", message, details);
  // 422 (over the instance's limits, blank text), 404 (gone), 403 (suspended): the same again fails the same way.
  return new PlatformError("permanent", message, details);
}

export class MastodonApi {
  private readonly http: HttpClient;

  constructor(private readonly deps: ClientDeps) {
    this.http = createHttp({
      platform: "mastodon",
      fetch: deps.fetch,
      now: deps.now,
      classify: (r) => classifyMastodonError(r, deps.now()),
    });
  }

  /** The instance's API root, e.g. https://mastodon.social. */
  base(instance: string): string {
    return this.deps.endpoints.MASTODON_API_BASE.replace("{instance}", instance);
  }

  /** Where the browser goes to consent on that instance. */
  authorizeBase(instance: string): string {
    return this.deps.endpoints.MASTODON_AUTHORIZE_BASE.replace("{instance}", instance);
  }

  request<T>(instance: string, token: string | null, path: string, options: RequestOptions = {}) {
    const headers = { ...options.headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
    return this.http.request<T>(`${this.base(instance)}${path}`, { ...options, headers });
  }

  async json<T>(instance: string, token: string | null, path: string, options: RequestOptions = {}): Promise<T> {
    return (await this.request<T>(instance, token, path, options)).data;
  }
}

import { createHttp, type HttpClient, type PlatformResponse } from "./http";
import type { ClientDeps } from "./registry";
import { PlatformError } from "./types";

/** §4.6: `{status, serviceErrorCode, code, message}`. */
export function classifyLinkedInError({ status, data, headers }: PlatformResponse, now: number): PlatformError {
  const b = (data && typeof data === "object" ? data : {}) as {
    message?: unknown;
    code?: unknown;
    serviceErrorCode?: unknown;
  };
  const message = typeof b.message === "string" ? b.message : `LinkedIn answered HTTP ${status}`;
  const details = {
    platform: "linkedin" as const,
    status,
    code: (b.serviceErrorCode ?? b.code) as string | number | undefined,
  };
  if (status === 401) return new PlatformError("auth", message, details);
  // A missing scope or a lost organization role: only a new consent can fix it.
  if (status === 403 && b.code === "ACCESS_DENIED")
    return new PlatformError("auth", message, { ...details, denied: { permission: null } });
  if (status === 429) {
    const retryAfter = Number(headers.get("retry-after"));
    // Daily quotas reset at midnight UTC (§4.6) when no Retry-After says otherwise.
    const retryAfterMs = retryAfter > 0 ? retryAfter * 1000 : nextUtcMidnight(now) - now;
    return new PlatformError("retryable", message, { ...details, retryAfterMs });
  }
  if (status >= 500) return new PlatformError("retryable", message, details);
  return new PlatformError("permanent", message, details);
}

export function nextUtcMidnight(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
}

/** How the LinkedIn client speaks to api.linkedin.com: a bearer token, the version headers, LinkedIn's error rules. */
export class LinkedInApi {
  private readonly http: HttpClient;

  constructor(private readonly deps: ClientDeps) {
    this.http = createHttp({
      platform: "linkedin",
      fetch: deps.fetch,
      now: deps.now,
      classify: (r) => classifyLinkedInError(r, deps.now()),
    });
  }

  get base() {
    return this.deps.endpoints.LINKEDIN_API_BASE;
  }

  /** §4.2: every versioned REST call carries the version and Rest.li protocol headers. */
  call(
    token: string,
    method: string,
    url: string,
    json?: unknown,
    opts: { creates?: boolean } = {},
  ): Promise<PlatformResponse> {
    const headers = {
      Authorization: `Bearer ${token}`,
      "LinkedIn-Version": this.deps.endpoints.LINKEDIN_VERSION,
      "X-Restli-Protocol-Version": "2.0.0",
    };
    return this.http.request(url, { method, headers, json, ...opts });
  }

  async json<T>(token: string, method: string, url: string, body?: unknown): Promise<T> {
    return (await this.call(token, method, url, body)).data as T;
  }

  /** A PUT of raw bytes to an upload URL LinkedIn handed out, verbatim (no version headers). */
  upload(token: string, url: string, bytes: Uint8Array<ArrayBuffer>, contentType: string) {
    return this.http.request(url, {
      method: "PUT",
      body: bytes,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": contentType },
    });
  }
}

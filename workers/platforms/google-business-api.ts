import { createHttp, type HttpClient, type PlatformResponse, type RequestOptions } from "./http";
import type { ClientDeps } from "./registry";
import { PlatformError } from "./types";

const P = "google_business" as const;
export const BUSINESS_SCOPE = "https://www.googleapis.com/auth/business.manage";

type StatusBody = {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    details?: {
      "@type"?: string;
      reason?: string;
      metadata?: Record<string, string>;
      errorDetails?: { field?: string; message?: string }[];
      fieldViolations?: { field?: string; description?: string }[];
    }[];
  };
};

/** What the user reads when Google has not approved the project: every Business Profile API has a quota of 0. */
export const NOT_APPROVED =
  "Google has not approved this app's access to the Business Profile APIs yet (its quota is 0 requests a minute), so nothing can be read or posted. The app's owner requests access in Google Cloud (Business Profile API access form); connect again once Google approves it.";

/**
 * google.rpc.Status answers (every Business Profile API). A quota of 0 is not a rate limit to wait out but an
 * unapproved project: permanent, in plain words. A 429 waits out Google's per-minute quota; a 5xx is an outage,
 * retried on the usual backoff (a wait only when Google sends Retry-After), so it never reads as a rate limit.
 * Validation errors name each refused field.
 */
export function classifyBusinessError({ status, data, retryAfterMs }: PlatformResponse): PlatformError {
  const err = (data && typeof data === "object" ? (data as StatusBody).error : undefined) ?? {};
  const details = err.details ?? [];
  const info = details.find((d) => d.reason);
  const base = { platform: P, status, code: info?.reason ?? err.status };
  const message = err.message ?? `Google Business Profile answered HTTP ${status}`;
  if (status === 401) return new PlatformError("auth", message, base);
  if (status === 403 && info?.reason === "ACCESS_TOKEN_SCOPE_INSUFFICIENT")
    return new PlatformError("auth", message, { ...base, denied: { permission: BUSINESS_SCOPE } });
  if (status === 429 && info?.metadata?.quota_limit_value === "0")
    return new PlatformError("permanent", NOT_APPROVED, { ...base, code: "API_ACCESS_NOT_APPROVED" });
  if (status === 429) return new PlatformError("retryable", message, { ...base, retryAfterMs: retryAfterMs ?? 60_000 });
  if (status >= 500) return new PlatformError("retryable", message, { ...base, retryAfterMs });
  const fields = details.flatMap((d) => [
    ...(d.errorDetails ?? []).map((e) => `${e.field}: ${e.message}`),
    ...(d.fieldViolations ?? []).map((v) => `${v.field}: ${v.description}`),
  ]);
  return new PlatformError("permanent", fields.length ? `${message} (${fields.join("; ")})` : message, base);
}

/** How the Business Profile client speaks to Google: a bearer token, JSON, google.rpc.Status errors. */
export class BusinessApi {
  private readonly http: HttpClient;

  constructor(readonly deps: ClientDeps) {
    this.http = createHttp({ platform: P, fetch: deps.fetch, now: deps.now, classify: classifyBusinessError });
  }

  async json<T>(token: string, url: string, options: RequestOptions = {}): Promise<T> {
    const res = await this.http.request<T>(url, {
      ...options,
      headers: { Authorization: `Bearer ${token}`, ...options.headers },
    });
    return res.data;
  }
}

import { createHttp, type HttpClient, type PlatformResponse, type RequestOptions } from "./http";
import type { ClientDeps } from "./registry";
import { PlatformError } from "./types";

/**
 * How the Pinterest client speaks to api.pinterest.com: a bearer token, JSON bodies, and Pinterest's errors,
 * `{code, message}` (Pinterest.Lib.Error), with `x-ratelimit-reset` counting the seconds to the window's end.
 */
export function classifyPinterestError({ status, data, headers }: PlatformResponse): PlatformError {
  const b = (data && typeof data === "object" ? data : {}) as { code?: unknown; message?: unknown };
  const oauth = data as { error_description?: unknown } | null;
  const message =
    typeof b.message === "string"
      ? b.message
      : typeof oauth?.error_description === "string"
        ? oauth.error_description
        : `Pinterest answered HTTP ${status}`;
  const code = typeof b.code === "number" ? b.code : undefined;
  const details = { platform: "pinterest" as const, status, code };
  if (status === 401) return new PlatformError("auth", message, details);
  // Code 3 is "Authorization failed": the token lacks a scope, which a new consent grants.
  if (status === 403 && code === 3)
    return new PlatformError("auth", message, { ...details, denied: { permission: null } });
  if (status === 429) {
    const reset = Number(headers.get("x-ratelimit-reset"));
    return new PlatformError("retryable", message, {
      ...details,
      ...(reset > 0 ? { retryAfterMs: reset * 1000 } : {}),
    });
  }
  if (status >= 500) return new PlatformError("retryable", message, details);
  return new PlatformError("permanent", message, details);
}

export class PinterestApi {
  readonly http: HttpClient;

  constructor(private readonly deps: ClientDeps) {
    this.http = createHttp({
      platform: "pinterest",
      fetch: deps.fetch,
      now: deps.now,
      classify: classifyPinterestError,
    });
  }

  url(path: string): string {
    return `${this.deps.endpoints.PINTEREST_API_BASE}/v5${path}`;
  }

  async call<T>(token: string, path: string, options: RequestOptions = {}): Promise<T> {
    const res = await this.http.request<T>(this.url(path), {
      ...options,
      headers: { Authorization: `Bearer ${token}`, ...options.headers },
    });
    return res.data;
  }
}

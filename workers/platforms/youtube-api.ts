import { TZDate } from "@date-fns/tz";
import { addDays, startOfDay } from "date-fns";
import { createHttp, type HttpClient, type PlatformResponse } from "./http";
import type { ClientDeps } from "./registry";
import { PlatformError } from "./types";

type GoogleErrorBody = {
  error?: { code?: number; message?: string; status?: string; errors?: { reason?: string; domain?: string }[] };
};

/**
 * §5.5. Exhausted daily quota is `retryable` with a retryAfter at the next Pacific midnight (when the
 * quota resets) rather than `permanent`: the post is fine, only the day is wrong.
 */
export function classifyYouTubeError({ status, data, headers }: PlatformResponse, now: number): PlatformError {
  const err = (data && typeof data === "object" ? (data as GoogleErrorBody).error : undefined) ?? {};
  const reason = err.errors?.[0]?.reason;
  const message = err.message ?? `YouTube answered HTTP ${status}`;
  const details = { platform: "youtube" as const, status, code: reason ?? err.status };
  if (status === 401) return new PlatformError("auth", message, details);
  if (reason === "quotaExceeded" || reason === "uploadLimitExceeded" || reason === "dailyLimitExceeded") {
    return new PlatformError("retryable", message, { ...details, retryAfterMs: nextPacificMidnight(now) - now });
  }
  if (status === 429 || reason === "rateLimitExceeded" || reason === "userRateLimitExceeded" || status >= 500) {
    const retryAfter = Number(headers.get("retry-after"));
    return new PlatformError("retryable", message, {
      ...details,
      ...(retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {}),
    });
  }
  if (reason === "insufficientPermissions")
    return new PlatformError("auth", message, { ...details, denied: { permission: null } });
  if (reason === "authError") return new PlatformError("auth", message, details);
  return new PlatformError("permanent", message, details);
}

export function nextPacificMidnight(now: number): number {
  return startOfDay(addDays(new TZDate(now, "America/Los_Angeles"), 1)).getTime();
}

/** How the YouTube client speaks to Google's APIs: a bearer token, raw bodies, Google's error rules. */
export class YouTubeApi {
  private readonly http: HttpClient;

  constructor(private readonly deps: ClientDeps) {
    this.http = createHttp({
      platform: "youtube",
      fetch: deps.fetch,
      now: deps.now,
      classify: (r) => classifyYouTubeError(r, deps.now()),
    });
  }

  get base() {
    return this.deps.endpoints.YOUTUBE_API_BASE;
  }

  call<T = unknown>(
    token: string,
    method: string,
    url: string,
    body?: BodyInit | null,
    headers: Record<string, string> = {},
    creates = false,
  ): Promise<PlatformResponse<T>> {
    // On the upload session 308 means "Resume Incomplete": an answer, not a failure.
    return this.http.request<T>(url, {
      method,
      body: body ?? undefined,
      headers: { Authorization: `Bearer ${token}`, ...headers },
      accept: [308],
      creates,
    });
  }

  async json<T>(token: string, url: string): Promise<T> {
    return (await this.call(token, "GET", url)).data as T;
  }
}

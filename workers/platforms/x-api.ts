import { createHttp, type HttpClient, type PlatformResponse } from "./http";
import type { ClientDeps } from "./registry";
import { PlatformError } from "./types";

type XProblem = { title?: string; detail?: string; errors?: { message?: string; code?: number }[] };

/** §6.4: v2 problem objects (and the older `errors[]`), rate-limit reset in unix seconds. */
export function classifyXError({ status, data, headers }: PlatformResponse, now: number): PlatformError {
  const b = (data && typeof data === "object" ? data : {}) as XProblem;
  const message = b.errors?.[0]?.message ?? b.detail ?? b.title ?? `X answered HTTP ${status}`;
  const details = { platform: "twitter" as const, status, code: b.errors?.[0]?.code ?? b.title };
  if (status === 401) return new PlatformError("auth", message, details);
  if (status === 429) {
    const daily =
      headers.get("x-user-limit-24hour-remaining") === "0" ? headers.get("x-user-limit-24hour-reset") : null;
    const reset = Number(daily ?? headers.get("x-rate-limit-reset"));
    return new PlatformError("retryable", message, {
      ...details,
      ...(reset > 0 ? { retryAfterMs: Math.max(0, reset * 1000 - now) } : {}),
    });
  }
  if (status >= 500) return new PlatformError("retryable", message, details);
  // A 403 for the token's scopes (not the post's content) is fixed by a consent that grants them.
  if (status === 403 && /not permitted|scope/i.test(message))
    return new PlatformError("auth", message, { ...details, denied: { permission: null } });
  // 400 (e.g. text over 280) and 403 (duplicate content, policy) will fail the same way again.
  return new PlatformError("permanent", message, details);
}

/** How the X client speaks to api.x.com: a bearer token, JSON or multipart bodies, X's error rules. */
export class XApi {
  private readonly http: HttpClient;

  constructor(private readonly deps: ClientDeps) {
    this.http = createHttp({
      platform: "twitter",
      fetch: deps.fetch,
      now: deps.now,
      classify: (r) => classifyXError(r, deps.now()),
    });
  }

  get base() {
    return this.deps.endpoints.X_API_BASE;
  }

  call(
    token: string,
    method: string,
    url: string,
    body?: unknown,
    opts: { creates?: boolean } = {},
  ): Promise<PlatformResponse> {
    const headers = { Authorization: `Bearer ${token}` };
    return this.http.request(
      url,
      body instanceof FormData ? { method, headers, body, ...opts } : { method, headers, json: body, ...opts },
    );
  }

  async json<T>(token: string, method: string, url: string, body?: unknown): Promise<T> {
    return (await this.call(token, method, url, body)).data as T;
  }
}

import { z } from "zod";
import { createHttp, type HttpClient, type PlatformResponse, parseAnswer, type RequestOptions } from "./http";
import { classifyTokenError } from "./oauth-token";
import type { ClientDeps } from "./registry";
import { PlatformError, type TokenSet } from "./types";

/**
 * How the TikTok client speaks to open.tiktokapis.com (PLATFORMS.md §11.3): a bearer token, JSON bodies, and
 * every answer wrapped as `{data, error: {code, message, log_id}}` with `code: "ok"` on success.
 */

/** TikTok waits out a per-minute window (creator_info 20, init 6, status 30 per token) when it names no time. */
const RATE_WINDOW_MS = 60_000;

type TikTokErrorBody = { error?: { code?: unknown; message?: unknown; log_id?: unknown } };

/** TikTok's error codes as our classes: a refused token, a missing scope, a limit or outage, or the post itself. */
export function classifyTikTokError({ status, data, retryAfterMs }: PlatformResponse): PlatformError {
  const e = (data && typeof data === "object" ? (data as TikTokErrorBody).error : undefined) ?? {};
  const code = typeof e.code === "string" ? e.code : undefined;
  const message = (typeof e.message === "string" && e.message) || code || `TikTok answered HTTP ${status}`;
  const details = { platform: "tiktok" as const, status, code };
  if (code === "scope_not_authorized" || code === "scope_permission_missed")
    return new PlatformError("auth", message, { ...details, denied: { permission: null } });
  if (status === 401 || code === "access_token_invalid") return new PlatformError("auth", message, details);
  if (status === 429 || code === "rate_limit_exceeded")
    return new PlatformError("retryable", message, { ...details, retryAfterMs: retryAfterMs ?? RATE_WINDOW_MS });
  if (status >= 500 || code === "internal_error") return new PlatformError("retryable", message, details);
  // invalid_params, privacy_level_option_mismatch, spam_risk_*, unaudited_client_*: the same call fails again.
  return new PlatformError("permanent", message, details);
}

/** The success envelope: `data` is whatever the endpoint documents, checked by the caller's schema. */
const envelope = <S extends z.ZodType>(data: S) =>
  z.object({ data, error: z.object({ code: z.literal("ok") }).passthrough() });

/** The token answer (§11.3): lifetimes in seconds, both taken as given (doc versions disagree on them). */
const TokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.number(),
  open_id: z.string().min(1),
  refresh_token: z.string().min(1),
  refresh_expires_in: z.number(),
  scope: z.string().optional(),
});

export class TikTokApi {
  private readonly http: HttpClient;

  constructor(private readonly deps: ClientDeps) {
    this.http = createHttp({ platform: "tiktok", fetch: deps.fetch, now: deps.now, classify: classifyTikTokError });
  }

  url(path: string): string {
    return `${this.deps.endpoints.TIKTOK_API_BASE}${path}`;
  }

  /** A call whose `data` must match `schema`; `creates` marks the one call that may leave a post behind. */
  async call<S extends z.ZodType>(
    token: string,
    path: string,
    schema: S,
    options: Omit<RequestOptions, "headers"> = {},
  ): Promise<z.output<S>> {
    const res = await this.http.answer(this.url(path), envelope(schema), {
      method: "POST",
      ...options,
      headers: { Authorization: `Bearer ${token}` },
    });
    return (res.data as { data: z.output<S> }).data;
  }

  /** A chunk to the upload URL video/init gave, as it gave it. */
  async put(uploadUrl: string, bytes: Uint8Array<ArrayBuffer>, headers: Record<string, string>): Promise<number> {
    const res = await this.http.request(uploadUrl, { method: "PUT", body: bytes, headers, accept: [206] });
    return res.status;
  }

  /**
   * POST /v2/oauth/token/ with `client_key` (TikTok's name for the client id). Errors come as OAuth bodies
   * (`error`, `error_description`, `log_id`), sometimes with HTTP 200, so the body decides.
   */
  async token(params: Record<string, string>, client: { clientId: string; clientSecret: string }): Promise<TokenSet> {
    const http = createHttp({
      platform: "tiktok",
      fetch: this.deps.fetch,
      classify: (r) => classifyTokenError("tiktok", r.status, r.data),
    });
    const res = await http.request<Record<string, unknown>>(this.url("/v2/oauth/token/"), {
      form: { client_key: client.clientId, client_secret: client.clientSecret, ...params },
    });
    if (!res.data || typeof res.data !== "object" || typeof res.data.error === "string")
      throw classifyTokenError("tiktok", res.status === 200 ? 400 : res.status, res.data);
    const t = parseAnswer("tiktok", TokenAnswer, res.data, false);
    const now = this.deps.now();
    return {
      accessToken: t.access_token,
      refreshToken: t.refresh_token,
      expiresAt: now + t.expires_in * 1000,
      refreshExpiresAt: now + t.refresh_expires_in * 1000,
      scopes: (t.scope ?? "").split(/[\s,]+/).filter(Boolean),
    };
  }
}

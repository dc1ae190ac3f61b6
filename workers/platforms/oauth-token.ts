import { z } from "zod";
import type { Platform } from "../platform-profile";
import { createHttp, parseAnswer } from "./http";
import { PlatformError, type TokenSet } from "./types";

/**
 * The OAuth2 token request (RFC 6749 §4.1.3/§6), sent through the injected fetch. arctic builds the
 * authorization URLs, but its token calls use the global fetch, which would bypass the sandbox routing.
 */
export interface TokenRequest {
  platform: Platform;
  endpoint: string;
  params: Record<string, string>;
  client: { clientId: string; clientSecret: string };
  /** Google and X take confidential clients as HTTP Basic; LinkedIn wants the secret in the body. */
  clientAuth: "basic" | "body";
}

/** The form and headers of a token request; the secret goes as HTTP Basic or in the body, per platform. */
export function tokenRequestParts(req: TokenRequest): {
  form: Record<string, string>;
  headers: Record<string, string>;
} {
  if (req.clientAuth === "basic") {
    return {
      form: req.params,
      headers: { Authorization: `Basic ${btoa(`${req.client.clientId}:${req.client.clientSecret}`)}` },
    };
  }
  return {
    form: { ...req.params, client_id: req.client.clientId, client_secret: req.client.clientSecret },
    headers: {},
  };
}

/** The token answer fields a client relies on (RFC 6749 §5.1; PLATFORMS.md §0: `expires_in` is a number). */
const TokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().optional(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: z.number().optional(),
  scope: z.string().optional(),
});

/** Parses a token response; `previous` keeps a refresh token the platform did not re-issue (Google). */
export function tokenSetFromResponse(platform: Platform, data: unknown, now: number, previous?: TokenSet): TokenSet {
  const t = parseAnswer(platform, TokenAnswer, data, false);
  const refreshToken = t.refresh_token ?? previous?.refreshToken ?? null;
  return {
    accessToken: t.access_token,
    refreshToken,
    expiresAt: t.expires_in === undefined ? null : now + t.expires_in * 1000,
    refreshExpiresAt:
      t.refresh_token_expires_in === undefined
        ? refreshToken === previous?.refreshToken
          ? (previous?.refreshExpiresAt ?? null)
          : null
        : now + t.refresh_token_expires_in * 1000,
    // LinkedIn answers comma-separated scopes, everyone else space-separated.
    scopes: t.scope !== undefined ? t.scope.split(/[\s,]+/).filter(Boolean) : previous?.scopes,
  };
}

/** Token endpoint failures: a refused grant means reconnect; throttling and outages are retried. */
export function classifyTokenError(platform: Platform, status: number, body: unknown): PlatformError {
  const b = (body ?? {}) as { error?: unknown; error_description?: unknown };
  const code = typeof b.error === "string" ? b.error : undefined;
  const message =
    typeof b.error_description === "string"
      ? b.error_description
      : (code ?? `Token request failed with HTTP ${status}`);
  if (status === 429 || status >= 500) return new PlatformError("retryable", message, { platform, status, code });
  return new PlatformError("auth", message, { platform, status, code });
}

export async function requestTokens(
  fetchFn: typeof fetch,
  req: TokenRequest,
  now: number,
  previous?: TokenSet,
): Promise<TokenSet> {
  const http = createHttp({
    platform: req.platform,
    fetch: fetchFn,
    classify: (r) => classifyTokenError(req.platform, r.status, r.data),
  });
  const res = await http.request<Record<string, unknown>>(req.endpoint, tokenRequestParts(req));
  if (res.status !== 200 || !res.data || typeof res.data !== "object")
    throw classifyTokenError(req.platform, res.status, res.data);
  return tokenSetFromResponse(req.platform, res.data, now, previous);
}

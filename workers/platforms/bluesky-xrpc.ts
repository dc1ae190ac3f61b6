import type { z } from "zod";
import { dpopFetch, importDpopKey, type NonceCache, unbindToken } from "./bluesky-dpop";
import { createHttp, type HttpClient, type PlatformResponse, type RequestOptions } from "./http";
import { PlatformError } from "./types";

/**
 * XRPC over HTTP (atproto.com/specs/xrpc): queries are GET /xrpc/<nsid>?params, procedures POST /xrpc/<nsid>
 * with a JSON (or raw blob) body, errors `{"error": "<Name>", "message": "..."}`. Rate limits answer 429 with
 * `ratelimit-limit`, `ratelimit-remaining`, `ratelimit-reset` (epoch seconds) and `ratelimit-policy`.
 */

/** Error names that mean the token itself is refused: a refresh (or, failing that, a reconnect) cures it. */
const TOKEN_ERRORS = new Set(["ExpiredToken", "InvalidToken", "AuthenticationRequired", "AuthMissing", "BadJwt"]);
/** The account cannot act at all until its owner sorts it out on Bluesky. */
const ACCOUNT_ERRORS = new Set(["AccountTakedown", "AccountDeactivated", "AccountSuspended"]);

export function xrpcError(response: PlatformResponse, now: number): PlatformError {
  const body = (response.data && typeof response.data === "object" ? response.data : {}) as {
    error?: unknown;
    message?: unknown;
  };
  const code = typeof body.error === "string" ? body.error : undefined;
  const message =
    typeof body.message === "string" && body.message ? body.message : (code ?? `Bluesky answered ${response.status}`);
  const details = { platform: "bluesky" as const, status: response.status, code };
  if (response.status === 429) {
    const reset = Number(response.headers.get("ratelimit-reset"));
    const wait = reset > 0 ? reset * 1000 - now : undefined;
    return new PlatformError("retryable", message, {
      ...details,
      retryAfterMs: wait && wait > 0 ? wait : response.retryAfterMs,
    });
  }
  if (response.status >= 500) return new PlatformError("retryable", message, details);
  if (response.status === 401 || (code && (TOKEN_ERRORS.has(code) || ACCOUNT_ERRORS.has(code))))
    return new PlatformError("auth", message, details);
  if (response.status === 403) return new PlatformError("auth", message, { ...details, denied: { permission: null } });
  return new PlatformError("permanent", message, details);
}

export interface XrpcCall extends Omit<RequestOptions, "query"> {
  /**
   * The account's access token: an app-password session's goes as a Bearer token, an OAuth session's (bound to its
   * DPoP key, bluesky-dpop.ts) as `Authorization: DPoP` with a proof of the key.
   */
  token?: string;
  params?: Record<string, string | number | boolean | undefined>;
}

/** XRPC calls against any host: each account has its own PDS, so the base is given per call. */
export class Xrpc {
  readonly http: HttpClient;
  /** The PDSes' latest DPoP nonces, by origin. */
  readonly nonces: NonceCache = new Map();

  constructor(private readonly deps: { fetch: typeof fetch; now: () => number }) {
    this.http = this.client(deps.fetch);
  }

  private client(fetcher: typeof fetch) {
    return createHttp({
      platform: "bluesky",
      fetch: fetcher,
      now: this.deps.now,
      classify: (r) => xrpcError(r, this.deps.now()),
    });
  }

  async call<S extends z.ZodType>(base: string, nsid: string, schema: S, call: XrpcCall = {}): Promise<z.output<S>> {
    const { token, params, headers, ...rest } = call;
    const bound = token ? unbindToken(token) : null;
    const http = bound
      ? this.client(dpopFetch(this.deps.fetch, await importDpopKey(bound.key), this.nonces, this.deps.now))
      : this.http;
    const auth = bound ? `DPoP ${bound.token}` : token ? `Bearer ${token}` : null;
    const res = await http.answer(`${base.replace(/\/$/, "")}/xrpc/${nsid}`, schema, {
      ...rest,
      query: params,
      headers: { ...headers, ...(auth ? { Authorization: auth } : {}) },
    });
    return res.data;
  }
}

/** The `exp` of a JWT (epoch ms), or null when the token is not a JWT that says. */
export function jwtExpiry(token: string): number | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { exp?: unknown };
    return typeof json.exp === "number" ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

import { createMiddleware } from "hono/factory";
import { Unauthenticated } from "../errors";
import type { AppEnv } from "../http/app-env";
import { HttpError } from "../http/envelope";
import { CROSS_SITE_REFUSED, isCrossSiteCookieWrite } from "../http/origin";
import type { EarlyReads } from "../tenancy/early-read";
import { isApiKeyToken } from "../tenancy/key-scopes";
import { sessionWorkspaceReads } from "../tenancy/middleware";
import { setTighterRateLimit } from "./rate-window";
import { tokenFromRequest } from "./session-cookie";

/**
 * Resolves the caller from a bearer token or the session cookie. A session that does not resolve is
 * simply signed out; an API key (`pl_…`) that does not resolve is refused (401), and a live key is
 * rate-limited per key, its RateLimit headers on every answer. A session's user row is read in one D1 batch
 * with what `resolveWorkspace` reads next (its membership candidates and the route's early read in `early`).
 */
export const resolveAuth = (early: EarlyReads = {}) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const found = tokenFromRequest(c.req.raw);
    c.set("authVia", found?.via ?? null);
    c.set("apiKey", null);
    if (found?.via === "bearer" && isApiKeyToken(found.token)) {
      const resolved = await c.var.services.apiKeys.resolve(found.token);
      if (!resolved) throw new Unauthenticated("This API key is invalid, revoked or expired.");
      const headers = await c.var.services.rateLimit.enforceWithHeaders("apiKey", resolved.key.id);
      c.set("auth", { user: resolved.user, sessionId: `key:${resolved.key.id}` });
      c.set("apiKey", resolved.key);
      await next();
      setTighterRateLimit(c.res.headers, headers);
      return;
    }
    const workspaceReads = sessionWorkspaceReads(c, early);
    const resolved = found ? await c.var.services.auth.resolve(found.token, workspaceReads.statements) : null;
    if (resolved) workspaceReads.keep(resolved.alongside);
    c.set("auth", resolved && { user: resolved.user, sessionId: resolved.sessionId });
    await next();
  });

/** Refuses a cross-site write that would ride on the browser's cookie. */
export const originCheck = createMiddleware<AppEnv>(async (c, next) => {
  if (isCrossSiteCookieWrite(c.req.raw)) throw new HttpError(403, CROSS_SITE_REFUSED);
  await next();
});

/** The caller's IP as Cloudflare reports it; a local run shares one bucket. */
export function clientIp(req: Request): string {
  return req.headers.get("CF-Connecting-IP") ?? "local";
}

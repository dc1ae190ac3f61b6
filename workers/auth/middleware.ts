import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/app-env";
import { HttpError } from "../http/envelope";
import { isSafeMethod, isSameOriginRequest } from "../http/origin";
import { tokenFromRequest } from "./session-cookie";

/** Resolves the caller from a bearer token or the session cookie; never fails on its own. */
export const resolveAuth = createMiddleware<AppEnv>(async (c, next) => {
  const found = tokenFromRequest(c.req.raw);
  c.set("authVia", found?.via ?? null);
  c.set("auth", found ? await c.var.services.auth.resolve(found.token) : null);
  await next();
});

/** Refuses a cross-site write that would ride on the browser's cookie. */
export const originCheck = createMiddleware<AppEnv>(async (c, next) => {
  const usesCookie = !c.req.header("Authorization") && (c.req.header("Cookie") ?? "").length > 0;
  if (!isSafeMethod(c.req.method) && usesCookie && !isSameOriginRequest(c.req.raw)) {
    throw new HttpError(403, "Cross-site request refused.");
  }
  await next();
});

/** The caller's IP as Cloudflare reports it; a local run shares one bucket. */
export function clientIp(req: Request): string {
  return req.headers.get("CF-Connecting-IP") ?? "local";
}

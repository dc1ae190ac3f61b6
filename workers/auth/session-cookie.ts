import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { SESSION_TTL_MS } from "./service";

export const SESSION_COOKIE = "postline_session";

/** Reads the session cookie from a raw Cookie header (used outside Hono, by the page handler). */
export function sessionTokenFromCookieHeader(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE) return decodeURIComponent(rest.join("="));
  }
  return null;
}

/** Bearer first (API clients), then the cookie (the browser). */
export function tokenFromRequest(req: Request): { token: string; via: "bearer" | "cookie" } | null {
  const header = req.headers.get("Authorization");
  if (header?.startsWith("Bearer ")) return { token: header.slice(7).trim(), via: "bearer" };
  const cookie = sessionTokenFromCookieHeader(req.headers.get("Cookie"));
  return cookie ? { token: cookie, via: "cookie" } : null;
}

export function setSessionCookie(c: Context, token: string) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: new URL(c.req.url).protocol === "https:",
    path: "/",
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, SESSION_COOKIE, { path: "/" });
}

export { getCookie };

import type { Context } from "hono";
import { generateCookie, getCookie } from "hono/cookie";
import { SESSION_TTL_MS } from "./service";

export const SESSION_COOKIE = "postline_session";
/** The reset grant of a verified code, for API clients that do not send the token back (10 minutes). */
export const RESET_COOKIE = "postline_reset";
const RESET_COOKIE_PATH = "/api/auth";

/** Reads the session cookie from a raw Cookie header (used outside Hono, by the page handler). */
export function sessionTokenFromCookieHeader(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE) return decodeURIComponent(rest.join("="));
  }
  return null;
}

/** Bearer first (API clients; the scheme's name is case-insensitive, RFC 9110 §11.1), then the cookie (the browser). */
export function tokenFromRequest(req: Request): { token: string; via: "bearer" | "cookie" } | null {
  const bearer = req.headers.get("Authorization")?.match(/^bearer +(\S+) *$/i);
  if (bearer) return { token: bearer[1]!, via: "bearer" };
  const cookie = sessionTokenFromCookieHeader(req.headers.get("Cookie"));
  return cookie ? { token: cookie, via: "cookie" } : null;
}

const isHttps = (url: string) => new URL(url).protocol === "https:";

/** The Set-Cookie value of a new session; `url` is the request's, so https gets `Secure`. */
export function sessionCookie(token: string, url: string): string {
  return generateCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: isHttps(url),
    path: "/",
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function expiredSessionCookie(): string {
  return generateCookie(SESSION_COOKIE, "", { path: "/", maxAge: 0, expires: new Date(0) });
}

export function resetCookie(token: string, url: string): string {
  return generateCookie(RESET_COOKIE, token, {
    httpOnly: true,
    sameSite: "Strict",
    secure: isHttps(url),
    path: RESET_COOKIE_PATH,
    maxAge: 600,
  });
}

export function expiredResetCookie(): string {
  return generateCookie(RESET_COOKIE, "", { httpOnly: true, sameSite: "Strict", path: RESET_COOKIE_PATH, maxAge: 0 });
}

/** Appends Set-Cookie values a flow returned to a Hono response. */
export function sendCookies(c: Context, cookies: string[]) {
  for (const cookie of cookies) c.header("Set-Cookie", cookie, { append: true });
}

export { getCookie };

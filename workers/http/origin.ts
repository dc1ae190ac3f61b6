/**
 * CSRF defence for cookie-authenticated writes: the browser always sends Origin on a cross-site
 * POST, so a write is allowed only from our own origin. Bearer-token clients carry no ambient
 * credential and are not checked.
 */
export function isSafeMethod(method: string): boolean {
  return method === "GET" || method === "HEAD" || method === "OPTIONS";
}

export function isSameOriginRequest(req: Request): boolean {
  const origin = req.headers.get("Origin");
  const self = new URL(req.url).origin;
  if (origin) return origin === self;
  const site = req.headers.get("Sec-Fetch-Site");
  return site === "same-origin" || site === "none";
}

export const CROSS_SITE_REFUSED = "Cross-site request refused.";

/** A cross-site write riding on the browser's cookie: refused by the API and by the pages' form actions alike. */
export function isCrossSiteCookieWrite(req: Request): boolean {
  const usesCookie = !req.headers.get("Authorization") && (req.headers.get("Cookie") ?? "").length > 0;
  return !isSafeMethod(req.method) && usesCookie && !isSameOriginRequest(req);
}

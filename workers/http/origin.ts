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

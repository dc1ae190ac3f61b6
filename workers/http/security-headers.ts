import { asciiLocation } from "./location";

/** Browsers that once reached us over HTTPS refuse plain HTTP for a year (ignored on http://localhost). */
export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Headers every response carries. Scripts run only with this request's nonce, nothing may frame
 * us, and the browser never guesses a content type (an uploaded file is never run as HTML).
 */
export function contentSecurityPolicy(nonce: string, framedBy = "'none'"): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    // Profile pictures come from the platforms' CDNs; images cannot run code.
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${framedBy}`,
  ].join("; ");
}

/**
 * A response that our own pages show in a frame (the report preview, ADR 085) says so with
 * `X-Frame-Options: SAMEORIGIN`; every other response may be framed by nobody.
 */
export function withSecurityHeaders(response: Response, nonce: string, dev: boolean): Response {
  if (response.status === 101) return response;
  const out = new Response(response.body, response);
  const sameOrigin = response.headers.get("X-Frame-Options") === "SAMEORIGIN";
  if (!dev) out.headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, sameOrigin ? "'self'" : "'none'"));
  out.headers.set("X-Content-Type-Options", "nosniff");
  out.headers.set("X-Frame-Options", sameOrigin ? "SAMEORIGIN" : "DENY");
  out.headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  out.headers.set("Strict-Transport-Security", HSTS);
  const location = out.headers.get("Location");
  if (location) out.headers.set("Location", asciiLocation(location));
  return out;
}

import { cors } from "hono/cors";

/**
 * CORS for API clients in a browser, which sign with an API key (Authorization: Bearer): any origin may call,
 * and read the headers an integration needs. Credentials are never allowed, so a page elsewhere cannot ride on
 * a signed-in user's cookie (cookie writes keep the same-origin rule of `originCheck`).
 */
export const apiCors = cors({
  origin: "*",
  allowMethods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
  allowHeaders: ["Authorization", "Content-Type", "Idempotency-Key", "X-Workspace-Id", "X-Request-Id", "Accept"],
  exposeHeaders: [
    "RateLimit-Limit",
    "RateLimit-Remaining",
    "RateLimit-Reset",
    "Retry-After",
    "Idempotent-Replayed",
    "X-Request-Id",
    "Location",
    "Content-Disposition",
    "WWW-Authenticate",
  ],
  maxAge: 600,
});

import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../api";
import { call, ORIGIN, registerUser } from "./helpers";

/**
 * Generated from the API's own route list, so a new route is covered the moment it is mounted:
 * every route is either public (listed here, with the reason) or answers 401 without a session.
 */
const PUBLIC_ROUTES: Record<string, string> = {
  "GET /health": "liveness probe",
  "POST /api/auth/register": "creates the session",
  "POST /api/auth/login": "creates the session",
  "POST /api/auth/logout": "clears whatever session there is",
  "POST /api/auth/send-otp": "password reset is for signed-out users",
  "POST /api/auth/verify-otp": "password reset is for signed-out users",
  "POST /api/auth/update-password": "password reset is for signed-out users (needs the reset grant)",
  "POST /api/events": "page views are recorded for signed-out pages too",
  "GET /api/auth/:platform/callback":
    "the browser's return from a platform: without a session it redirects with the 401 message (checked below)",
  "GET /api/auth/bluesky/client-metadata.json":
    "Postline's AT Protocol OAuth client document: Bluesky servers fetch it, signed out (ADR 073)",
  "GET /api/openapi.json": "the API document describes routes, never data",
  "GET /api/docs": "the readable form of the API document",
  "GET /api/invites/:token": "the invite page shows what an invitation is for before sign-up; the token is the secret",
  "GET /api/share/:token": "a client without an account reviews through the link; the token is the secret",
  "GET /api/inbox/webhooks/meta": "Meta's subscription handshake: answers only the configured verify token (ADR 083)",
  "POST /api/inbox/webhooks/meta": "Meta's deliveries: refused unless signed with the app secret (ADR 083)",
  "POST /api/share/:token/posts/:postId/review":
    "a client without an account decides through the link; the token is the secret (unknown: 404)",
  "GET /api/brand-logos/:workspaceId": "a workspace's logo is shown on its public share pages and in its mails",
  "GET /api/report-files/:id": "a report too large to attach is fetched from its mail's signed, expiring link",
  "GET /api/report-unsubscribe/:token": "an external recipient has no account; the signed token is the secret",
  "POST /api/report-unsubscribe/:token": "an external recipient has no account; the signed token is the secret",
};

function apiRoutes() {
  const seen = new Set<string>();
  return api.routes
    .filter((r) => r.method !== "ALL" && (r.path.startsWith("/api/") || r.path === "/health"))
    .map((r) => ({ method: r.method, path: r.path, key: `${r.method} ${r.path}` }))
    .filter((r) => {
      if (seen.has(r.key)) return false;
      seen.add(r.key);
      return true;
    });
}

/** Fills path parameters with well-formed ids that belong to nobody. */
const fill = (path: string) => path.replace(/:([A-Za-z]+)/g, () => crypto.randomUUID());

describe("security: authentication on every route", () => {
  const routes = apiRoutes().filter((r) => !(r.key in PUBLIC_ROUTES));

  it("has routes to check", () => {
    expect(routes.length).toBeGreaterThan(5);
  });

  it.each(routes.map((r) => [r.key, r] as const))("%s → 401 without a session", async (_key, route) => {
    const res = await call(fill(route.path), { method: route.method, body: route.method === "GET" ? undefined : {} });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: "Please log in to continue." });
  });

  // One signed-out session serves every route: a revoked token stays revoked (a registration per route was most of
  // this file's time).
  let revoked: string;
  beforeAll(async () => {
    const u = await registerUser();
    await call<"POST /api/auth/logout">("/api/auth/logout", { token: u.token, body: {} });
    revoked = u.token;
  });

  it.each(routes.map((r) => [r.key, r] as const))("%s → 401 with a revoked session", async (_key, route) => {
    const res = await call(fill(route.path), {
      method: route.method,
      token: revoked,
      body: route.method === "GET" ? undefined : {},
    });
    expect(res.status).toBe(401);
  });
});

describe("security: OAuth callback without a session", () => {
  it("redirects to settings with the log-in message and connects nothing", async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/auth/instagram/callback?code=x&state=y`, { redirect: "manual" });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("Location") ?? "", ORIGIN);
    expect(location.searchParams.get("error")).toBe("Please log in to continue.");
  });
});

describe("security: CSRF", () => {
  const writes = apiRoutes().filter((r) => r.method !== "GET");
  // One user for every route: each refusal must leave the session working, which the next route relies on too.
  let member: Awaited<ReturnType<typeof registerUser>>;
  beforeAll(async () => {
    member = await registerUser();
  });

  it.each(writes.map((r) => [r.key, r] as const))(
    "%s refuses a cookie write from a foreign origin",
    async (_key, route) => {
      const res = await call(fill(route.path), {
        method: route.method,
        cookie: member.cookie,
        origin: "https://attacker.example",
        body: {},
      });
      expect(res.status).toBe(403);
      expect((await call<"GET /api/auth/me">("/api/auth/me", { cookie: member.cookie })).status).toBe(200);
    },
  );

  it("refuses a signed-in user's cross-site form post to a page with 403 and its reason, before any route runs", async () => {
    const u = await registerUser();
    const form = new URLSearchParams({ intent: "timezone", timezone: "Asia/Tokyo" }).toString();
    const headers = { "Content-Type": "application/x-www-form-urlencoded" };
    for (const path of ["/settings", "/auth", "/settings.data"]) {
      const res = await SELF.fetch(`${ORIGIN}${path}`, {
        method: "POST",
        headers: { ...headers, Cookie: u.cookie, Origin: "https://attacker.example" },
        body: form,
        redirect: "manual",
      });
      expect(res.status, path).toBe(403);
      expect(await res.text(), path).toBe("Cross-site request refused.");
    }
    const me = await call<"GET /api/auth/me">("/api/auth/me", { cookie: u.cookie });
    expect(me.body.data.timezone).toBe(u.user.timezone);
  });
});

describe("security: headers", () => {
  it("sends nosniff, frame denial, HSTS and a CSP on pages and API answers", async () => {
    const res = await call<"GET /api/auth/me">("/api/auth/me");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
    expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("never puts a session token in a response other than the sign-in answer", async () => {
    const u = await registerUser();
    for (const path of ["/api/auth/me", "/api/users/profile", "/api/users/sessions"]) {
      const res = await call(path, { token: u.token });
      expect(JSON.stringify(res.body), path).not.toContain(u.token.split(".")[1]);
    }
  });
});

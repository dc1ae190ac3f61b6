import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";

const ELSEWHERE = "https://integration.example";

describe("CORS for API-key clients in a browser", () => {
  it("answers a preflight from any origin with the methods and headers an integration sends, never credentials", async () => {
    const res = await SELF.fetch("http://localhost/api/posts", {
      method: "OPTIONS",
      headers: {
        Origin: ELSEWHERE,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type, idempotency-key",
      },
    });
    await res.body?.cancel();
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Access-Control-Allow-Methods")).toContain("POST");
    expect(res.headers.get("Access-Control-Allow-Headers")).toMatch(/Authorization.*Idempotency-Key/);
    expect(res.headers.get("Access-Control-Allow-Credentials")).toBeNull();
  });

  it("lets a bearer request from another origin read the answer and its rate-limit and request-id headers", async () => {
    const u = await registerUser();
    const key = await call<"POST /api/keys">("/api/keys", { token: u.token, body: { name: "web", scopes: ["read"] } });
    const res = await call<"GET /api/posts">("/api/posts", {
      headers: { Authorization: `Bearer ${key.body.data.token}` },
      origin: ELSEWHERE,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const exposed = res.headers.get("Access-Control-Expose-Headers") ?? "";
    for (const name of ["RateLimit-Remaining", "RateLimit-Reset", "X-Request-Id", "Idempotent-Replayed"])
      expect(exposed).toContain(name);
  });

  it("a write riding on a signed-in cookie from another origin is still refused", async () => {
    const u = await registerUser();
    const res = await call("/api/posts", {
      method: "POST",
      cookie: u.cookie,
      origin: ELSEWHERE,
      body: { content: "Not from here", platforms: ["linkedin"], status: "draft" },
    });
    expect([res.status, res.body.message]).toEqual([403, "Cross-site request refused."]);
  });
});

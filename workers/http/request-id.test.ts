import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("X-Request-Id", () => {
  it("is on every API answer, a success, a refusal and an unknown route alike, one per request", async () => {
    const u = await registerUser();
    const ok = await call<"GET /api/auth/me">("/api/auth/me", { token: u.token });
    const refused = await call("/api/auth/me");
    const missing = await call("/api/no-such-route", { token: u.token });
    const ids = [ok, refused, missing].map((r) => r.headers.get("X-Request-Id"));
    expect([ok.status, refused.status, missing.status]).toEqual([200, 401, 404]);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(3);
  });

  it("echoes a caller's well-formed id, replaces a malformed one, and names answers outside the API too", async () => {
    const mine = await call("/api/auth/me", { headers: { "X-Request-Id": "zapier-run-42" } });
    expect(mine.headers.get("X-Request-Id")).toBe("zapier-run-42");
    const odd = await call("/api/auth/me", { headers: { "X-Request-Id": "not ok; drop table" } });
    expect(odd.headers.get("X-Request-Id")).toMatch(UUID);
    // The emulator's consent page is answered past the API, where the Worker entry names it.
    const page = await SELF.fetch("http://localhost/sandbox/www.linkedin.com/oauth/v2/authorization");
    await page.body?.cancel();
    expect(page.headers.get("X-Request-Id")).toMatch(UUID);
  });
});

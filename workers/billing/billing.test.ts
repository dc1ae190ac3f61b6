import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, registerUser } from "../test/helpers";

describe("POST /api/billing/notify", () => {
  it("stores the request once and answers with the spec's message", async () => {
    const u = await registerUser();
    for (let i = 0; i < 2; i++) {
      const res = await call<"POST /api/billing/notify">("/api/billing/notify", { token: u.token, body: {} });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe("You'll be notified when billing features are available!");
    }
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM billing_interest WHERE user_id = ?")
      .bind(u.user.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it("answers 401 without a session", async () => {
    expect((await call<"POST /api/billing/notify">("/api/billing/notify", { body: {} })).status).toBe(401);
  });
});

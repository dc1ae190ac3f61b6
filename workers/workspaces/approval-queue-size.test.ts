import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { insertAccount } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";

// D1 refuses a statement with more than 100 bound parameters (ADR 118): the queue shows up to 100 submissions.
describe("GET /api/approvals", () => {
  it("shows the most submissions it lists, 100, each with its post", async () => {
    const u = await registerUser();
    await env.DB.prepare("UPDATE workspaces SET approval_required = 1, media_required = 0 WHERE id = ?")
      .bind(u.user.id)
      .run();
    const account = await insertAccount(u.user.id, "twitter");
    const scheduledDate = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
    for (let i = 0; i < 100; i += 1) {
      const res = await call<"POST /api/posts">("/api/posts", {
        token: u.token,
        body: {
          content: `Waiting ${i}`,
          platforms: ["twitter"],
          selectedAccounts: { twitter: [account] },
          status: "scheduled",
          scheduledDate,
        },
      });
      expect(res.body.data.status, res.body.message).toBe("pending_approval");
    }
    const queue = await call<"GET /api/approvals">("/api/approvals", { token: u.token });
    expect(queue.status, queue.body.message).toBe(200);
    expect(queue.body.data.approvals).toHaveLength(100);
  });
});

import { describe, expect, it } from "vitest";
import { insertAccount, insertScheduledPost } from "../test/fixtures";
import { call, registerUser } from "../test/helpers";
import { dbOf } from "../test/shards";

// D1 refuses a statement with more than 100 bound parameters (ADR 118); the route takes up to 100 ids.
describe("POST /api/notifications/failures/seen", () => {
  it("marks the most ids it takes, 100 failed channels, as seen", async () => {
    const u = await registerUser();
    const account = await insertAccount(u.user.id, "twitter");
    const targetIds: string[] = [];
    for (let i = 0; i < 100; i += 1) {
      const post = await insertScheduledPost(u.user.id, [
        { accountId: account, platform: "twitter", dueAt: Date.now() - 60_000, status: "failed" },
      ]);
      targetIds.push(...post.targetIds);
    }
    const res = await call<"POST /api/notifications/failures/seen">("/api/notifications/failures/seen", {
      token: u.token,
      body: { targetIds },
    });
    expect(res.status, res.body.message).toBe(200);
    const row = await (await dbOf(u.user.id))
      .prepare("SELECT count(*) AS n FROM post_targets WHERE workspace_id = ? AND failure_seen_at IS NOT NULL")
      .bind(u.user.id)
      .first<{ n: number }>();
    expect(row!.n).toBe(100);
  });
});

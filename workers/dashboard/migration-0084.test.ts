import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { inboxAccountBefore } from "../inbox/migration.test-helper";

/** Fixed instants: the rows below are data, not times the app compares with now. */
const AT = Date.UTC(2026, 0, 20, 9);

/**
 * Migration 0084 (ADR 133) on a database that already holds a workspace with posts: the new `dashboard_cache` starts
 * empty, nothing it sits beside changes, and it keeps one answer per workspace, replaced by the next.
 */
describe("migration 0084 (dashboard_cache)", () => {
  it("adds an empty table beside the data, one row per workspace", async () => {
    const db = await inboxAccountBefore("0084");
    await db
      .prepare(
        "INSERT INTO posts (id, workspace_id, user_id, content, status, created_at) VALUES ('p1', 'w1', 'u1', 'Hello', 'draft', ?)",
      )
      .bind(AT)
      .run();
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    expect((await db.prepare("SELECT count(*) AS n FROM dashboard_cache").first())!.n).toBe(0);
    expect(await db.prepare("SELECT id, workspace_id, content, created_at FROM posts").all()).toMatchObject({
      results: [{ id: "p1", workspace_id: "w1", content: "Hello", created_at: AT }],
    });
    const keep = (body: string, expiresAt: number) =>
      db
        .prepare(
          "INSERT INTO dashboard_cache (workspace_id, body, expires_at) VALUES ('w1', ?1, ?2) ON CONFLICT (workspace_id) DO UPDATE SET body = ?1, expires_at = ?2",
        )
        .bind(body, expiresAt)
        .run();
    await keep('{"v":1}', AT + 30_000);
    await keep('{"v":2}', AT + 60_000);
    expect((await db.prepare("SELECT workspace_id, body, expires_at FROM dashboard_cache").all()).results).toEqual([
      { workspace_id: "w1", body: '{"v":2}', expires_at: AT + 60_000 },
    ]);
  });
});

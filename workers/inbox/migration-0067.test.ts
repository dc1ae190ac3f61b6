import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { migratedBefore } from "../test/migration-db";

/**
 * Migration 0067 on an inbox already holding items: every comment, mention and message stays as it was, with no
 * rating; a review written after it keeps its stars.
 */
describe("migration 0067 (review ratings)", () => {
  it("keeps every item without a rating and stores a review's stars", async () => {
    const db = await migratedBefore("0067");
    await db.batch([
      db.prepare(
        "INSERT INTO users (id, email, display_name, password_hash) VALUES ('u1', 'u1@example.com', 'U', 'x')",
      ),
      db.prepare("INSERT INTO workspaces (id, name) VALUES ('w1', 'Shop')"),
      db.prepare(
        "INSERT INTO connected_accounts (id, workspace_id, user_id, platform, platform_user_id, username, display_name, account_type, access_token_enc) VALUES ('a1', 'w1', 'u1', 'facebook', 'p1', 'p', 'P', 'page', 'enc')",
      ),
      ...["comment", "mention", "message"].map((kind, i) =>
        db
          .prepare(
            "INSERT INTO inbox_items (id, workspace_id, account_id, platform, remote_id, kind, author, text, created_at, received_at) VALUES (?1, 'w1', 'a1', 'facebook', ?1, ?2, 'Ann', 'Hello', 1, 1)",
          )
          .bind(`i${i}`, kind),
      ),
    ]);
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    await db
      .prepare(
        "INSERT INTO inbox_items (id, workspace_id, account_id, platform, remote_id, kind, author, text, created_at, received_at, rating) VALUES ('r', 'w1', 'a1', 'google_business', 'rev1', 'review', 'Kim', 'Great', 2, 2, 4)",
      )
      .run();
    const { results } = await db.prepare("SELECT id, kind, text, rating FROM inbox_items ORDER BY id").all();
    expect(results).toEqual([
      { id: "i0", kind: "comment", text: "Hello", rating: null },
      { id: "i1", kind: "mention", text: "Hello", rating: null },
      { id: "i2", kind: "message", text: "Hello", rating: null },
      { id: "r", kind: "review", text: "Great", rating: 4 },
    ]);
  });
});

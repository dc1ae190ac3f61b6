import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { inboxAccountBefore } from "./migration.test-helper";

/**
 * Migration 0067 on an inbox already holding items: every comment, mention and message stays as it was, with no
 * rating; a review written after it keeps its stars.
 */
describe("migration 0067 (review ratings)", () => {
  it("keeps every item without a rating and stores a review's stars", async () => {
    const db = await inboxAccountBefore("0067");
    await db.batch([
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

import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { inboxAccountBefore } from "./migration.test-helper";

/**
 * Migration 0053 on an inbox already holding items: the three action columns arrive empty (nothing hidden,
 * liked or deleted) and every item, its state and its reply stay as they were.
 */
describe("migration 0053 (inbox actions)", () => {
  it("keeps every item and adds the action columns empty", async () => {
    const db = await inboxAccountBefore("0053");
    await db.batch([
      ...[0, 1, 2].map((i) =>
        db
          .prepare(
            "INSERT INTO inbox_items (id, workspace_id, account_id, platform, remote_id, kind, author, text, created_at, received_at, status, reply_state, reply_text) VALUES (?1, 'w1', 'a1', 'facebook', ?2, 'comment', 'Ann', ?3, ?4, ?4, ?5, ?6, ?7)",
          )
          .bind(
            `item-${i}`,
            `c-${i}`,
            `Comment ${i}`,
            1_700_000_000_000 + i,
            i === 2 ? "done" : "open",
            i === 2 ? "sent" : null,
            i === 2 ? "Thanks!" : null,
          ),
      ),
    ]);
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    const { results } = await db.prepare("SELECT * FROM inbox_items ORDER BY id").all();
    expect(results).toHaveLength(3);
    expect(results.map((r) => [r.id, r.text, r.status, r.reply_state, r.reply_text])).toEqual([
      ["item-0", "Comment 0", "open", null, null],
      ["item-1", "Comment 1", "open", null, null],
      ["item-2", "Comment 2", "done", "sent", "Thanks!"],
    ]);
    for (const r of results) expect([r.hidden_at, r.liked_at, r.deleted_at]).toEqual([null, null, null]);
  });
});

import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { inboxAccountBefore } from "./migration.test-helper";

/**
 * Migration 0062 on an inbox already holding items: comments and mentions keep everything and have no
 * conversation; a message written after it keeps its thread.
 */
describe("migration 0062 (direct message conversations)", () => {
  it("keeps every item, with no conversation, and threads new messages", async () => {
    const db = await inboxAccountBefore("0062");
    await db.batch([
      ...[0, 1].map((i) =>
        db
          .prepare(
            "INSERT INTO inbox_items (id, workspace_id, account_id, platform, remote_id, kind, author, text, created_at, received_at, status, hidden_at) VALUES (?1, 'w1', 'a1', 'facebook', ?2, ?3, 'Ann', ?4, ?5, ?5, 'open', ?6)",
          )
          .bind(`item-${i}`, `c-${i}`, i ? "mention" : "comment", `Text ${i}`, 1_700_000_000_000 + i, i ? null : 5),
      ),
    ]);
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    await db
      .prepare(
        "INSERT INTO inbox_items (id, workspace_id, account_id, platform, remote_id, kind, author, text, created_at, received_at, conversation_id) VALUES ('dm', 'w1', 'a1', 'facebook', 'm_1', 'message', 'Kim', 'Hi', 1, 1, '7123')",
      )
      .run();
    const { results } = await db
      .prepare("SELECT id, kind, text, hidden_at, conversation_id FROM inbox_items ORDER BY id")
      .all();
    expect(results).toEqual([
      { id: "dm", kind: "message", text: "Hi", hidden_at: null, conversation_id: "7123" },
      { id: "item-0", kind: "comment", text: "Text 0", hidden_at: 5, conversation_id: null },
      { id: "item-1", kind: "mention", text: "Text 1", hidden_at: null, conversation_id: null },
    ]);
  });
});

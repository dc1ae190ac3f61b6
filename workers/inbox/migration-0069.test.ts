import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { inboxAccountBefore } from "./migration.test-helper";

/**
 * Migration 0069 on an inbox already holding items and rules: every item stays as it was with no hide refusal
 * (one a rule hid earlier is pending for the network), and every rule keeps applying to all accounts.
 */
describe("migration 0069 (rules hide on the network)", () => {
  it("keeps items and rules, with no refusal and no account", async () => {
    const db = await inboxAccountBefore("0069");
    await db.batch([
      ...[null, 5].map((hiddenByRule, i) =>
        db
          .prepare(
            "INSERT INTO inbox_items (id, workspace_id, account_id, platform, remote_id, kind, author, text, created_at, received_at, rule_hidden_at) VALUES (?1, 'w1', 'a1', 'facebook', ?1, 'comment', 'Ann', 'Hello', 1, 1, ?2)",
          )
          .bind(`i${i}`, hiddenByRule),
      ),
      db.prepare(
        "INSERT INTO inbox_rules (id, workspace_id, keyword, action, created_at) VALUES ('r1', 'w1', 'crypto', 'hide', 1)",
      ),
    ]);
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    const items = await db.prepare("SELECT id, rule_hidden_at, hide_error FROM inbox_items ORDER BY id").all();
    expect(items.results).toEqual([
      { id: "i0", rule_hidden_at: null, hide_error: null },
      { id: "i1", rule_hidden_at: 5, hide_error: null },
    ]);
    const pending = await db
      .prepare(
        "SELECT id FROM inbox_items INDEXED BY inbox_items_hide_pending WHERE rule_hidden_at IS NOT NULL AND hidden_at IS NULL AND hide_error IS NULL",
      )
      .all();
    expect(pending.results).toEqual([{ id: "i1" }]);
    const rules = await db.prepare("SELECT id, keyword, account_id FROM inbox_rules").all();
    expect(rules.results).toEqual([{ id: "r1", keyword: "crypto", account_id: null }]);
  });
});

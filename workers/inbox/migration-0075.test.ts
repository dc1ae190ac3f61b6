import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { inboxAccountBefore } from "./migration.test-helper";

/**
 * Migration 0075 on an inbox already holding labelled items: each label row takes its item's time and status, and
 * a label filter is then a range of the label's index, newest first.
 */
describe("migration 0075 (labels carry their item's time and status)", () => {
  it("fills the label rows from their items and indexes them by label, status and time", async () => {
    const db = await inboxAccountBefore("0075");
    await db.batch([
      ...[
        ["i1", 100, "open"],
        ["i2", 300, "done"],
        ["i3", 200, "open"],
      ].map(([id, at, status]) =>
        db
          .prepare(
            "INSERT INTO inbox_items (id, workspace_id, account_id, platform, remote_id, kind, author, text, created_at, received_at, status) VALUES (?1, 'w1', 'a1', 'facebook', ?1, 'comment', 'Ann', 'Hello', ?2, ?2, ?3)",
          )
          .bind(id, at, status),
      ),
      ...[
        ["i1", "vip"],
        ["i2", "vip"],
        ["i3", "vip"],
        ["i3", "billing"],
      ].map(([item, label]) =>
        db.prepare("INSERT INTO inbox_labels (item_id, workspace_id, label) VALUES (?, 'w1', ?)").bind(item, label),
      ),
    ]);
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    const rows = await db
      .prepare("SELECT item_id, label, created_at, status FROM inbox_labels ORDER BY item_id, label")
      .all();
    expect(rows.results).toEqual([
      { item_id: "i1", label: "vip", created_at: 100, status: "open" },
      { item_id: "i2", label: "vip", created_at: 300, status: "done" },
      { item_id: "i3", label: "billing", created_at: 200, status: "open" },
      { item_id: "i3", label: "vip", created_at: 200, status: "open" },
    ]);
    const open = await db
      .prepare(
        "SELECT item_id FROM inbox_labels INDEXED BY inbox_labels_list_idx WHERE workspace_id = 'w1' AND label = 'vip' AND status = 'open' ORDER BY created_at DESC",
      )
      .all();
    expect(open.results).toEqual([{ item_id: "i3" }, { item_id: "i1" }]);
    const all = await db
      .prepare(
        "SELECT item_id FROM inbox_labels INDEXED BY inbox_labels_all_idx WHERE workspace_id = 'w1' AND label = 'vip' ORDER BY created_at DESC",
      )
      .all();
    expect(all.results).toEqual([{ item_id: "i2" }, { item_id: "i3" }, { item_id: "i1" }]);
  });
});

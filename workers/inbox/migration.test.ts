import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { migratedBefore } from "../test/migration-db";

/**
 * Migration 0054 on a database holding inbox items: they keep every field, gain the team columns empty, and are
 * marked as already read by the rules, so rules made later never act on items taken in before them (ADR 084).
 */
const db = env.MIGRATION_DB;
const run = (sql: string, ...args: unknown[]) =>
  db
    .prepare(sql)
    .bind(...args)
    .run();

describe("migration 0054 (inbox team)", () => {
  it("keeps the items, adds the team columns and leaves the old items out of the rules", async () => {
    await migratedBefore("0054");
    await run(
      "INSERT INTO users (id, email, display_name, password_hash, timezone, created_at, updated_at) VALUES ('u1', 'u1@example.com', 'U', 'x', 'UTC', 1, 1)",
    );
    await run("INSERT INTO workspaces (id, name, created_at, updated_at) VALUES ('w1', 'W', 1, 1)");
    await run(
      "INSERT INTO connected_accounts (id, user_id, workspace_id, platform, platform_user_id, username, display_name, account_type, access_token_enc) VALUES ('a1', 'u1', 'w1', 'twitter', 'p1', 'me', 'Me', 'person', 'enc')",
    );
    for (const n of [1, 2])
      await run(
        "INSERT INTO inbox_items (id, workspace_id, account_id, platform, remote_id, kind, author, text, created_at, received_at, status, assignee_id) VALUES (?1, 'w1', 'a1', 'twitter', ?1, 'comment', 'someone', 'hello', 100, ?2, 'open', 'u1')",
        `item-${n}`,
        1_000 + n,
      );

    await applyD1Migrations(db, env.TEST_MIGRATIONS);

    const { results } = await db
      .prepare(
        "SELECT id, text, status, assignee_id, rules_applied_at, sentiment, draft_text, handled_by FROM inbox_items ORDER BY id",
      )
      .all();
    expect(results).toEqual([
      {
        id: "item-1",
        text: "hello",
        status: "open",
        assignee_id: "u1",
        rules_applied_at: 1001,
        sentiment: null,
        draft_text: null,
        handled_by: null,
      },
      {
        id: "item-2",
        text: "hello",
        status: "open",
        assignee_id: "u1",
        rules_applied_at: 1002,
        sentiment: null,
        draft_text: null,
        handled_by: null,
      },
    ]);
    // The new tables take rows for the old items.
    await run("INSERT INTO inbox_labels (item_id, workspace_id, label) VALUES ('item-1', 'w1', 'vip')");
    await run("INSERT INTO inbox_reads (item_id, user_id, workspace_id, read_at) VALUES ('item-1', 'u1', 'w1', 5)");
    expect((await db.prepare("SELECT count(*) AS n FROM inbox_labels").first<{ n: number }>())!.n).toBe(1);
  });
});

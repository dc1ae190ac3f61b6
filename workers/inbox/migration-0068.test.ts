import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { migratedBefore } from "../test/migration-db";

/**
 * Migration 0068 on inboxes already polled: each account's one cursor becomes a row per source it reads, keeping
 * the newest item time (comments, mentions, messages) or the network's cursor (notifications, reviews), and the
 * account keeps its poll time; items keep their words, with no edit time.
 */
describe("migration 0068 (a place per inbox source)", () => {
  it("splits each account's cursor into its sources", async () => {
    const db = await migratedBefore("0068");
    const accounts = [
      ["x", "twitter"],
      ["m", "mastodon"],
      ["g", "google_business"],
    ];
    await db.batch([
      db.prepare(
        "INSERT INTO users (id, email, display_name, password_hash) VALUES ('u1', 'u1@example.com', 'U', 'x')",
      ),
      db.prepare("INSERT INTO workspaces (id, name) VALUES ('w1', 'Shop')"),
      ...accounts.map(([id, platform]) =>
        db
          .prepare(
            "INSERT INTO connected_accounts (id, workspace_id, user_id, platform, platform_user_id, username, display_name, account_type, access_token_enc) VALUES (?1, 'w1', 'u1', ?2, ?1, ?1, ?1, 'personal', 'enc')",
          )
          .bind(id, platform),
      ),
      db.prepare(
        "INSERT INTO inbox_cursors (account_id, workspace_id, newest_at, remote_cursor, polled_at, last_error) VALUES ('x', 'w1', 500, NULL, 900, NULL), ('m', 'w1', NULL, '1234', 900, 'down'), ('g', 'w1', NULL, '2026-01-01T00:00:00Z', 900, NULL)",
      ),
      db.prepare(
        "INSERT INTO inbox_items (id, workspace_id, account_id, platform, remote_id, kind, author, text, created_at, received_at) VALUES ('i1', 'w1', 'x', 'twitter', 'r1', 'comment', 'Ann', 'Hello', 1, 1)",
      ),
    ]);
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    const { results } = await db
      .prepare(
        "SELECT account_id, source, newest_at, remote_cursor, checked_at, ok_at, error FROM inbox_sources ORDER BY account_id, source",
      )
      .all();
    const row = (account: string, source: string, newest: number | null, cursor: string | null, ok: number | null) => ({
      account_id: account,
      source,
      newest_at: newest,
      remote_cursor: cursor,
      checked_at: 900,
      ok_at: ok,
      error: null,
    });
    expect(results).toEqual([
      row("g", "comments", null, null, 900),
      row("g", "reviews", null, "2026-01-01T00:00:00Z", 900),
      row("m", "comments", null, null, null),
      row("m", "notifications", null, "1234", null),
      row("x", "comments", 500, null, 900),
      row("x", "mentions", 500, null, 900),
      row("x", "messages", 500, null, 900),
    ]);
    expect(await db.prepare("SELECT * FROM inbox_cursors WHERE account_id = 'x'").first()).toEqual({
      account_id: "x",
      workspace_id: "w1",
      polled_at: 900,
    });
    expect(await db.prepare("SELECT text, edited_at FROM inbox_items").first()).toEqual({
      text: "Hello",
      edited_at: null,
    });
  });
});

import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { migratedBefore } from "../test/migration-db";

/**
 * Migration 0061 on a database whose accounts were already polled: each cursor keeps its place and time, and the
 * network's own cursor starts empty, so the next poll of a Mastodon account reads its notification history once.
 */
describe("migration 0061 (the inbox's notification cursor)", () => {
  it("keeps every cursor and adds the remote cursor empty", async () => {
    const db = await migratedBefore("0061");
    const seed = [
      "INSERT INTO users (id, email, display_name, password_hash) VALUES ('u1', 'u1@example.com', 'U1', 'x')",
      "INSERT INTO workspaces (id, name) VALUES ('w1', 'Bakery')",
      "INSERT INTO connected_accounts (id, workspace_id, user_id, platform, platform_user_id, username, display_name, account_type, access_token_enc) VALUES ('a1', 'w1', 'u1', 'mastodon', 'm1', 'm', 'M', 'person', 'enc'), ('a2', 'w1', 'u1', 'twitter', 't1', 't', 'T', 'person', 'enc')",
      "INSERT INTO inbox_cursors (account_id, workspace_id, newest_at, polled_at, last_error) VALUES ('a1', 'w1', 1700000000000, 1700000300000, NULL), ('a2', 'w1', NULL, 1700000600000, 'X answered HTTP 500')",
    ];
    for (const sql of seed) await db.prepare(sql).run();
    // Up to 0061 itself: 0068 moved these columns into inbox_sources (its own test covers that step).
    await applyD1Migrations(
      db,
      env.TEST_MIGRATIONS.filter((m) => m.name < "0062"),
    );
    const { results } = await db
      .prepare(
        "SELECT account_id, newest_at, polled_at, last_error, remote_cursor FROM inbox_cursors ORDER BY account_id",
      )
      .all();
    expect(results).toEqual([
      { account_id: "a1", newest_at: 1700000000000, polled_at: 1700000300000, last_error: null, remote_cursor: null },
      {
        account_id: "a2",
        newest_at: null,
        polled_at: 1700000600000,
        last_error: "X answered HTTP 500",
        remote_cursor: null,
      },
    ]);
  });
});

import { migratedBefore } from "../test/migration-db";

/**
 * The migration database up to (not including) `next`, holding what an inbox item needs: user `u1`, workspace
 * `w1` and its Facebook Page `a1`. The inbox's migration tests add their items to it.
 */
export async function inboxAccountBefore(next: string): Promise<D1Database> {
  const db = await migratedBefore(next);
  await db.batch([
    db.prepare("INSERT INTO users (id, email, display_name, password_hash) VALUES ('u1', 'u1@example.com', 'U', 'x')"),
    db.prepare("INSERT INTO workspaces (id, name) VALUES ('w1', 'Shop')"),
    db.prepare(
      "INSERT INTO connected_accounts (id, workspace_id, user_id, platform, platform_user_id, username, display_name, account_type, access_token_enc) VALUES ('a1', 'w1', 'u1', 'facebook', 'p1', 'p', 'P', 'page', 'enc')",
    ),
  ]);
  return db;
}

import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { migratedBefore } from "../test/migration-db";

/** 0063 lists the short links' codes and bio pages' handles a database already holds in the directory's names. */
describe("migration 0063 on a database holding short links and a bio page", () => {
  it("lists each code and handle with its workspace, and keeps every row", async () => {
    const db = await migratedBefore("0063");
    await db.batch(
      [
        "INSERT INTO users (id, email, display_name, password_hash) VALUES ('u1', 'u1@example.com', 'U1', 'x')",
        "INSERT INTO workspaces (id, name) VALUES ('w1', 'Bakery'), ('w2', 'Florist')",
        "INSERT INTO connected_accounts (id, workspace_id, user_id, platform, platform_user_id, username, display_name, account_type, access_token_enc) VALUES ('a1', 'w1', 'u1', 'mastodon', 'm1', 'm', 'M', 'person', 'enc')",
        "INSERT INTO posts (id, workspace_id, user_id, content, status) VALUES ('p1', 'w1', 'u1', 'hello', 'published')",
        "INSERT INTO post_targets (id, post_id, workspace_id, platform, account_id, status) VALUES ('t1', 'p1', 'w1', 'mastodon', 'a1', 'published')",
        "INSERT INTO short_links (id, code, workspace_id, post_id, target_id, platform, slot, original, destination) VALUES ('l1', 'AbCdEfGhIj', 'w1', 'p1', 't1', 'mastodon', 'text:0', 'https://a.example', 'https://a.example')",
        "INSERT INTO bio_pages (workspace_id, handle, title, links, updated_at) VALUES ('w2', 'florist', 'Florist', '[]', 1700000000000)",
      ].map((sql) => db.prepare(sql)),
    );
    await applyD1Migrations(db, env.TEST_MIGRATIONS);

    const { results } = await db
      .prepare("SELECT kind, name, workspace_id FROM public_names ORDER BY kind")
      .all<{ kind: string; name: string; workspace_id: string }>();
    expect(results).toEqual([
      { kind: "bio", name: "florist", workspace_id: "w2" },
      { kind: "link", name: "AbCdEfGhIj", workspace_id: "w1" },
    ]);
    for (const table of ["short_links", "bio_pages", "workspaces"])
      expect((await db.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n).toBeGreaterThan(0);
  });
});

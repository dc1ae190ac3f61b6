import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { migratedBefore } from "../test/migration-db";

/**
 * Migrations 0038 to the newest, applied to a database that already holds a workspace's rows (as a deployed one
 * does): every row is still there, the columns they add take values that keep today's behaviour for old rows, and
 * the tables they add start empty. Each later migration that changes an existing table adds its case here.
 */
const FIRST = "0038";
const SEEDED = [
  "users",
  "workspaces",
  "workspace_members",
  "connected_accounts",
  "posts",
  "media",
  "oauth_states",
  "dev_mailbox",
];
const AT = 1_700_000_000_000;

async function seedAt0036(db: D1Database) {
  const rows: Array<[string, ...unknown[]]> = [
    ["INSERT INTO users (id, email, display_name, password_hash) VALUES ('u1', 'u1@example.com', 'U1', 'x')"],
    ["INSERT INTO workspaces (id, name) VALUES ('w1', 'Agency'), ('w2', 'Client')"],
    [
      "INSERT INTO workspace_members (workspace_id, user_id, role, joined_at) VALUES ('w1', 'u1', 'owner', ?1), ('w2', 'u1', 'owner', ?1)",
      AT,
    ],
    [
      "INSERT INTO connected_accounts (id, workspace_id, user_id, platform, platform_user_id, username, display_name, account_type, access_token_enc) VALUES ('a1', 'w1', 'u1', 'mastodon', 'm1', 'm', 'M', 'person', 'enc')",
    ],
    ["INSERT INTO posts (id, workspace_id, user_id, content, status) VALUES ('p1', 'w1', 'u1', 'hello', 'draft')"],
    [
      "INSERT INTO media (id, workspace_id, user_id, r2_key, original_name, filename, display_name, file_type, mime_type, format, size) VALUES ('m1', 'w1', 'u1', 'k', 'a.jpg', 'a.jpg', 'a', 'image', 'image/jpeg', 'jpg', 1)",
    ],
    [
      "INSERT INTO oauth_states (id, state_hash, workspace_id, user_id, session_id, platform, redirect_uri, expires_at) VALUES ('o1', 'h', 'w1', 'u1', 's', 'linkedin', 'http://localhost/cb', ?1)",
      AT,
    ],
    ["INSERT INTO dev_mailbox (id, to_address, subject, text) VALUES ('d1', 'u1@example.com', 'Reset', 'Code 1')"],
  ];
  for (const [sql, ...args] of rows)
    await db
      .prepare(sql)
      .bind(...args)
      .run();
}

const counts = async (db: D1Database) =>
  Object.fromEntries(
    await Promise.all(
      SEEDED.map(async (t) => [t, (await db.prepare(`SELECT count(*) AS n FROM "${t}"`).first<{ n: number }>())!.n]),
    ),
  );

describe(`migrations ${FIRST} onwards on a database holding rows`, () => {
  it("keep every row, give old rows the values that keep their behaviour, and add empty tables", async () => {
    const db = await migratedBefore(FIRST);
    await seedAt0036(db);
    const before = await counts(db);
    await applyD1Migrations(db, env.TEST_MIGRATIONS);

    expect(await counts(db)).toEqual(before);
    // 0040: workspaces made before it keep requiring media where a network needs it; 0049: none is archived.
    expect(
      (await db.prepare("SELECT id, media_required, archived_at FROM workspaces ORDER BY id").all()).results,
    ).toEqual([
      { id: "w1", media_required: 1, archived_at: null },
      { id: "w2", media_required: 1, archived_at: null },
    ]);
    // 0038/0044: a sign-in under way before them is a plain one (no instance, no client state to restore).
    expect(await db.prepare("SELECT instance, client_state_enc FROM oauth_states").first()).toEqual({
      instance: null,
      client_state_enc: null,
    });
    // 0046: an existing file is live (not a tombstone) and has no thumbnail yet, so grids fall back to it.
    expect(await db.prepare("SELECT thumb_key, deleted_at FROM media").first()).toEqual({
      thumb_key: null,
      deleted_at: null,
    });
    // 0066: a mail sent before it stays as it was, text only (no HTML part).
    expect(await db.prepare("SELECT text, html FROM dev_mailbox").first()).toEqual({ text: "Code 1", html: null });
    // The tables 0038-0048 add start empty, and take rows that point at the old ones.
    for (const table of ["instance_apps", "short_links", "feeds", "inbox_items", "categories", "bio_pages"])
      expect((await db.prepare(`SELECT count(*) AS n FROM "${table}"`).first<{ n: number }>())!.n, table).toBe(0);
    await db
      .prepare(
        "INSERT INTO categories (id, workspace_id, created_by, name, slots, min_gap_days) VALUES ('c1', 'w1', 'u1', 'Tips', '[]', 7)",
      )
      .run();
    expect(await db.prepare("SELECT name FROM categories WHERE workspace_id = 'w1'").first()).toEqual({ name: "Tips" });
    // 0064: an old post takes labels and its own link choices; a label's name is unique in its workspace by case.
    await db.batch([
      db.prepare("INSERT INTO labels (id, workspace_id, name, colour) VALUES ('l1', 'w1', 'Spring', '#2f855a')"),
      db.prepare("INSERT INTO post_labels (post_id, label_id, workspace_id) VALUES ('p1', 'l1', 'w1')"),
      db.prepare("INSERT INTO post_link_options (post_id, workspace_id, shorten) VALUES ('p1', 'w1', 0)"),
    ]);
    await expect(
      db.prepare("INSERT INTO labels (id, workspace_id, name, colour) VALUES ('l2', 'w1', 'SPRING', '#000000')").run(),
    ).rejects.toThrow(/UNIQUE/);
    expect(
      await db
        .prepare(
          "SELECT l.name, o.shorten, o.utm_campaign FROM post_labels pl JOIN labels l ON l.id = pl.label_id JOIN post_link_options o ON o.post_id = pl.post_id",
        )
        .first(),
    ).toEqual({ name: "Spring", shorten: 0, utm_campaign: null });
  });
});

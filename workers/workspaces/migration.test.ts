import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { expectRollupsExact } from "../analytics/fixture.test-helper";
import { createDb } from "../db/client";
import { emptyMigrationDb } from "../test/migration-db";

/**
 * Migration 0011 on a database with data: every row written with the pre-workspace schema (0000-0010)
 * ends up in its owner's personal workspace (id = the user's id), each user is that workspace's owner,
 * and nothing is lost — including the children of the tables that gained a workspace_id.
 */
const db = env.MIGRATION_DB;
const BEFORE = env.TEST_MIGRATIONS.filter((m) => m.name < "0011");
const run = (sql: string, ...args: unknown[]) =>
  db
    .prepare(sql)
    .bind(...args)
    .run();
const count = async (sql: string, ...args: unknown[]) =>
  (await db
    .prepare(sql)
    .bind(...args)
    .first<{ n: number }>())!.n;

const OWNED = [
  "connected_accounts",
  "posts",
  "media",
  "media_uploads",
  "ai_usage",
  "report_schedules",
  "report_files",
  "oauth_states",
] as const;
const RENAMED = [
  "post_targets",
  "account_metric_snapshots",
  "post_metric_snapshots",
  "post_metrics_current",
  "audience_snapshots",
  "synced_comments",
  "analytics_sync_state",
] as const;

async function seedUser(n: number) {
  const u = `user-${n}`;
  const at = 1_700_000_000_000 + n;
  await run(
    "INSERT INTO users (id, email, display_name, password_hash, timezone, created_at, updated_at) VALUES (?1, ?2, ?3, 'x', 'Europe/Berlin', ?4, ?4)",
    u,
    `u${n}@example.com`,
    `User ${n}`,
    at,
  );
  await run(
    "INSERT INTO connected_accounts (id, user_id, platform, platform_user_id, username, display_name, account_type, access_token_enc) VALUES (?1, ?2, 'linkedin', ?1, 'li', 'LI', 'person', 'enc')",
    `acc-${n}`,
    u,
  );
  // Tags as users type them: case, a leading #, spaces and a repeat count once per post (the hashtag rollup's backfill).
  await run(
    "INSERT INTO posts (id, user_id, content, hashtags, status) VALUES (?1, ?2, 'hello', ?3, 'published')",
    `post-${n}`,
    u,
    JSON.stringify(["Hello", ` #Tag${n}`, "hello"]),
  );
  await run(
    "INSERT INTO post_targets (id, post_id, user_id, platform, account_id, status, published_at) VALUES (?1, ?2, ?3, 'linkedin', ?4, 'published', ?5)",
    `target-${n}`,
    `post-${n}`,
    u,
    `acc-${n}`,
    at,
  );
  await run(
    "INSERT INTO media (id, user_id, r2_key, original_name, filename, display_name, file_type, mime_type, format, size) VALUES (?1, ?2, 'k', 'a.jpg', 'a.jpg', 'a', 'image', 'image/jpeg', 'jpg', 1)",
    `media-${n}`,
    u,
  );
  await run("INSERT INTO post_media (post_id, media_id, position) VALUES (?1, ?2, 0)", `post-${n}`, `media-${n}`);
  await run(
    "INSERT INTO media_uploads (id, user_id, r2_key, r2_upload_id, original_name, filename, size, part_size, folder) VALUES (?1, ?2, 'k', 'r2', 'b.mp4', 'b.mp4', 9, 5, 'general')",
    `upload-${n}`,
    u,
  );
  await run(
    "INSERT INTO ai_usage (id, user_id, feature, provider, model, latency_ms, success, created_at) VALUES (?1, ?2, 'generate', 'builtin', 'builtin', 5, 1, ?3)",
    `ai-${n}`,
    u,
    at,
  );
  await run(
    "INSERT INTO report_schedules (id, user_id, kind, format, frequency, weekday, hour) VALUES (?1, ?2, 'summary', 'pdf', 'weekly', 1, 9)",
    `schedule-${n}`,
    u,
  );
  await run(
    "INSERT INTO report_files (id, user_id, kind, format, r2_key, size, created_at) VALUES (?1, ?2, 'summary', 'pdf', 'k', 1, ?3)",
    `file-${n}`,
    u,
    at,
  );
  await run(
    "INSERT INTO oauth_states (id, state_hash, user_id, session_id, platform, redirect_uri, expires_at) VALUES (?1, ?1, ?2, 's', 'linkedin', 'r', ?3)",
    `state-${n}`,
    u,
    at,
  );
  await run(
    "INSERT INTO account_metric_snapshots (id, account_id, user_id, platform, taken_at, followers) VALUES (?1, ?2, ?3, 'linkedin', ?4, 10)",
    `as-${n}`,
    `acc-${n}`,
    u,
    at,
  );
  for (const k of [1, 2]) {
    await run(
      "INSERT INTO post_metric_snapshots (id, target_id, post_id, account_id, user_id, platform, taken_at, impressions, reach, likes, comments, shares, saves, clicks, video_views) VALUES (?1, ?2, ?3, ?4, ?5, 'linkedin', ?6, 1, 1, ?7, 0, 0, 0, 0, 0)",
      `ps-${n}-${k}`,
      `target-${n}`,
      `post-${n}`,
      `acc-${n}`,
      u,
      at + k,
      10 * k,
    );
  }
  await run(
    "INSERT INTO audience_snapshots (id, account_id, user_id, platform, taken_at, data) VALUES (?1, ?2, ?3, 'linkedin', ?4, '{}')",
    `aud-${n}`,
    `acc-${n}`,
    u,
    at,
  );
  await run(
    "INSERT INTO synced_comments (id, target_id, post_id, user_id, platform, remote_id, author, text, created_at, synced_at) VALUES (?1, ?2, ?3, ?4, 'linkedin', 'r', 'a', 't', ?5, ?5)",
    `sc-${n}`,
    `target-${n}`,
    `post-${n}`,
    u,
    at,
  );
  await run("INSERT INTO analytics_sync_state (account_id, user_id) VALUES (?1, ?2)", `acc-${n}`, u);
}

describe("migration 0011: personal workspaces", () => {
  it("moves every row of every user into their personal workspace, losing nothing", async () => {
    await emptyMigrationDb();
    await applyD1Migrations(db, BEFORE);
    for (const n of [1, 2, 3]) await seedUser(n);
    const rowsBefore: Record<string, number> = {};
    for (const table of [...OWNED, ...RENAMED, "post_media", "users"])
      rowsBefore[table] = await count(`SELECT count(*) AS n FROM ${table}`);

    await applyD1Migrations(db, env.TEST_MIGRATIONS);

    for (const table of [...OWNED, ...RENAMED, "post_media", "users"])
      expect(await count(`SELECT count(*) AS n FROM ${table}`), table).toBe(rowsBefore[table]);
    for (const n of [1, 2, 3]) {
      const u = `user-${n}`;
      expect(
        await db
          .prepare("SELECT id, name, timezone, personal_user_id, approval_required FROM workspaces WHERE id = ?")
          .bind(u)
          .first(),
      ).toEqual({
        id: u,
        name: `User ${n}'s workspace`,
        timezone: "Europe/Berlin",
        personal_user_id: u,
        approval_required: 0,
      });
      expect(
        (await db.prepare("SELECT user_id, role FROM workspace_members WHERE workspace_id = ?").bind(u).all()).results,
      ).toEqual([{ user_id: u, role: "owner" }]);
      // The author stays on the tables that kept user_id.
      for (const table of OWNED)
        expect(
          await count(`SELECT count(*) AS n FROM ${table} WHERE workspace_id = ?1 AND user_id = ?1`, u),
          table,
        ).toBe(1);
      for (const table of RENAMED)
        expect(await count(`SELECT count(*) AS n FROM ${table} WHERE workspace_id = ?`, u), table).toBe(
          table === "post_metric_snapshots" ? 2 : 1,
        );
    }
    expect(await count("SELECT count(*) AS n FROM workspaces")).toBe(3);
    expect(await count("SELECT count(*) AS n FROM workspace_members WHERE role = 'owner'")).toBe(3);
    // The analytics rollups' backfills (0018, 0021, 0023, 0024, 0025, 0026, 0028, 0030, 0033, 0076) equal a from-scratch recomputation.
    for (const n of [1, 2, 3]) await expectRollupsExact(createDb(db), `user-${n}`);
    expect(
      (
        await db
          .prepare("SELECT tag, targets, engagement FROM post_hashtag_daily WHERE workspace_id = ? ORDER BY tag")
          .bind("user-2")
          .all()
      ).results,
    ).toEqual([
      { tag: "hello", targets: 1, engagement: 20 },
      { tag: "tag2", targets: 1, engagement: 20 },
    ]);
    // The post's one image makes its LinkedIn target a single image; it went out in one quarter-hour.
    const one = async (query: string) => (await db.prepare(query).bind("user-2").all()).results;
    expect(
      await one("SELECT content_type, targets, engagement FROM post_content_daily WHERE workspace_id = ?"),
    ).toEqual([{ content_type: "single_image", targets: 1, engagement: 20 }]);
    expect(
      await one(
        "SELECT sum(j.value) AS n FROM post_published_daily p, json_each(p.targets) j WHERE p.workspace_id = ?",
      ),
    ).toEqual([{ n: 1 }]);
    // 0033's weekly best times hold the measured target once with its engagement.
    expect(
      await one(
        "SELECT sum(p.value) AS n, sum(e.value) AS engagement FROM post_best_times_weekly w, json_each(w.posts) p, json_each(w.engagement) e WHERE w.workspace_id = ? AND p.key = e.key",
      ),
    ).toEqual([{ n: 1, engagement: 20 }]);
  });

  it("0059: media already there stay library items, and a prepared copy outlives its deleted original", async () => {
    expect(
      await count("SELECT count(*) AS n FROM media WHERE variant_of IS NOT NULL OR prepared_for IS NOT NULL"),
    ).toBe(0);
    await run(
      `INSERT INTO media (id, workspace_id, user_id, r2_key, original_name, filename, display_name, file_type, mime_type, format, size, variant_of, prepared_for, crop)
       VALUES ('copy-3', 'user-3', 'user-3', 'k3', 'a.jpg', 'a.jpg', 'a', 'image', 'image/jpeg', 'jpg', 1, 'media-3', 'instagram', '{"x":0,"y":0,"width":1,"height":1}')`,
    );
    await run("DELETE FROM media WHERE id = 'media-3'");
    expect(await db.prepare("SELECT variant_of, prepared_for FROM media WHERE id = 'copy-3'").first()).toEqual({
      variant_of: null,
      prepared_for: "instagram",
    });
  });

  it("keeps the 0010 triggers working on the renamed columns", async () => {
    await run(
      "INSERT INTO post_metric_snapshots (id, target_id, post_id, account_id, workspace_id, platform, taken_at, impressions, reach, likes, comments, shares, saves, clicks, video_views) VALUES ('ps-1-3', 'target-1', 'post-1', 'acc-1', 'user-1', 'linkedin', ?1, 5, 5, 45, 0, 0, 0, 0, 0)",
      1_800_000_000_000,
    );
    expect(await db.prepare("SELECT likes_delta FROM post_metric_snapshots WHERE id = 'ps-1-3'").first()).toEqual({
      likes_delta: 25,
    });
    expect(
      await db
        .prepare("SELECT workspace_id, likes, snapshot_id FROM post_metrics_current WHERE target_id = 'target-1'")
        .first(),
    ).toEqual({ workspace_id: "user-1", likes: 45, snapshot_id: "ps-1-3" });
    // And the rollup triggers keep every rollup exact on the migrated schema.
    await expectRollupsExact(createDb(db), "user-1");
  });
});

import { env } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Migration 0053 on a table already holding items: the three action columns arrive empty (nothing hidden,
 * liked or deleted) and every item, its state and its reply stay as they were. Run on a scratch copy of
 * `inbox_items` as 0043 made it, in the migration database (the other migration suite owns its history).
 */
const db = env.MIGRATION_DB;
const SCRATCH = "inbox_items_before_0053";
const queriesOf = (prefix: string) => env.TEST_MIGRATIONS.find((m) => m.name.startsWith(prefix))!.queries;
const onScratch = (sql: string) => sql.replaceAll("`inbox_items`", `\`${SCRATCH}\``);

afterAll(async () => {
  await db.prepare(`DROP TABLE IF EXISTS ${SCRATCH}`).run();
});

describe("migration 0053 (inbox actions)", () => {
  it("keeps every item and adds the action columns empty", async () => {
    await db.prepare(`DROP TABLE IF EXISTS ${SCRATCH}`).run();
    const create = queriesOf("0043").find((q) => q.includes("CREATE TABLE `inbox_items`"))!;
    // The scratch copy stands alone: the tables its foreign keys name are not in this database.
    await db
      .prepare(
        onScratch(create)
          .replace(/\s*FOREIGN KEY[^\n]*/g, "")
          .replace(/,\s*\)\s*$/, "\n)"),
      )
      .run();
    for (let i = 0; i < 3; i++)
      await db
        .prepare(
          `INSERT INTO ${SCRATCH} (id, workspace_id, account_id, platform, remote_id, kind, author, text, created_at, received_at, status, reply_state, reply_text) VALUES (?1, 'ws', 'acc', 'facebook', ?2, 'comment', 'Ann', ?3, ?4, ?4, ?5, ?6, ?7)`,
        )
        .bind(
          `item-${i}`,
          `c-${i}`,
          `Comment ${i}`,
          1_700_000_000_000 + i,
          i === 2 ? "done" : "open",
          i === 2 ? "sent" : null,
          i === 2 ? "Thanks!" : null,
        )
        .run();
    for (const q of queriesOf("0053")) await db.prepare(onScratch(q)).run();
    const { results } = await db.prepare(`SELECT * FROM ${SCRATCH} ORDER BY id`).all();
    expect(results).toHaveLength(3);
    expect(results.map((r) => [r.id, r.text, r.status, r.reply_state, r.reply_text])).toEqual([
      ["item-0", "Comment 0", "open", null, null],
      ["item-1", "Comment 1", "open", null, null],
      ["item-2", "Comment 2", "done", "sent", "Thanks!"],
    ]);
    for (const r of results) expect([r.hidden_at, r.liked_at, r.deleted_at]).toEqual([null, null, null]);
  });
});

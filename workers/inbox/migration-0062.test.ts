import { env } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Migration 0062 on a table already holding items: comments and mentions keep everything and have no
 * conversation; the thread index takes only messages. Run on a scratch copy of `inbox_items` as 0043 and 0053
 * made it, in the migration database (the other migration suite owns its history).
 */
const db = env.MIGRATION_DB;
const SCRATCH = "inbox_items_before_0062";
const queriesOf = (prefix: string) => env.TEST_MIGRATIONS.find((m) => m.name.startsWith(prefix))!.queries;
const onScratch = (sql: string) =>
  sql.replaceAll("`inbox_items`", `\`${SCRATCH}\``).replaceAll('"inbox_items"', `"${SCRATCH}"`);

afterAll(async () => {
  await db.prepare(`DROP TABLE IF EXISTS ${SCRATCH}`).run();
});

describe("migration 0062 (direct message conversations)", () => {
  it("keeps every item, with no conversation, and threads new messages", async () => {
    await db.prepare(`DROP TABLE IF EXISTS ${SCRATCH}`).run();
    const create = queriesOf("0043").find((q) => q.includes("CREATE TABLE `inbox_items`"))!;
    await db
      .prepare(
        onScratch(create)
          .replace(/\s*FOREIGN KEY[^\n]*/g, "")
          .replace(/,\s*\)\s*$/, "\n)"),
      )
      .run();
    for (const q of queriesOf("0053")) await db.prepare(onScratch(q)).run();
    for (let i = 0; i < 2; i++)
      await db
        .prepare(
          `INSERT INTO ${SCRATCH} (id, workspace_id, account_id, platform, remote_id, kind, author, text, created_at, received_at, status, hidden_at) VALUES (?1, 'ws', 'acc', 'facebook', ?2, ?3, 'Ann', ?4, ?5, ?5, 'open', ?6)`,
        )
        .bind(`item-${i}`, `c-${i}`, i ? "mention" : "comment", `Text ${i}`, 1_700_000_000_000 + i, i ? null : 5)
        .run();
    for (const q of queriesOf("0062"))
      await db.prepare(onScratch(q).replace("inbox_items_conversation_idx", "scratch_conv_idx")).run();
    await db
      .prepare(
        `INSERT INTO ${SCRATCH} (id, workspace_id, account_id, platform, remote_id, kind, author, text, created_at, received_at, conversation_id) VALUES ('dm', 'ws', 'acc', 'facebook', 'm_1', 'message', 'Kim', 'Hi', 1, 1, '7123')`,
      )
      .run();
    const { results } = await db
      .prepare(`SELECT id, kind, text, hidden_at, conversation_id FROM ${SCRATCH} ORDER BY id`)
      .all();
    expect(results).toEqual([
      { id: "dm", kind: "message", text: "Hi", hidden_at: null, conversation_id: "7123" },
      { id: "item-0", kind: "comment", text: "Text 0", hidden_at: 5, conversation_id: null },
      { id: "item-1", kind: "mention", text: "Text 1", hidden_at: null, conversation_id: null },
    ]);
    await db.prepare("DROP INDEX IF EXISTS scratch_conv_idx").run();
  });
});

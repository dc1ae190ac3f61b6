import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { createDb } from "./client";
import { fromJsonRow, jsonRow } from "./json-rows";
import { renderedStatement } from "./rendered";

/** Every column mode the schema uses, under names that differ from their keys. */
const sample = sqliteTable("json_rows_sample", {
  id: text("id").primaryKey(),
  tags: text("tags_json", { mode: "json" }).$type<string[]>(),
  detail: text("detail_json", { mode: "json" }).$type<{ n: number; note: string | null }>(),
  enabled: integer("is_enabled", { mode: "boolean" }),
  at: integer("at_ms"),
  score: real("score"),
  note: text("note"),
});

async function seed(db: ReturnType<typeof createDb>) {
  await db.run(sql`CREATE TABLE IF NOT EXISTS json_rows_sample (id TEXT PRIMARY KEY, tags_json TEXT,
    detail_json TEXT, is_enabled INTEGER, at_ms INTEGER, score REAL, note TEXT)`);
  await db
    .insert(sample)
    .values([
      {
        id: "a",
        tags: ["x", 'say "hi"'],
        detail: { n: 2, note: null },
        enabled: true,
        at: 1_764_000_000_123,
        score: 0.25,
        note: "line\nbreak",
      },
      { id: "b", tags: [], detail: null, enabled: false, at: null, score: null, note: null },
    ])
    .onConflictDoNothing();
}

describe("rows read as JSON", () => {
  it("decode to what drizzle's own select gives, nulls and quotes included", async () => {
    const db = createDb(env.DB);
    await seed(db);
    const own = await db.select().from(sample).orderBy(sample.id);
    const asJson = await db.all<{ row: string }>(sql`SELECT ${jsonRow(sample)} AS row FROM ${sample} ORDER BY id`);
    expect(asJson.map(({ row }) => fromJsonRow(sample, JSON.parse(row)))).toEqual(own);
  });

  it("a statement rendered once is bound anew on every call, and refuses a value that is not a placeholder", async () => {
    await seed(createDb(env.DB));
    const byId = (id: string) =>
      renderedStatement(
        env.DB,
        "json-rows.test:by-id",
        () => sql`SELECT ${jsonRow(sample)} AS row FROM ${sample} WHERE ${sample.id} = ${sql.placeholder("id")}`,
        { id },
      ).first<{ row: string }>();
    const ids = await Promise.all(
      ["a", "b"].map(async (id) => fromJsonRow(sample, JSON.parse((await byId(id))!.row)).id),
    );
    expect(ids).toEqual(["a", "b"]);
    expect(() => renderedStatement(env.DB, "json-rows.test:literal", () => sql`SELECT ${"bound"}`, {})).toThrow(
      "binds a value that is not a placeholder",
    );
  });
});

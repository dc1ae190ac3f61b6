import { describe, expect, it } from "vitest";
import { schemaTables, tablesWritten, tableWriters } from "./table-writers.ts";

const tables = schemaTables([
  'export const postTargets = sqliteTable(\n  "post_targets",\n  {})',
  'export const posts = sqliteTable("posts", {})',
]);

describe("table writers", () => {
  it("reads drizzle's table names from the schema", () => {
    expect([...tables]).toEqual([
      ["postTargets", "post_targets"],
      ["posts", "posts"],
    ]);
  });

  it("finds drizzle writes and SQL writes, not reads", () => {
    expect(tablesWritten("await db.update(postTargets).set({ status })", tables)).toEqual(["post_targets"]);
    expect(tablesWritten("db.insert(posts).values(row); db.select().from(postTargets)", tables)).toEqual(["posts"]);
    expect(tablesWritten('d1.prepare("UPDATE post_targets SET x = 1")', tables)).toEqual(["post_targets"]);
    expect(tablesWritten("`INSERT OR IGNORE INTO posts (id) VALUES (?)`", tables)).toEqual(["posts"]);
    expect(tablesWritten('"DELETE FROM post_targets WHERE id = ?"', tables)).toEqual(["post_targets"]);
    expect(tablesWritten('"SELECT * FROM post_targets"; seen.delete(postId)', tables)).toEqual([]);
  });

  it("post_targets' writers are listed from the code: one file of publishing", () => {
    const writers = tableWriters();
    expect(writers.post_targets).toEqual(["workers/publishing/target-writes.ts"]);
    expect(writers.api_version_notices).toEqual(["workers/accounts/connection-health.ts"]);
  });
});

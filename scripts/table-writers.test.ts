import { describe, expect, it } from "vitest";
import { ruleBreaks, schemaTables, TARGET_WRITER, tablesWritten, tableWriters } from "./table-writers.ts";

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

  it("lists the writers from the code: post_targets has one file, and the code keeps the rule", () => {
    const writers = tableWriters();
    expect(writers.post_targets).toEqual([TARGET_WRITER]);
    expect(writers.api_version_notices).toEqual(["workers/accounts/connection-health.ts"]);
    expect(ruleBreaks(writers)).toEqual([]);
  });

  it("fails a table written by a second module, naming the modules and files", () => {
    const breaks = ruleBreaks({ media: ["workers/media/library.ts", "workers/publishing/holds.ts"] });
    expect(breaks).toHaveLength(1);
    expect(breaks[0]).toContain("media is written by 2 modules (media, publishing)");
    expect(breaks[0]).toContain("workers/publishing/holds.ts");
  });

  it("lets one module write a table from several files", () => {
    expect(ruleBreaks({ feeds: ["workers/feeds/store.ts", "workers/feeds/checks.ts"] })).toEqual([]);
  });

  it("fails a second file writing post_targets, even inside publishing", () => {
    expect(ruleBreaks({ post_targets: [TARGET_WRITER, "workers/publishing/claim.ts"] })).toEqual([
      `✗ post_targets is written only by ${TARGET_WRITER} (ADR 080): workers/publishing/claim.ts must ask it instead`,
    ]);
  });

  it("allows the targets' file to write posts (their derived status), and no other file of publishing", () => {
    expect(ruleBreaks({ posts: ["workers/posts/store.ts", TARGET_WRITER] })).toEqual([]);
    expect(ruleBreaks({ posts: ["workers/posts/store.ts", TARGET_WRITER, "workers/publishing/claim.ts"] })).toEqual([
      expect.stringContaining("posts is written by 2 modules (posts, publishing)"),
    ]);
    expect(ruleBreaks({ media: ["workers/media/library.ts", TARGET_WRITER] })).toHaveLength(1);
  });
});

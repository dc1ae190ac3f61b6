import { describe, expect, it } from "vitest";
import { crossing, tablesRead } from "./shard-joins.ts";
import { schemaTables } from "./table-writers.ts";

const tables = schemaTables([
  'export const users = sqliteTable("users", {})',
  'export const inboxNotes = sqliteTable("inbox_notes", {})',
  'export const workspaces = sqliteTable("workspaces", {})',
]);

describe("shard joins", () => {
  it("finds drizzle's reads and SQL text's, not writes", () => {
    expect(tablesRead("db.select().from(inboxNotes).innerJoin(users, eq(users.id, x))", tables)).toEqual([
      "inbox_notes",
      "users",
    ]);
    expect(
      tablesRead('d1.prepare("SELECT n.text FROM inbox_notes n JOIN users u ON u.id = n.user_id")', tables),
    ).toEqual(["inbox_notes", "users"]);
    expect(tablesRead(`sql\`SELECT 1 FROM \${inboxNotes} n JOIN \${users} u ON u.id = n.user_id\``, tables)).toEqual([
      "inbox_notes",
      "users",
    ]);
    expect(tablesRead("db.update(users).set({ x }); // read from the directory", tables)).toEqual([]);
  });

  it("refuses a file that reads the directory beside a shard, and allows either alone", () => {
    expect(crossing("workers/inbox/team-store.ts", ["inbox_notes", "users"])).toContain(
      "reads the directory's users beside the shard's inbox_notes",
    );
    expect(crossing("workers/tenancy/people.ts", ["users", "workspaces"])).toBeNull();
    expect(crossing("workers/inbox/team-store.ts", ["inbox_notes"])).toBeNull();
  });
});

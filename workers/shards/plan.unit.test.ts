import { describe, expect, it } from "vitest";
import { insertStatements } from "./inserts";
import { planMove, type TableShape, triggerWrites, workspaceParams } from "./plan";

const table = (name: string, columns: string[], foreignKeys: TableShape["foreignKeys"] = []): TableShape => ({
  name,
  columns,
  primaryKey: columns.includes("id") ? ["id"] : [],
  foreignKeys,
});

const shapes: TableShape[] = [
  table("post_targets", ["id", "post_id", "workspace_id"], [{ table: "posts", from: "post_id", to: "id" }]),
  table("publish_attempts", ["id", "target_id"], [{ table: "post_targets", from: "target_id", to: "id" }]),
  table("posts", ["id", "workspace_id", "user_id"], [{ table: "users", from: "user_id", to: "id" }]),
  table("post_metrics_daily", ["workspace_id", "day"]),
  table("users", ["id", "email"]),
  table("api_keys", ["id", "workspace_id"]),
  table("emu_objects", ["id", "workspace_id"]),
  table("scheduler_runs", ["id"]),
];
const trigger =
  "CREATE TRIGGER t AFTER UPDATE OF `status` ON `post_targets` BEGIN INSERT INTO `post_metrics_daily` (x) VALUES (1); UPDATE post_targets SET x = 1; END";

describe("a move's plan, from the shard's schema (ADR 082)", () => {
  const plan = planMove(shapes, [trigger]);

  it("moves the workspace's tables and their children, parents first, trigger-written tables last", () => {
    expect(plan.tables.map((t) => [t.table, t.derived])).toEqual([
      ["posts", false],
      ["post_targets", false],
      ["publish_attempts", false],
      ["post_metrics_daily", true],
    ]);
  });

  it("selects a child's rows through its parent, with the workspace id as the only parameter", () => {
    const attempts = plan.tables.find((t) => t.table === "publish_attempts")!;
    expect(attempts.where).toBe('"target_id" IN (SELECT "id" FROM "post_targets" WHERE workspace_id = ?)');
    expect(workspaceParams(attempts.where, "w1")).toEqual(["w1"]);
    expect(plan.tables.find((t) => t.table === "post_metrics_daily")!.key).toEqual(["rowid"]);
  });

  it("leaves the directory's, the emulator's and per-database tables, and names the users the rows reference", () => {
    expect(plan.anchors).toEqual([
      {
        table: "users",
        idsSql: 'SELECT DISTINCT "user_id" AS id FROM "posts" WHERE (workspace_id = ?) AND "user_id" IS NOT NULL',
      },
    ]);
  });

  it("reads which table a trigger fires on and which others it writes", () => {
    expect(triggerWrites(trigger)).toEqual({ on: "post_targets", writes: ["post_metrics_daily"] });
  });

  it("splits inserts so no statement binds more than 100 parameters", () => {
    const rows = Array.from({ length: 45 }, (_, i) => [i, "a", "b", "c", "d", "e", "f"]);
    const statements = insertStatements("t", ["a", "b", "c", "d", "e", "f", "g"], rows, { orReplace: true });
    expect(statements.map((s) => s.params.length)).toEqual([98, 98, 98, 21]);
    expect(statements[0]!.sql.startsWith('INSERT OR REPLACE INTO "t" ("a", "b"')).toBe(true);
  });
});

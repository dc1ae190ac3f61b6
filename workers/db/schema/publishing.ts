import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ms } from "./columns";

/** One row per claim run (cron or a user's trigger), for /api/scheduler/status and lag measurements. */
export const schedulerRuns = sqliteTable(
  "scheduler_runs",
  {
    id: text("id").primaryKey(),
    /** cron | trigger */
    kind: text("kind").notNull(),
    /** The workspace of a `trigger` run. */
    workspaceId: text("workspace_id"),
    startedAt: ms("started_at").notNull(),
    durationMs: integer("duration_ms").notNull(),
    claimed: integer("claimed").notNull(),
  },
  (t) => [index("scheduler_runs_started_idx").on(t.startedAt)],
);

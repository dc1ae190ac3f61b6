import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { connectedAccounts } from "./accounts";
import { ms } from "./columns";
import { workspaces } from "./workspaces";

/**
 * An account's posting queue (ADR 022): its weekly slots as wall times in `timezone` (the workspace's
 * when null), and whether it is paused (the cron then claims none of the account's targets).
 */
export const accountQueues = sqliteTable(
  "account_queues",
  {
    accountId: text("account_id")
      .primaryKey()
      .references(() => connectedAccounts.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    timezone: text("timezone"),
    /** [{ day: 1–7 (Monday first), time: "HH:MM" }], sorted. */
    slots: text("slots", { mode: "json" }).$type<Array<{ day: number; time: string }>>().notNull().default(sql`'[]'`),
    paused: integer("paused", { mode: "boolean" }).notNull().default(false),
    updatedAt: ms("updated_at").notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index("account_queues_workspace_idx").on(t.workspaceId)],
);

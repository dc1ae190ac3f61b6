import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ms } from "./columns";

/**
 * The dashboard's answer of a workspace while it is fresh (SPEC: cached 30 s, cleared by the writes it shows), kept
 * with the workspace's data (ADR 133). One row a workspace, replaced by the next answer.
 */
export const dashboardCache = sqliteTable("dashboard_cache", {
  workspaceId: text("workspace_id").primaryKey(),
  /** The answer as JSON. */
  body: text("body").notNull(),
  expiresAt: ms("expires_at").notNull(),
});

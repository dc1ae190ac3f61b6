import { type SQL, sql } from "drizzle-orm";
import { dashboardCache } from "../db/schema/index";

/**
 * The kept answer, while fresh, of the workspace a page request names (`workspaceId`, unconfirmed) as one row of `id`
 * and `body` (null: none kept): a query for the session's batch (ADR 050), so only where the workspace's data shares
 * the directory's database. Its answer is used only when the page's confirmed workspace is that one.
 */
export function keptDashboardRead(workspaceId: string, now: number): SQL {
  return sql`SELECT ${workspaceId} AS id, (SELECT ${dashboardCache.body} FROM ${dashboardCache}
    WHERE ${dashboardCache.workspaceId} = ${workspaceId} AND ${dashboardCache.expiresAt} > ${now}) AS body`;
}

/** `keptDashboardRead`'s row by workspace: its kept text, or null for none. */
export const keptDashboardsOfRows = (rows: unknown[]): Map<string, string | null> =>
  new Map((rows as Array<{ id: string; body: string | null }>).map((r) => [r.id, r.body]));

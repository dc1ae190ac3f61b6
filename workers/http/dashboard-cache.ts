import { and, eq, gt } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Db } from "../db/client";
import { dashboardCache } from "../db/schema/index";
import type { AppEnv } from "./app-env";
import { isSafeMethod } from "./origin";

/**
 * The dashboard's answer per workspace, kept 30 s in the workspace's own database (ADR 133). In the kernel because
 * writes in every module clear it (posts, media, approvals, an analytics sync), while the dashboard itself reads
 * those modules. A clear is a row deleted, so every Worker everywhere misses at once (the Cache API's delete only
 * reached its own data centre), and on one database a page reads it in the session's batch.
 */
export const DASHBOARD_TTL_MS = 30_000;

/** The workspace's kept answer while fresh, as its JSON text; null when there is none. */
export async function keptDashboard(db: Db, workspaceId: string, now: number): Promise<string | null> {
  const [row] = await db
    .select({ body: dashboardCache.body })
    .from(dashboardCache)
    .where(and(eq(dashboardCache.workspaceId, workspaceId), gt(dashboardCache.expiresAt, now)));
  return row?.body ?? null;
}

/** Keeps `data` as the workspace's answer for the next 30 s. */
export async function keepDashboard(db: Db, workspaceId: string, data: unknown, now: number): Promise<void> {
  const kept = { body: JSON.stringify(data), expiresAt: now + DASHBOARD_TTL_MS };
  await db
    .insert(dashboardCache)
    .values({ workspaceId, ...kept })
    .onConflictDoUpdate({ target: dashboardCache.workspaceId, set: kept });
}

/** Clears a workspace's kept dashboard; writes that change what it shows call this. */
export async function invalidateDashboard(db: Db, workspaceId: string): Promise<void> {
  await db.delete(dashboardCache).where(eq(dashboardCache.workspaceId, workspaceId));
}

/** After a successful write (posts, media), the next dashboard load recomputes instead of serving the kept one. */
export const invalidateDashboardAfterWrites = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!isSafeMethod(c.req.method) && c.res.ok && c.var.workspace)
    await c.var.services.dashboard.forget(c.var.workspace.id);
});

import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env";
import { cachedJson, cacheJson, cacheKey, uncache } from "./json-cache";
import { isSafeMethod } from "./origin";

/**
 * The dashboard's answer per workspace, kept 30 s in the Workers Cache API. In the kernel because writes in every
 * module clear it (posts, media, approvals, an analytics sync), while the dashboard itself reads those modules.
 */
export const DASHBOARD_TTL_SECONDS = 30;
const dashboardKey = (workspaceId: string) => cacheKey("dashboard", workspaceId);

export const cachedDashboardOf = <T>(workspaceId: string): Promise<T | null> =>
  cachedJson<T>(dashboardKey(workspaceId));

export const cacheDashboard = (workspaceId: string, data: unknown): Promise<void> =>
  cacheJson(dashboardKey(workspaceId), data, DASHBOARD_TTL_SECONDS);

/** Clears a workspace's cached dashboard; writes that change what it shows call this. */
export const invalidateDashboard = (workspaceId: string): Promise<void> => uncache(dashboardKey(workspaceId));

/** After a successful write (posts, media), the next dashboard load recomputes instead of serving the 30 s cache. */
export const invalidateDashboardAfterWrites = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!isSafeMethod(c.req.method) && c.res.ok && c.var.workspace) await invalidateDashboard(c.var.workspace.id);
});

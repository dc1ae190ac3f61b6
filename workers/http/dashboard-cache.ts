import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env";
import { isSafeMethod } from "./origin";

/**
 * The dashboard's answer per workspace, kept 30 s in the Workers Cache API. In the kernel because writes in every
 * module clear it (posts, media, approvals, an analytics sync), while the dashboard itself reads those modules.
 */
export const DASHBOARD_TTL_SECONDS = 30;
/** The Workers Cache API (the DOM lib in tsconfig hides `caches.default`). */
const cache = () => (caches as unknown as { default: Cache }).default;
const cacheKey = (workspaceId: string) =>
  `https://cache.postline.internal/dashboard/${encodeURIComponent(workspaceId)}`;

export async function cachedDashboardOf<T>(workspaceId: string): Promise<T | null> {
  const hit = await cache().match(cacheKey(workspaceId));
  return hit ? ((await hit.json()) as T) : null;
}

export async function cacheDashboard(workspaceId: string, data: unknown): Promise<void> {
  await cache().put(
    cacheKey(workspaceId),
    new Response(JSON.stringify(data), {
      headers: { "Content-Type": "application/json", "Cache-Control": `max-age=${DASHBOARD_TTL_SECONDS}` },
    }),
  );
}

/** Clears a workspace's cached dashboard; writes that change what it shows call this. */
export async function invalidateDashboard(workspaceId: string): Promise<void> {
  await cache().delete(cacheKey(workspaceId));
}

/** After a successful write (posts, media), the next dashboard load recomputes instead of serving the 30 s cache. */
export const invalidateDashboardAfterWrites = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!isSafeMethod(c.req.method) && c.res.ok && c.var.workspace) await invalidateDashboard(c.var.workspace.id);
});

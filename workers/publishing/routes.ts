import { Hono } from "hono";
import { z } from "zod";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { idempotent } from "../http/idempotency";
import { readJson } from "../http/validate";
import { requirePermission } from "../tenancy/middleware";
import { claimDueTargets } from "./claim";
import { leasesFrom } from "./lease";
import { schedulerStatus, upcomingTargets } from "./status";

export const schedulerRoutes = new Hono<SignedInEnv>()
  .get("/status", requirePermission("workspace.read"), async (c) => {
    const { services } = c.var;
    return ok(
      c,
      await schedulerStatus(
        services.db,
        c.var.workspace.id,
        services.now(),
        leasesFrom(services.config.PUBLISH_LEASE_SECONDS),
      ),
    );
  })
  .get("/upcoming", requirePermission("workspace.read"), async (c) => {
    const { services } = c.var;
    return ok(c, { upcoming: await upcomingTargets(services.db, c.var.workspace.id, services.now()) });
  })
  .post("/trigger", requirePermission("posts.publish"), idempotent(), async (c) => {
    const { services } = c.var;
    const result = await claimDueTargets(
      { db: services.db, d1: services.d1, queue: services.queues.publish, now: services.now },
      { kind: "trigger", workspaceId: c.var.workspace.id },
    );
    return ok(
      c,
      { claimed: result.claimed },
      `Queued ${result.claimed} due post${result.claimed === 1 ? "" : "s"} for publishing`,
    );
  });

export const seenBody = z.object({ targetIds: z.array(z.string().max(64)).max(100) });

/** Failed channels the user has not been shown yet; the app toasts them on the next visit. */
export const notificationRoutes = new Hono<SignedInEnv>()
  .get("/failures", requirePermission("workspace.read"), async (c) =>
    ok(c, { failures: await c.var.services.publishing.unseenFailures(c.var.workspace.id) }),
  )
  .post("/failures/seen", requirePermission("notifications.dismiss"), async (c) => {
    const { targetIds } = await readJson(c, seenBody);
    await c.var.services.publishing.markFailuresSeen(c.var.workspace.id, targetIds);
    return ok(c, null, "OK");
  });

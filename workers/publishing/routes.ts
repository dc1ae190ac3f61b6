import { Hono } from "hono";
import { z } from "zod";
import { readJson } from "../http/validate";
import { requireAuth } from "../auth/middleware";
import type { AppEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { claimDueTargets } from "./claim";
import { leasesFrom } from "./lease";
import { schedulerStatus, upcomingTargets } from "./scheduler";

export const schedulerRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/status", async (c) => {
    const { services } = c.var;
    return ok(c, await schedulerStatus(services.db, c.var.auth!.user.id, services.now(), leasesFrom(services.config.PUBLISH_LEASE_SECONDS)));
  })
  .get("/upcoming", async (c) => {
    const { services } = c.var;
    return ok(c, { upcoming: await upcomingTargets(services.db, c.var.auth!.user.id, services.now()) });
  })
  .post("/trigger", async (c) => {
    const { services } = c.var;
    const result = await claimDueTargets(
      { db: services.db, d1: services.env.DB, queue: services.env.PUBLISH_QUEUE, now: services.now },
      { kind: "trigger", userId: c.var.auth!.user.id },
    );
    return ok(c, { claimed: result.claimed }, `Queued ${result.claimed} due post${result.claimed === 1 ? "" : "s"} for publishing`);
  });

const seenBody = z.object({ targetIds: z.array(z.string().max(64)).max(100) });

/** Failed channels the user has not been shown yet; the app toasts them on the next visit. */
export const notificationRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/failures", async (c) => ok(c, { failures: await c.var.services.publishing.unseenFailures(c.var.auth!.user.id) }))
  .post("/failures/seen", async (c) => {
    const { targetIds } = await readJson(c, seenBody);
    await c.var.services.publishing.markFailuresSeen(c.var.auth!.user.id, targetIds);
    return ok(c, null, "OK");
  });

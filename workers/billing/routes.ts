import { Hono } from "hono";
import { requireAuth } from "../auth/middleware";
import { billingInterest } from "../db/schema/index";
import type { AppEnv } from "../http/app-env";
import { ok } from "../http/envelope";

/** /api/billing: billing is not offered yet; a user can ask to be told when it is. */
export const billingRoutes = new Hono<AppEnv>().use(requireAuth).post("/notify", async (c) => {
  await c.var.services.db.insert(billingInterest).values({ userId: c.var.auth!.user.id }).onConflictDoNothing();
  return ok(c, null, "You'll be notified when billing features are available!");
});

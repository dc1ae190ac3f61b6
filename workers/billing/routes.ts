import { Hono } from "hono";
import { billingInterest } from "../db/schema/index";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { requirePermission, SELF } from "../workspaces/middleware";

/** /api/billing: billing is not offered yet; a user can ask to be told when it is. */
export const billingRoutes = new Hono<SignedInEnv>().post("/notify", requirePermission(SELF), async (c) => {
  await c.var.services.directory.insert(billingInterest).values({ userId: c.var.auth.user.id }).onConflictDoNothing();
  return ok(c, null, "You'll be notified when billing features are available!");
});

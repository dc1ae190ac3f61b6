import { Hono } from "hono";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { requirePermission, SELF } from "../tenancy/middleware";
import { BILLING_NOTIFY_MESSAGE, registerBillingInterest } from "./interest";

/** /api/billing: billing is not offered yet; a user can ask to be told when it is. */
export const billingRoutes = new Hono<SignedInEnv>().post("/notify", requirePermission(SELF), async (c) => {
  await registerBillingInterest(c.var.services.directory, c.var.auth.user.id);
  return ok(c, null, BILLING_NOTIFY_MESSAGE);
});

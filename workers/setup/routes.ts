import { Hono } from "hono";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { describeRoute as d } from "../http/route-registry";
import { requirePermission } from "../tenancy/middleware";
import { checkSetup } from "./check";

d({
  method: "get",
  path: "/api/setup/check",
  tag: "Settings",
  summary:
    "The going-live check: mode, secrets, origin and each platform's credentials, redirect URI and scopes, with a fix per problem (owners and admins)",
});

/** /api/setup: the going-live check of Settings → Developer, for owners and admins. */
export const setupRoutes = new Hono<SignedInEnv>().get("/check", requirePermission("workspace.settings"), (c) =>
  ok(c, checkSetup({ ...c.env }, { origin: new URL(c.req.url).origin })),
);

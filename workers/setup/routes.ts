import { Hono } from "hono";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { requirePermission } from "../workspaces/middleware";
import { checkSetup } from "./check";

/** /api/setup: the going-live check of Settings → Developer, for owners and admins. */
export const setupRoutes = new Hono<SignedInEnv>().get("/check", requirePermission("workspace.settings"), (c) =>
  ok(c, checkSetup({ ...c.env }, { origin: new URL(c.req.url).origin })),
);

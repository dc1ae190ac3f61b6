import { Hono } from "hono";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { describeRoute } from "../http/route-registry";
import { membershipsOf, membershipsQuery } from "../tenancy/membership";
import { requirePermission, SELF } from "../tenancy/middleware";
import { AgencyData } from "./schemas";
import { agencyOverview } from "./service";

describeRoute({
  method: "get",
  path: "/api/agency",
  tag: "Workspaces",
  summary:
    "Across every workspace the caller belongs to: posts waiting for approval or held for a client's changes (where the caller approves), upcoming posts and recent failures, each labelled with its workspace (an API key: its own workspace only)",
  data: AgencyData,
});

/** /api/agency: the agency view; acting on an item goes to its workspace's own routes (X-Workspace-Id). */
export const agencyRoutes = new Hono<SignedInEnv>().get("/", requirePermission(SELF), async (c) => {
  const { services, auth, apiKey, workspace } = c.var;
  // A key acts in its own workspace only (ADR 009): it never reads across the owner's other workspaces.
  const workspaces = apiKey ? [workspace] : membershipsOf(await services.directory.all(membershipsQuery(auth.user.id)));
  return ok(c, await agencyOverview(services.env, workspaces, services.now()));
});

import { Hono } from "hono";
import { z } from "zod";
import { shardSizes } from "../db/placement";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { describeRoute as d } from "../http/route-registry";
import { requirePermission } from "../tenancy/middleware";
import { checkSetup } from "./check";

const Problem = z.object({ problem: z.string(), fix: z.string() });
/** The going-live report (check.ts SetupReport): per-platform and per-version details are open objects. */
const SetupReport = z.object({
  ready: z.boolean(),
  mode: z.string(),
  appOrigin: z.string(),
  problems: z.array(Problem),
  platforms: z.array(z.looseObject({ platform: z.string() })),
  versions: z.array(z.looseObject({})),
  fixedVersions: z.unknown(),
  shards: z.array(
    z.object({ shard: z.string(), bytes: z.number(), share: z.number(), warning: z.string().optional() }),
  ),
});

d({
  method: "get",
  path: "/api/setup/check",
  tag: "Settings",
  summary:
    "The going-live check: mode, secrets, origin, each platform's credentials, redirect URI and scopes, with a fix per problem, and each workspace database's size against D1's limit (owners and admins)",
  data: SetupReport,
});

/** /api/setup: the going-live check of Settings → Developer, for owners and admins. */
export const setupRoutes = new Hono<SignedInEnv>().get("/check", requirePermission("workspace.settings"), async (c) =>
  ok(c, checkSetup({ ...c.env }, { origin: new URL(c.req.url).origin, shards: await shardSizes(c.env) })),
);

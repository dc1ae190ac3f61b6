import { Hono } from "hono";
import { z } from "zod";
import { parseConfig } from "../env";
import { Forbidden } from "../errors";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { describeRoute as d } from "../http/route-registry";
import { readJson } from "../http/validate";
import { requirePermission, SELF } from "../tenancy/middleware";
import { moveWorkspace } from "./move";

export const moveInput = z.object({ shard: z.string().trim().min(1, "Name the shard to move the workspace to.") });

const MoveAnswer = z.object({
  outcome: z.enum(["moved", "already_there", "rolled_back"]),
  message: z.string(),
  from: z.string(),
  to: z.string(),
  tables: z.array(z.object({ table: z.string(), rows: z.number(), copy: z.number().optional() })),
});

d({
  method: "post",
  path: "/api/operator/workspaces/{id}/move",
  tag: "Operators",
  summary:
    "Move a workspace's data to another shard, or resume or roll back a move a crash interrupted (deployment operators listed in OPERATOR_EMAILS, signed in; not API keys)",
  body: moveInput,
  data: MoveAnswer,
  errors: [403, 404, 409],
});

export const OPERATOR_REFUSAL = "Only an operator of this deployment can move a workspace between databases.";

/**
 * /api/operator: deployment-wide operations, for the people OPERATOR_EMAILS lists, not for a workspace's roles. A
 * session is required (SELF refuses API keys on writes), so the operator's own password guards it.
 */
export const operatorRoutes = new Hono<SignedInEnv>().post(
  "/workspaces/:id/move",
  requirePermission(SELF),
  async (c) => {
    if (!parseConfig(c.env).OPERATOR_EMAILS.includes(c.var.auth.user.email.toLowerCase()))
      throw new Forbidden(OPERATOR_REFUSAL);
    const { shard } = await readJson(c, moveInput);
    const result = await moveWorkspace(c.env, c.req.param("id"), shard, { now: c.var.services.now });
    return ok(c, result, result.message);
  },
);

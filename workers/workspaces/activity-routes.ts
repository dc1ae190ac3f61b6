import { Hono } from "hono";
import { z } from "zod";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { describeRoute, Pagination } from "../http/route-registry";
import { parseOrThrow } from "../http/validate";
import { requirePermission } from "../tenancy/middleware";
import { ACTIVITY_ACTIONS } from "./activity-actions";

/** Both the table and its CSV can be narrowed to one kind of action and one member. */
export const activityFilter = z.object({
  action: z.enum(ACTIVITY_ACTIONS, { error: `Choose one of: ${ACTIVITY_ACTIONS.join(", ")}.` }).optional(),
  userId: z.string().min(1).max(64).optional(),
});
export const activityQuery = activityFilter.extend({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const tag = "Workspaces";
const ActivityPage = z.object({
  entries: z.array(
    z.object({
      id: z.string(),
      at: z.string(),
      who: z.object({ id: z.string(), displayName: z.string(), email: z.string().nullable() }).nullable(),
      action: z.enum(ACTIVITY_ACTIONS),
      subject: z.string(),
      subjectId: z.string().nullable(),
      summary: z.string(),
    }),
  ),
  pagination: Pagination,
});
describeRoute({
  method: "get",
  path: "/api/workspaces/{id}/activity",
  tag,
  summary:
    "The activity log: who did what, and when: posts, approvals and clients' reviews, members, invitations, settings, client links, webhooks, API keys and accounts (owner, admin)",
  query: activityQuery,
  data: ActivityPage,
});
describeRoute({
  method: "get",
  path: "/api/workspaces/{id}/activity.csv",
  tag,
  summary: "The activity log as CSV (owner, admin), narrowed like the table",
  query: activityFilter,
  file: ["text/csv"],
});

/** Mounted at /api/workspaces: the path names the workspace, which the middleware has resolved. */
export const activityRoutes = new Hono<SignedInEnv>()
  .get("/:id/activity", requirePermission("activity.read"), async (c) =>
    ok(c, await c.var.services.activity.page(c.var.workspace.id, parseOrThrow(activityQuery, c.req.query()))),
  )
  .get("/:id/activity.csv", requirePermission("activity.read"), async (c) => {
    const csv = await c.var.services.activity.csv(c.var.workspace.id, parseOrThrow(activityFilter, c.req.query()));
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="postline-activity-${new Date().toISOString().slice(0, 10)}.csv"`,
    });
  });

import { Hono } from "hono";
import { z } from "zod";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { parseOrThrow, readJson } from "../http/validate";
import { describeRoute as d } from "../openapi/registry";
import { PostMessages } from "../posts/rules";
import { validTimeZone } from "../users/time-zone";
import { requirePermission } from "../workspaces/middleware";
import { QUEUE_VIEW_DAYS, QUEUE_VIEW_MAX_DAYS } from "./service";
import { slotSchema } from "./slot-schema";
import { MAX_SLOTS, QueueMessages } from "./slots";

const listQuery = z.object({
  days: z.coerce.number().int().min(1).max(QUEUE_VIEW_MAX_DAYS).default(QUEUE_VIEW_DAYS),
  accountId: z.string().trim().min(1).max(100).optional(),
});
const slotsBody = z.object({
  slots: z.array(slotSchema).max(MAX_SLOTS, QueueMessages.tooMany),
  /** The account's own zone; null follows the workspace's; absent keeps what is stored. */
  timezone: z
    .string()
    .max(64)
    .refine((tz) => validTimeZone(tz) !== null, PostMessages.timezoneInvalid)
    .transform((tz) => validTimeZone(tz)!)
    .nullish(),
});
const pauseBody = z.object({ paused: z.boolean({ error: "Please say whether the queue is paused (true or false)" }) });
const reorderBody = z.object({
  targetIds: z.array(z.string().trim().min(1).max(100)).min(1, "Please list the posts in their new order").max(500),
});

d({
  method: "get",
  path: "/api/queue",
  tag: "Queue",
  summary: "Each account's queue: slots, pause, upcoming slots empty and filled",
  query: listQuery,
});
d({
  method: "put",
  path: "/api/queue/{accountId}/slots",
  tag: "Queue",
  summary: "Replace an account's weekly time slots (and its timezone)",
  body: slotsBody,
});
d({
  method: "post",
  path: "/api/queue/{accountId}/pause",
  tag: "Queue",
  summary: "Pause or resume an account's queue (a paused queue is not published)",
  body: pauseBody,
});
d({
  method: "post",
  path: "/api/queue/{accountId}/reorder",
  tag: "Queue",
  summary: "Reorder waiting posts: they swap the times they hold",
  body: reorderBody,
});
d({
  method: "post",
  path: "/api/queue/{accountId}/share-next",
  tag: "Queue",
  summary: "Publish the account's next waiting post now",
});

/** /api/queue: per-account posting queues (ADR 022). Add to queue itself is a flag on POST /api/posts. */
export const queueRoutes = new Hono<SignedInEnv>()
  .get("/", requirePermission("workspace.read"), async (c) => {
    const q = parseOrThrow(listQuery, c.req.query());
    return ok(c, { queues: await c.var.services.queue.list(c.var.workspace, q.days, q.accountId) });
  })
  .put("/:accountId/slots", requirePermission("posts.publish"), async (c) => {
    const body = await readJson(c, slotsBody);
    const { services, workspace } = c.var;
    await services.queue.replaceSlots(workspace.id, c.req.param("accountId"), body);
    const [queue] = await services.queue.list(workspace, QUEUE_VIEW_DAYS, c.req.param("accountId"));
    return ok(c, queue, "Queue time slots saved");
  })
  .post("/:accountId/pause", requirePermission("posts.publish"), async (c) => {
    const { paused } = await readJson(c, pauseBody);
    const { services, workspace } = c.var;
    await services.queue.setPaused(workspace.id, c.req.param("accountId"), paused);
    const [queue] = await services.queue.list(workspace, QUEUE_VIEW_DAYS, c.req.param("accountId"));
    return ok(
      c,
      queue,
      paused
        ? "Queue paused: none of this account's posts will be published until you resume it"
        : "Queue resumed: posts due while it was paused are published now",
    );
  })
  .post("/:accountId/reorder", requirePermission("posts.publish"), async (c) => {
    const { targetIds } = await readJson(c, reorderBody);
    const { services, workspace } = c.var;
    await services.queue.reorder(workspace.id, c.req.param("accountId"), targetIds);
    const [queue] = await services.queue.list(workspace, QUEUE_VIEW_DAYS, c.req.param("accountId"));
    return ok(c, queue, "Queue reordered");
  })
  .post("/:accountId/share-next", requirePermission("posts.publish"), async (c) => {
    const { services, workspace } = c.var;
    const next = await services.queue.shareNext(workspace.id, c.req.param("accountId"));
    await services.publishing.dispatchTarget(workspace.id, next.targetId);
    return ok(c, await services.posts.get(workspace.id, next.postId), "Sharing the next post now");
  });

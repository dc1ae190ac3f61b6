import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { loggedWrite } from "../http/activity";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { describeRoute as d } from "../http/route-registry";
import { parseOrThrow, readJson } from "../http/validate";
import { excerpt, Post } from "../posts";
import { requirePermission } from "../tenancy/middleware";
import { copySlotsBody, listQuery, pauseBody, QueueReplies, reorderBody, slotsBody } from "./schemas";
import { QUEUE_VIEW_DAYS } from "./service";
import { shareNextNow } from "./share-next";

/** One account's queue: its weekly slots (as sent) and the next times, each free or holding a post. */
const Queue = z.object({
  accountId: z.string(),
  platform: z.string(),
  username: z.string(),
  timezone: z.string(),
  ownTimezone: z.string().nullable(),
  paused: z.boolean(),
  slots: slotsBody.shape.slots,
  upcoming: z.array(
    z.object({
      at: z.string(),
      slot: z.boolean(),
      post: z.object({ targetId: z.string(), postId: z.string(), content: z.string() }).nullable(),
    }),
  ),
});

d({
  method: "get",
  path: "/api/queue",
  tag: "Queue",
  summary: "Each account's queue: slots, pause, upcoming slots empty and filled",
  query: listQuery,
  data: z.object({ queues: z.array(Queue) }),
  errors: [404],
});
d({
  method: "put",
  path: "/api/queue/{accountId}/slots",
  tag: "Queue",
  summary: "Replace an account's weekly time slots (and its timezone)",
  body: slotsBody,
  data: Queue,
});
d({
  method: "post",
  path: "/api/queue/{accountId}/copy-slots",
  tag: "Queue",
  summary: "Copy an account's weekly slots and timezone to other accounts (all of them or none)",
  body: copySlotsBody,
  data: z.object({ queues: z.array(Queue) }),
});
d({
  method: "post",
  path: "/api/queue/{accountId}/pause",
  tag: "Queue",
  summary: "Pause or resume an account's queue (a paused queue is not published)",
  body: pauseBody,
  data: Queue,
});
d({
  method: "post",
  path: "/api/queue/{accountId}/reorder",
  tag: "Queue",
  summary: "Reorder waiting posts: they swap the times they hold",
  body: reorderBody,
  data: Queue,
  errors: [409],
});
d({
  method: "post",
  path: "/api/queue/{accountId}/share-next",
  tag: "Queue",
  summary: "Publish the account's next waiting post now",
  data: Post,
  errors: [409],
});

/** A change to an account's queue in the activity log, in the words the reply says it with. */
const queueChanged = (c: Context<SignedInEnv>, summary: string) =>
  loggedWrite(c, { action: "queue_changed", subject: "account", subjectId: c.req.param("accountId") ?? "", summary });

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
    await queueChanged(c, QueueReplies.slotsSaved);
    return ok(c, queue, QueueReplies.slotsSaved);
  })
  .post("/:accountId/copy-slots", requirePermission("posts.publish"), async (c) => {
    const { to } = await readJson(c, copySlotsBody);
    const { services, workspace } = c.var;
    const copied = await services.queue.copySlots(workspace.id, c.req.param("accountId"), to);
    await queueChanged(c, QueueReplies.slotsCopied(copied));
    return ok(c, { queues: await services.queue.list(workspace, QUEUE_VIEW_DAYS) }, QueueReplies.slotsCopied(copied));
  })
  .post("/:accountId/pause", requirePermission("posts.publish"), async (c) => {
    const { paused } = await readJson(c, pauseBody);
    const { services, workspace } = c.var;
    await services.queue.setPaused(workspace.id, c.req.param("accountId"), paused);
    const [queue] = await services.queue.list(workspace, QUEUE_VIEW_DAYS, c.req.param("accountId"));
    await queueChanged(c, paused ? "Queue paused" : "Queue resumed");
    return ok(c, queue, QueueReplies.paused(paused));
  })
  .post("/:accountId/reorder", requirePermission("posts.publish"), async (c) => {
    const { targetIds } = await readJson(c, reorderBody);
    const { services, workspace } = c.var;
    await services.queue.reorder(workspace.id, c.req.param("accountId"), targetIds);
    const [queue] = await services.queue.list(workspace, QUEUE_VIEW_DAYS, c.req.param("accountId"));
    await queueChanged(c, QueueReplies.reordered);
    return ok(c, queue, QueueReplies.reordered);
  })
  .post("/:accountId/share-next", requirePermission("posts.publish"), async (c) => {
    const { services, workspace } = c.var;
    const next = await shareNextNow(services, workspace.id, c.req.param("accountId"));
    const post = await services.posts.get(workspace.id, next.postId);
    const summary = excerpt(post.content);
    await loggedWrite(c, { action: "publish_requested", subject: "post", subjectId: post._id, summary });
    return ok(c, post, QueueReplies.sharing);
  });

import { type Context, Hono } from "hono";
import { z } from "zod";
import { notFound } from "../errors";
import type { SignedInEnv } from "../http/app-env";
import { invalidateDashboardAfterWrites } from "../http/dashboard-cache";
import { ok } from "../http/envelope";
import { claimMarkOf, idempotent } from "../http/idempotency";
import { describeRoute, noData } from "../http/route-registry";
import { readJson } from "../http/validate";
import { Post } from "../posts";
import { actorOf, requirePermission } from "../tenancy/middleware";
import { ApprovalReplies, approvalNewTime, approveBody, rejectBody } from "./approval-requests";

const tag = "Approvals";
describeRoute({
  method: "get",
  path: "/api/approvals",
  tag,
  summary: "The Approvals queue: posts waiting for an approver (owner, admin, editor)",
  data: z.object({
    approvals: z.array(
      z.object({
        id: z.string(),
        postId: z.string(),
        submittedBy: z.object({ id: z.string(), displayName: z.string().nullable() }),
        submittedAt: z.string(),
        publishNow: z.boolean(),
        post: Post,
      }),
    ),
  }),
});
describeRoute({
  method: "post",
  path: "/api/posts/{id}/approve",
  idempotent: true,
  tag,
  summary: "Approve a submitted post: it schedules or publishes as asked (409 asks for a new time if it has passed)",
  body: approveBody,
  data: Post,
});
describeRoute({
  method: "post",
  path: "/api/posts/{id}/reject",
  idempotent: true,
  tag,
  summary: "Send a submitted post back to draft with a comment for its author",
  body: rejectBody,
  data: Post,
});
describeRoute({
  method: "get",
  path: "/api/notifications",
  tag,
  summary:
    "The caller's latest notices in this workspace (approval asked, approved, sent back, mention, client feedback) and the unread count",
  data: z.object({
    unread: z.number(),
    notifications: z.array(
      z.object({
        id: z.string(),
        kind: z.string(),
        postId: z.string().nullable(),
        message: z.string(),
        createdAt: z.string().nullable(),
        readAt: z.string().nullable(),
      }),
    ),
  }),
});
describeRoute({
  method: "post",
  path: "/api/notifications/{id}/read",
  tag,
  summary: "Mark one of the caller's notices read",
  data: noData,
});
describeRoute({
  method: "post",
  path: "/api/notifications/read-all",
  tag,
  summary: "Mark all of the caller's notices in this workspace read",
  data: z.object({ marked: z.number() }),
});

export const approvalQueueRoutes = new Hono<SignedInEnv>().get("/", requirePermission("posts.approve"), async (c) =>
  ok(c, { approvals: await c.var.services.approvals.queue(c.var.workspace.id) }),
);

const actor = actorOf;

/** A decision's answer from the post its claim was marked with, when its request died before answering (ADR 125). */
const decided = (message: string) => async (c: Context<SignedInEnv>, postId: string) =>
  ok(c, await c.var.services.posts.get(c.var.workspace.id, postId), message);

export const approvalPostRoutes = new Hono<SignedInEnv>()
  .use(invalidateDashboardAfterWrites)
  .post(
    "/:id/approve",
    requirePermission("posts.approve"),
    idempotent(decided(ApprovalReplies.approved)),
    async (c) => {
      const body = await readJson(c, approveBody);
      const newTime = approvalNewTime(body, c.var.workspace.timezone);
      const post = await c.var.services.approvals.approve(actor(c), c.req.param("id"), newTime, claimMarkOf(c));
      return ok(c, post, ApprovalReplies.approved);
    },
  )
  .post("/:id/reject", requirePermission("posts.approve"), idempotent(decided(ApprovalReplies.rejected)), async (c) => {
    const { comment } = await readJson(c, rejectBody);
    const post = await c.var.services.approvals.reject(actor(c), c.req.param("id"), comment, claimMarkOf(c));
    return ok(c, post, ApprovalReplies.rejected);
  });

export const inboxRoutes = new Hono<SignedInEnv>()
  .get("/", requirePermission("workspace.read"), async (c) =>
    ok(c, await c.var.services.notifications.list(c.var.workspace.id, c.var.auth.user.id)),
  )
  .post("/read-all", requirePermission("workspace.read"), async (c) => {
    const n = await c.var.services.notifications.markAllRead(c.var.workspace.id, c.var.auth.user.id);
    return ok(c, { marked: n }, "All notifications marked as read");
  })
  .post("/:id/read", requirePermission("workspace.read"), async (c) => {
    if (!(await c.var.services.notifications.markRead(c.var.workspace.id, c.var.auth.user.id, c.req.param("id"))))
      throw notFound();
    return ok(c, null, "Marked as read");
  });

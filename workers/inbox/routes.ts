import { Hono } from "hono";
import { z } from "zod";
import { INBOX_SOURCES } from "../db/schema/value-lists";
import { loggedWrite } from "../http/activity";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { describeRoute } from "../http/route-registry";
import { parseOrThrow, readJson } from "../http/validate";
import { actorOf, requirePermission } from "../tenancy/middleware";
import { ActionMessages } from "./actions";
import { inboxActionBody, inboxAssignBody, inboxListQuery, inboxReplyBody, inboxStatusBody } from "./schemas";
import { inboxTeamRoutes } from "./team-routes";

const tag = "Inbox";
/** view.ts itemView: a comment or mention, its post, its status and the reply sent. */
const Item = z.looseObject({
  id: z.string(),
  platform: z.string(),
  kind: z.string(),
  accountId: z.string(),
  text: z.string(),
  createdAt: z.string(),
  post: z.object({ id: z.string(), preview: z.string().nullable() }).nullable(),
  status: z.string(),
  assigneeId: z.string().nullable(),
  hidden: z.boolean(),
  liked: z.boolean(),
  deleted: z.boolean(),
});
describeRoute({
  method: "get",
  path: "/api/inbox",
  tag,
  summary:
    "The workspace's comments and mentions, newest first (?status=open|done|all, platform, assigned=me, label); next: pass it as before= for the next page (a filtered page may stop short of its limit and go on from there)",
  query: inboxListQuery,
  data: z.object({
    items: z.array(Item),
    open: z.number(),
    next: z.string().nullable().describe("Pass as before= for the next page; null at the end"),
  }),
});
describeRoute({
  method: "get",
  path: "/api/inbox/count",
  tag,
  summary: "How many items are open, counted up to 1,000",
  data: z.object({ open: z.number() }),
});
describeRoute({
  method: "get",
  path: "/api/inbox/sources",
  tag,
  summary:
    "How each connected account's inbox sources stand: read, failing (the network's words), not read yet, or unavailable on the network",
  data: z.object({
    accounts: z.array(
      z.object({
        accountId: z.string(),
        platform: z.string(),
        username: z.string(),
        sources: z.array(
          z.object({
            source: z.enum(INBOX_SOURCES).nullable(),
            label: z.string(),
            state: z.enum(["ok", "failing", "waiting", "unavailable"]),
            reason: z.string().nullable(),
            checkedAt: z.string().nullable(),
            okAt: z.string().nullable(),
          }),
        ),
      }),
    ),
  }),
});
describeRoute({
  method: "post",
  path: "/api/inbox/sync",
  tag,
  summary: "Read the workspace's accounts for new comments now (the cron does it every few minutes)",
  data: z.object({ accounts: z.number(), added: z.number() }),
});
describeRoute({
  method: "post",
  path: "/api/inbox/{id}/reply",
  tag,
  summary: "Answer the item on its network, once (editors and up); the item is then done",
  body: inboxReplyBody,
  data: Item,
  // Already answered or being answered; the network's refusal (429 with its wait, else 502).
  errors: [409, 502],
});
describeRoute({
  method: "post",
  path: "/api/inbox/{id}/status",
  tag,
  summary: "Mark the item done, or open again",
  body: inboxStatusBody,
  data: Item,
});
describeRoute({
  method: "post",
  path: "/api/inbox/{id}/assign",
  tag,
  summary: "Assign the item to a member (null: nobody)",
  body: inboxAssignBody,
  data: Item,
});

describeRoute({
  method: "post",
  path: "/api/inbox/{id}/actions",
  tag,
  summary: "Hide, unhide, like, unlike or delete the comment on its network (editors and up)",
  body: inboxActionBody,
  data: Item,
  errors: [409, 410, 429, 502],
});
describeRoute({
  method: "get",
  path: "/api/inbox/{id}/thread",
  tag,
  summary: "A direct message's conversation in order, and how long a reply may still be sent",
  data: z.object({
    messages: z.array(
      z.object({ id: z.string(), from: z.string().nullable(), text: z.string(), at: z.string(), ours: z.boolean() }),
    ),
    window: z.object({ open: z.boolean(), closesAt: z.string(), text: z.string() }).nullable(),
    person: z.object({ name: z.string(), pictureUrl: z.string().nullable() }).nullable(),
  }),
  errors: [404],
});

export const engagementInboxRoutes = new Hono<SignedInEnv>()
  .route("/", inboxTeamRoutes)
  .get("/", requirePermission("workspace.read"), async (c) => {
    const q = parseOrThrow(inboxListQuery, c.req.query());
    const data = await c.var.services.inbox.list(
      c.var.workspace.id,
      {
        status: q.status === "all" ? undefined : q.status,
        platform: q.platform,
        assigneeId: q.assigned === "me" ? c.var.auth.user.id : undefined,
        label: q.label,
        before: q.before,
        limit: q.limit,
      },
      c.var.auth.user.id,
    );
    return ok(c, data);
  })
  .get("/count", requirePermission("workspace.read"), async (c) =>
    ok(c, { open: await c.var.services.inbox.openCount(c.var.workspace.id) }),
  )
  .get("/sources", requirePermission("workspace.read"), async (c) =>
    ok(c, { accounts: await c.var.services.inbox.sources(c.var.workspace.id) }),
  )
  .get("/:id/thread", requirePermission("workspace.read"), async (c) =>
    ok(c, await c.var.services.inbox.thread(c.var.workspace.id, c.req.param("id"))),
  )
  .post("/sync", requirePermission("inbox.triage"), async (c) => {
    const results = await c.var.services.inbox.syncNow(c.var.workspace.id);
    return ok(c, { accounts: results.length, added: results.reduce((n, r) => n + r.added, 0) }, "Inbox checked");
  })
  .post("/:id/reply", requirePermission("inbox.reply"), async (c) => {
    const { text } = await readJson(c, inboxReplyBody);
    const sent = await c.var.services.inbox.reply(actorOf(c), c.req.param("id"), text);
    await loggedWrite(c, {
      action: "inbox_replied",
      subject: "inbox_item",
      subjectId: c.req.param("id"),
      summary: text,
    });
    return ok(c, sent, "Reply sent");
  })
  .post("/:id/actions", requirePermission("inbox.reply"), async (c) => {
    const { action } = await readJson(c, inboxActionBody);
    const item = await c.var.services.inbox.act(actorOf(c), c.req.param("id"), action);
    const summary = ActionMessages.done[action];
    await loggedWrite(c, { action: "inbox_moderated", subject: "inbox_item", subjectId: c.req.param("id"), summary });
    return ok(c, item, summary);
  })
  .post("/:id/status", requirePermission("inbox.triage"), async (c) => {
    const body = await readJson(c, inboxStatusBody);
    const item = await c.var.services.inbox.setStatus(actorOf(c), c.req.param("id"), body.status);
    const summary = body.status === "done" ? "Marked done" : "Opened again";
    await loggedWrite(c, {
      action: "inbox_status_changed",
      subject: "inbox_item",
      subjectId: c.req.param("id"),
      summary,
    });
    return ok(c, item, summary);
  })
  .post("/:id/assign", requirePermission("inbox.triage"), async (c) => {
    const body = await readJson(c, inboxAssignBody);
    const item = await c.var.services.inbox.assign(actorOf(c), c.req.param("id"), body.assigneeId);
    const summary = body.assigneeId ? "Assigned" : "Unassigned";
    await loggedWrite(c, { action: "inbox_assigned", subject: "inbox_item", subjectId: c.req.param("id"), summary });
    return ok(c, item, summary);
  });

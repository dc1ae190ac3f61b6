import { Hono } from "hono";
import { z } from "zod";
import { loggedWrite } from "../http/activity";
import type { SignedInEnv } from "../http/app-env";
import { fail, ok } from "../http/envelope";
import { describeRoute } from "../http/route-registry";
import { parseOrThrow, readJson } from "../http/validate";
import { actorOf, requirePermission } from "../tenancy/middleware";
import { LIVE_NAME, LIVE_USER, liveInbox } from "./live";
import { bulkInWords, ruleInWords } from "./team-rules";
import {
  analyticsRange,
  inboxBulkBody,
  inboxDraftBody,
  inboxNoteBody,
  inboxReadBody,
  inboxRuleBody,
  savedReplyBody,
} from "./team-schemas";

const tag = "Inbox";
const SavedReply = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  createdBy: z.string(),
  createdAt: z.iso.datetime(),
});
const Note = z.object({
  id: z.string(),
  text: z.string(),
  userId: z.string(),
  name: z.string(),
  createdAt: z.string(),
});
const Rule = z.looseObject({ id: z.string(), action: z.string(), value: z.string().nullable() });
const Stats = z.object({
  answered: z.number(),
  firstResponseMedianMs: z.number().nullable(),
  firstResponseP90Ms: z.number().nullable(),
  members: z.array(z.object({ userId: z.string(), name: z.string(), handled: z.number(), replied: z.number() })),
});

describeRoute({
  method: "get",
  path: "/api/inbox/live",
  tag,
  summary: "A WebSocket of the workspace's inbox changes and who is replying (Upgrade: websocket)",
  data: z.object({}),
  errors: [426],
});
describeRoute({
  method: "post",
  path: "/api/inbox/read",
  tag,
  summary: "Mark items read for yourself (each member has their own read marks)",
  body: inboxReadBody,
  data: z.object({ read: z.number() }),
});
describeRoute({
  method: "post",
  path: "/api/inbox/bulk",
  tag,
  summary: "One action on up to 100 items: done, open, assign, label, unlabel (contributors and up)",
  body: inboxBulkBody,
  data: z.object({ changed: z.number() }),
});
describeRoute({
  method: "get",
  path: "/api/inbox/{id}/notes",
  tag,
  summary: "The item's internal notes, oldest first",
  data: z.array(Note),
});
describeRoute({
  method: "post",
  path: "/api/inbox/{id}/notes",
  tag,
  summary: "Add an internal note (never sent to the network)",
  body: inboxNoteBody,
  data: z.array(Note),
  status: 201,
});
describeRoute({
  method: "post",
  path: "/api/inbox/{id}/draft",
  tag,
  summary: "Draft a reply for an editor to approve and send (contributors and up)",
  body: inboxDraftBody,
  data: z.object({ drafted: z.boolean() }),
});
describeRoute({
  method: "post",
  path: "/api/inbox/{id}/draft/send",
  tag,
  summary: "Send the item's draft reply, once (editors and up)",
  data: z.looseObject({ id: z.string() }),
  // Already answered, or no draft; the network's refusal (429 with its wait, else 502).
  errors: [409, 502],
});
describeRoute({
  method: "get",
  path: "/api/inbox/saved-replies",
  tag,
  summary: "The workspace's saved replies ({first_name}, {name}, {network}, {me} are filled per item)",
  data: z.array(SavedReply),
});
describeRoute({
  method: "post",
  path: "/api/inbox/saved-replies",
  tag,
  summary: "Save a reply for the team (editors and up)",
  body: savedReplyBody,
  data: SavedReply,
  status: 201,
});
describeRoute({
  method: "delete",
  path: "/api/inbox/saved-replies/{id}",
  tag,
  summary: "Delete a saved reply",
  data: z.object({ deleted: z.boolean() }),
});
describeRoute({
  method: "get",
  path: "/api/inbox/{id}/saved-replies/{savedId}",
  tag,
  summary: "A saved reply filled for this item",
  data: z.object({ text: z.string() }),
});
describeRoute({
  method: "get",
  path: "/api/inbox/rules",
  tag,
  summary: "The workspace's inbox rules, in the order they apply",
  data: z.array(Rule),
});
describeRoute({
  method: "post",
  path: "/api/inbox/rules",
  tag,
  summary: "Add a rule: assign, label or hide new items by keyword, network, type or sentiment (admins)",
  body: inboxRuleBody,
  data: Rule,
});
describeRoute({
  method: "delete",
  path: "/api/inbox/rules/{id}",
  tag,
  summary: "Delete a rule",
  data: z.object({ deleted: z.boolean() }),
});
describeRoute({
  method: "get",
  path: "/api/inbox/stats",
  tag,
  summary: "First-response time and items handled per member (?from, to: epoch ms; default the last 30 days)",
  query: analyticsRange,
  data: Stats,
});

const DAY = 86_400_000;

/** The inbox's team routes (ADR 084), mounted beside the item routes under /api/inbox. */
export const inboxTeamRoutes = new Hono<SignedInEnv>()
  .get("/live", requirePermission("workspace.read"), async (c) => {
    if (c.req.header("Upgrade") !== "websocket")
      return fail(c, 426, "Open this with a WebSocket (Upgrade: websocket).");
    const member = c.var.auth.user;
    const headers = new Headers({
      Upgrade: "websocket",
      [LIVE_USER]: member.id,
      [LIVE_NAME]: member.displayName ?? "",
    });
    return liveInbox(c.env, c.var.workspace.id).fetch(new Request(c.req.url, { headers }));
  })
  .post("/read", requirePermission("workspace.read"), async (c) => {
    const { ids } = await readJson(c, inboxReadBody);
    return ok(c, { read: await c.var.services.inbox.team.markRead(actorOf(c), ids) }, "Marked read");
  })
  .post("/bulk", requirePermission("inbox.triage"), async (c) => {
    const body = await readJson(c, inboxBulkBody);
    const changed = await c.var.services.inbox.team.bulk(actorOf(c), body);
    // One entry for the selection, about the workspace: a bulk action names no single item.
    if (changed > 0)
      await loggedWrite(c, { ...bulkInWords(body, changed), subject: "workspace", subjectId: c.var.workspace.id });
    return ok(c, { changed }, changed === 1 ? "1 item changed" : `${changed} items changed`);
  })
  .get("/saved-replies", requirePermission("workspace.read"), async (c) =>
    ok(c, await c.var.services.inbox.team.savedReplies(c.var.workspace.id)),
  )
  .post("/saved-replies", requirePermission("inbox.reply"), async (c) => {
    const body = await readJson(c, savedReplyBody);
    const saved = await c.var.services.inbox.team.addSavedReply(actorOf(c), body);
    await loggedWrite(c, {
      action: "saved_reply_added",
      subject: "inbox_saved_reply",
      subjectId: saved.id,
      summary: saved.title,
    });
    return ok(c, saved, "Reply saved", 201);
  })
  .delete("/saved-replies/:id", requirePermission("inbox.reply"), async (c) => {
    const gone = await c.var.services.inbox.team.deleteSavedReply(actorOf(c), c.req.param("id"));
    await loggedWrite(c, {
      action: "saved_reply_deleted",
      subject: "inbox_saved_reply",
      subjectId: gone.id,
      summary: gone.title,
    });
    return ok(c, { deleted: true }, "Saved reply deleted");
  })
  .get("/rules", requirePermission("workspace.read"), async (c) =>
    ok(c, await c.var.services.inbox.team.rules(c.var.workspace.id)),
  )
  .post("/rules", requirePermission("workspace.settings"), async (c) => {
    const body = await readJson(c, inboxRuleBody);
    const rule = await c.var.services.inbox.team.addRule(actorOf(c), body);
    await loggedWrite(c, {
      action: "inbox_rule_added",
      subject: "inbox_rule",
      subjectId: rule.id,
      summary: ruleInWords(rule),
    });
    return ok(c, rule, "Rule added", 201);
  })
  .delete("/rules/:id", requirePermission("workspace.settings"), async (c) => {
    const gone = await c.var.services.inbox.team.deleteRule(actorOf(c), c.req.param("id"));
    await loggedWrite(c, {
      action: "inbox_rule_deleted",
      subject: "inbox_rule",
      subjectId: gone.id,
      summary: ruleInWords(gone),
    });
    return ok(c, { deleted: true }, "Rule deleted");
  })
  .get("/stats", requirePermission("workspace.read"), async (c) => {
    const q = parseOrThrow(analyticsRange, c.req.query());
    const to = q.to ?? c.var.services.now();
    return ok(c, await c.var.services.inbox.team.stats(c.var.workspace.id, q.from ?? to - 30 * DAY, to));
  })
  .get("/:id/notes", requirePermission("workspace.read"), async (c) =>
    ok(c, await c.var.services.inbox.team.notes(c.var.workspace.id, c.req.param("id"))),
  )
  .post("/:id/notes", requirePermission("inbox.triage"), async (c) => {
    const { text } = await readJson(c, inboxNoteBody);
    const notes = await c.var.services.inbox.team.addNote(actorOf(c), c.req.param("id"), text);
    await loggedWrite(c, { action: "inbox_noted", subject: "inbox_item", subjectId: c.req.param("id"), summary: text });
    return ok(c, notes, "Note added", 201);
  })
  .post("/:id/draft", requirePermission("inbox.triage"), async (c) => {
    const { text } = await readJson(c, inboxDraftBody);
    await c.var.services.inbox.team.draft(actorOf(c), c.req.param("id"), text);
    await loggedWrite(c, {
      action: "inbox_drafted",
      subject: "inbox_item",
      subjectId: c.req.param("id"),
      summary: text,
    });
    return ok(c, { drafted: true }, "Draft saved for approval");
  })
  .post("/:id/draft/send", requirePermission("inbox.reply"), async (c) => {
    const sent = await c.var.services.inbox.team.sendDraft(actorOf(c), c.req.param("id"));
    const summary = sent.reply?.text ?? "";
    await loggedWrite(c, { action: "inbox_replied", subject: "inbox_item", subjectId: c.req.param("id"), summary });
    return ok(c, sent, "Reply sent");
  })
  .get("/:id/saved-replies/:savedId", requirePermission("workspace.read"), async (c) => {
    const text = await c.var.services.inbox.team.fillSaved(actorOf(c), c.req.param("id"), c.req.param("savedId"));
    return ok(c, { text });
  });

import { z } from "zod";
import { loadOrThrow, runForm } from "~/lib/form-action.server";
import { signedIn } from "~/lib/page-session.server";
import type { FormReply } from "~/lib/use-form-action";
import type { AppContext } from "../../workers/context";
import { recordWrite, type Written } from "../../workers/http/activity";
import { parseOrThrow } from "../../workers/http/validate";
import {
  ActionMessages,
  bulkInWords,
  inboxActionBody,
  inboxAssignBody,
  inboxBulkBody,
  inboxDraftBody,
  inboxListQuery,
  inboxNoteBody,
  inboxReplyBody,
  savedReplyBody,
} from "../../workers/inbox/index";
import { ensurePermitted } from "../../workers/tenancy/middleware";
import { allows } from "../../workers/tenancy/roles";

/** The inbox page's list with the URL's filters (the API's query), the members to assign to and what the role may do. */
export async function inboxData(ctx: AppContext, url: URL) {
  const { auth, workspace } = signedIn(ctx, url);
  // A field the GET form left empty ("All networks", no label) is no filter; a bad value is the page's 400.
  const q = await loadOrThrow(async () =>
    parseOrThrow(inboxListQuery, Object.fromEntries([...url.searchParams].filter(([, value]) => value.trim() !== ""))),
  );
  const { inbox } = ctx.services;
  const [list, members, accounts, saved, sources] = await Promise.all([
    inbox.list(
      workspace.id,
      {
        status: q.status === "all" ? undefined : q.status,
        platform: q.platform,
        assigneeId: q.assigned === "me" ? auth.user.id : undefined,
        label: q.label,
        before: q.before,
        limit: q.limit,
      },
      auth.user.id,
    ),
    ctx.services.workspaces.members(workspace.id),
    ctx.services.accounts.list(workspace.id),
    inbox.team.savedReplies(workspace.id),
    inbox.sources(workspace.id),
  ]);
  const [notes, thread] = await Promise.all([
    inbox.team.notesOf(
      workspace.id,
      list.items.filter((i) => i.notes > 0).map((i) => i.id),
    ),
    openThread(ctx, workspace.id, list.items, url),
  ]);
  const networks = [...new Set(accounts.map((a) => a.platform))];
  return {
    ...list,
    thread,
    sources,
    notes: Object.fromEntries(notes),
    saved: saved.map((r) => ({ id: r.id, title: r.title, body: r.body })),
    filters: { status: q.status, platform: q.platform ?? "", assigned: q.assigned ?? "", label: q.label ?? "" },
    members: members.map((m) => ({ id: m.userId, name: m.displayName })),
    networks,
    /** Per network, the hide, like and delete its API offers: the page shows only those (ADR 083). */
    actions: inbox.actionsOn(networks),
    me: auth.user.id,
    may: { triage: allows(workspace, "inbox.triage"), reply: allows(workspace, "inbox.reply") },
  };
}

const threadParam = z.string().min(1).max(100).optional().catch(undefined);

/** The conversation `?thread=` opened, when it names a direct message on this page (ADR 092). */
async function openThread(ctx: AppContext, workspaceId: string, items: Array<{ id: string; kind: string }>, url: URL) {
  const id = threadParam.parse(url.searchParams.get("thread") ?? undefined);
  const item = items.find((i) => i.id === id && i.kind === "message");
  return item ? { id: item.id, ...(await ctx.services.inbox.thread(workspaceId, item.id)) } : null;
}

const itemField = z.object({ id: z.string({ error: "Which item?" }).min(1, "Which item?").max(100) });

/** Reply (typed or a saved reply), draft, notes, done, reopen, assign, bulk, saved replies and "check now" as forms. */
export async function inboxAction(request: Request, ctx: AppContext, url: URL) {
  const { actor, vars } = signedIn(ctx, url);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const row = String(form.get("id") ?? "");
  const { inbox } = ctx.services;
  return runForm(
    intent,
    async (): Promise<FormReply> => {
      const done = (message: string) => ({ ok: true as const, intent, id: row, message });
      // Each write is in the activity log, as the API's inbox routes record it.
      const who = { workspaceId: actor.workspace.id, userId: actor.userId };
      const record = (written: Written) => recordWrite(ctx.services, who, written);
      if (intent === "bulk") {
        const ids = form.getAll("ids").map(String);
        const assignee = String(form.get("assigneeId") ?? "");
        const body = parseOrThrow(inboxBulkBody, {
          action: String(form.get("action") ?? ""),
          ids,
          ...(form.get("action") === "assign" ? { assigneeId: assignee || null } : {}),
          ...(form.get("label") !== null ? { label: String(form.get("label")) } : {}),
        });
        const changed = await inbox.team.bulk(actor, body);
        if (changed > 0)
          await record({ ...bulkInWords(body, changed), subject: "workspace", subjectId: who.workspaceId });
        return done(changed === 1 ? "1 item changed" : `${changed} items changed`);
      }
      if (intent === "saved") {
        ensurePermitted(vars, "inbox.reply");
        const saved = await inbox.team.addSavedReply(
          actor,
          parseOrThrow(savedReplyBody, { title: form.get("title") ?? "", body: form.get("body") ?? "" }),
        );
        await record({
          action: "saved_reply_added",
          subject: "inbox_saved_reply",
          subjectId: saved.id,
          summary: saved.title,
        });
        return done("Reply saved");
      }
      if (intent === "sync") {
        ensurePermitted(vars, "inbox.triage");
        const results = await inbox.syncNow(actor.workspace.id);
        const added = results.reduce((n, r) => n + r.added, 0);
        return done(added === 1 ? "1 new item" : `${added} new items`);
      }
      const { id } = parseOrThrow(itemField, { id: row });
      const logged = async (action: Written["action"], summary: string, message = summary) => {
        await record({ action, subject: "inbox_item", subjectId: id, summary });
        return done(message);
      };
      switch (intent) {
        case "reply": {
          ensurePermitted(vars, "inbox.reply");
          const { text } = parseOrThrow(inboxReplyBody, { text: await replyText(ctx, actor, id, form) });
          await inbox.reply(actor, id, text);
          return logged("inbox_replied", text, "Reply sent");
        }
        case "draft": {
          ensurePermitted(vars, "inbox.triage");
          const { text } = parseOrThrow(inboxDraftBody, { text: await replyText(ctx, actor, id, form) });
          await inbox.team.draft(actor, id, text);
          return logged("inbox_drafted", text, "Draft saved for approval");
        }
        case "note": {
          ensurePermitted(vars, "inbox.triage");
          const { text } = parseOrThrow(inboxNoteBody, { text: form.get("note") ?? "" });
          await inbox.team.addNote(actor, id, text);
          return logged("inbox_noted", text, "Note added");
        }
        case "hide":
        case "unhide":
        case "like":
        case "unlike":
        case "delete": {
          ensurePermitted(vars, "inbox.reply");
          const { action } = parseOrThrow(inboxActionBody, { action: intent });
          await inbox.act(actor, id, action);
          return logged("inbox_moderated", ActionMessages.done[action]);
        }
        case "done":
        case "reopen":
          ensurePermitted(vars, "inbox.triage");
          await inbox.setStatus(actor, id, intent === "done" ? "done" : "open");
          return logged("inbox_status_changed", intent === "done" ? "Marked done" : "Opened again");
        case "assign": {
          ensurePermitted(vars, "inbox.triage");
          const assignee = String(form.get("assigneeId") ?? "");
          const { assigneeId } = parseOrThrow(inboxAssignBody, { assigneeId: assignee || null });
          await inbox.assign(actor, id, assigneeId);
          return logged("inbox_assigned", assigneeId ? "Assigned" : "Unassigned");
        }
        default:
          return { ok: false, intent, id, message: "Unknown form." };
      }
    },
    row,
  );
}

/** The reply as typed; left empty with a saved reply chosen (no script), the saved reply filled for the item. */
async function replyText(
  ctx: AppContext,
  actor: Parameters<AppContext["services"]["inbox"]["reply"]>[0],
  id: string,
  form: FormData,
) {
  const typed = String(form.get("text") ?? "").trim();
  const saved = String(form.get("savedReplyId") ?? "");
  if (typed || !saved) return typed;
  return ctx.services.inbox.team.fillSaved(actor, id, saved);
}

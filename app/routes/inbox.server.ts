import { z } from "zod";
import { runForm } from "~/lib/form-action.server";
import { signedIn } from "~/lib/page-session.server";
import type { FormReply } from "~/lib/use-form-action";
import type { AppContext } from "../../workers/context";
import { recordWrite, type Written } from "../../workers/http/activity";
import { parseOrThrow } from "../../workers/http/validate";
import { inboxAssignBody, inboxListQuery, inboxReplyBody } from "../../workers/inbox/index";
import { ensurePermitted } from "../../workers/tenancy/middleware";
import { can } from "../../workers/tenancy/roles";

/** The inbox page's list with the URL's filters (the API's query), the members to assign to and what the role may do. */
export async function inboxData(ctx: AppContext, url: URL) {
  const { auth, workspace } = signedIn(ctx, url);
  const q = parseOrThrow(inboxListQuery, Object.fromEntries(url.searchParams));
  const [list, members, accounts] = await Promise.all([
    ctx.services.inbox.list(workspace.id, {
      status: q.status === "all" ? undefined : q.status,
      platform: q.platform,
      assigneeId: q.assigned === "me" ? auth.user.id : undefined,
      before: q.before,
      limit: q.limit,
    }),
    ctx.services.workspaces.members(workspace.id),
    ctx.services.accounts.list(workspace.id),
  ]);
  return {
    ...list,
    filters: { status: q.status, platform: q.platform ?? "", assigned: q.assigned ?? "" },
    members: members.map((m) => ({ id: m.userId, name: m.displayName })),
    networks: [...new Set(accounts.map((a) => a.platform))],
    me: auth.user.id,
    may: { triage: can(workspace.role, "inbox.triage"), reply: can(workspace.role, "inbox.reply") },
  };
}

const itemField = z.object({ id: z.string({ error: "Which item?" }).min(1, "Which item?").max(100) });

/** Reply, done, reopen, assign and "check now" as forms: the API's schemas, permissions and messages. */
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
      if (intent === "sync") {
        ensurePermitted(vars, "inbox.triage");
        const results = await inbox.syncNow(actor.workspace.id);
        const added = results.reduce((n, r) => n + r.added, 0);
        return done(added === 1 ? "1 new item" : `${added} new items`);
      }
      const { id } = parseOrThrow(itemField, { id: row });
      // Each triage and reply is in the activity log, as the API's inbox routes record it.
      const logged = async (action: Written["action"], summary: string, message = summary) => {
        const who = { workspaceId: actor.workspace.id, userId: actor.userId };
        await recordWrite(ctx.services, who, { action, subject: "inbox_item", subjectId: id, summary });
        return done(message);
      };
      switch (intent) {
        case "reply": {
          ensurePermitted(vars, "inbox.reply");
          const { text } = parseOrThrow(inboxReplyBody, { text: form.get("text") ?? "" });
          await inbox.reply(actor, id, text);
          return logged("inbox_replied", text, "Reply sent");
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

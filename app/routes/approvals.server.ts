import { data, redirect } from "react-router";
import { z } from "zod";
import { runForm } from "~/lib/form-action.server";
import { signedIn } from "~/lib/page-session.server";
import type { FormReply } from "~/lib/use-form-action";
import type { AppContext } from "../../workers/context";
import { parseOrThrow } from "../../workers/http/validate";
import { ensurePermitted } from "../../workers/tenancy/middleware";
import { can } from "../../workers/tenancy/roles";
import { ApprovalReplies, approvalNewTime, approveBody, rejectBody } from "../../workers/workspaces/index";

/** The queue, for roles that approve; anyone else goes back to the dashboard (the API refuses them too). */
export async function approvalsData(ctx: AppContext, url: URL) {
  const { workspace } = signedIn(ctx, url).actor;
  if (!can(workspace.role, "posts.approve")) throw redirect("/dashboard");
  const [approvals, accounts] = await Promise.all([
    ctx.services.approvals.queueWithChannels(workspace.id),
    ctx.services.accounts.list(workspace.id),
  ]);
  return { approvals, accounts };
}

const postField = z.object({ id: z.string({ error: "Which post?" }).min(1, "Which post?").max(100) });

/** The new time as the form's datetime-local sends it ("YYYY-MM-DDTHH:MM"), absent when none was asked for. */
function scheduledDate(value: FormDataEntryValue | null) {
  if (value === null) return undefined;
  const [localDate = "", localTime = ""] = String(value).split("T");
  return { localDate, localTime };
}

/**
 * An approve form's new time (`newTime` in `timezone`, else the workspace's), as POST /api/posts/:id/approve reads
 * its body: undefined when the form asked for none. The Approvals page's and the agency view's forms.
 */
export function approveFormTime(form: FormData, workspaceTimezone: string) {
  const body = parseOrThrow(approveBody, {
    scheduledDate: scheduledDate(form.get("newTime")),
    timezone: form.get("timezone") ?? undefined,
  });
  return approvalNewTime(body, workspaceTimezone);
}

/**
 * Approve (at a new time, once the asked one has passed) and reject with a comment: POST
 * /api/posts/:id/approve|reject as forms, with their schemas, permission (`posts.approve`) and messages; the
 * dashboard is read afresh after either, as the API's writes make it. The reply names the post (`id`), so a
 * plain post's refusal shows in that post's row.
 */
export async function approvalsAction(request: Request, ctx: AppContext, url: URL) {
  const { actor, vars } = signedIn(ctx, url);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const row = String(form.get("id") ?? "");
  const { approvals, dashboard } = ctx.services;
  return runForm(
    intent,
    async (): Promise<FormReply | ReturnType<typeof data<FormReply>>> => {
      ensurePermitted(vars, "posts.approve");
      const { id } = parseOrThrow(postField, { id: row });
      const done = (message: string) => ({ ok: true as const, intent, id, message });
      switch (intent) {
        case "approve": {
          await approvals.approve(actor, id, approveFormTime(form, actor.workspace.timezone));
          await dashboard.forget(actor.workspace.id);
          return done(ApprovalReplies.approved);
        }
        case "reject": {
          const { comment } = parseOrThrow(rejectBody, { comment: form.get("comment") ?? "" });
          await approvals.reject(actor, id, comment);
          await dashboard.forget(actor.workspace.id);
          return done(ApprovalReplies.rejected);
        }
        default:
          return data<FormReply>({ ok: false, intent, id, message: "Unknown form." }, { status: 400 });
      }
    },
    row,
  );
}

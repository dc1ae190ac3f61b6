import { data, redirect } from "react-router";
import { z } from "zod";
import { runForm } from "~/lib/form-action.server";
import { signedIn } from "~/lib/page-session.server";
import type { FormReply } from "~/lib/use-form-action";
import { actingIn, agencyOverview } from "../../workers/agency/index";
import type { AppContext } from "../../workers/context";
import { parseOrThrow } from "../../workers/http/validate";
import { workspaceCookie } from "../../workers/tenancy/middleware";
import { ApprovalReplies, rejectBody } from "../../workers/workspaces/index";
import { approveFormTime } from "./approvals.server";

/** The agency view over the memberships the page already read (one query per shard, ADR 086). */
export async function agencyData(ctx: AppContext, url: URL) {
  const { auth } = signedIn(ctx, url);
  return {
    view: await agencyOverview(ctx.services.env, ctx.workspaces, ctx.services.now()),
    timezone: auth.user.timezone,
  };
}

const itemFields = z.object({
  workspace: z.string({ error: "Which workspace?" }).min(1, "Which workspace?").max(64),
  id: z.string({ error: "Which post?" }).min(1, "Which post?").max(100),
});

/**
 * Acting on an item, in its workspace with the user's role there (never the role of the page's workspace):
 * approve (at a new time, once the asked one has passed) and reject are POST /api/posts/:id/approve|reject with
 * X-Workspace-Id as forms (`posts.approve`, archived workspaces refused, the approvals service of the item's shard);
 * `open` moves the browser to the item's workspace, as the switcher does, and opens the post there.
 */
export async function agencyAction(request: Request, ctx: AppContext, url: URL) {
  const { auth } = signedIn(ctx, url);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const row = String(form.get("id") ?? "");
  return runForm(
    intent,
    async (): Promise<FormReply | Response | ReturnType<typeof data<FormReply>>> => {
      const input = parseOrThrow(itemFields, { workspace: form.get("workspace") ?? "", id: row });
      const done = (message: string) => ({ ok: true as const, intent, id: input.id, message });
      switch (intent) {
        case "open": {
          const target = actingIn(ctx.workspaces, input.workspace, "workspace.read");
          const to = `/content?post=${encodeURIComponent(input.id)}`;
          return redirect(to, { headers: { "Set-Cookie": workspaceCookie(target.id, url.href) } });
        }
        case "approve": {
          const target = actingIn(ctx.workspaces, input.workspace, "posts.approve");
          const actor = { userId: auth.user.id, workspace: target };
          const services = ctx.servicesIn(target);
          await services.approvals.approve(actor, input.id, approveFormTime(form, target.timezone));
          await services.dashboard.forget(target.id);
          return done(`${ApprovalReplies.approved} in ${target.name}`);
        }
        case "reject": {
          const target = actingIn(ctx.workspaces, input.workspace, "posts.approve");
          const actor = { userId: auth.user.id, workspace: target };
          const { comment } = parseOrThrow(rejectBody, { comment: form.get("comment") ?? "" });
          const services = ctx.servicesIn(target);
          await services.approvals.reject(actor, input.id, comment);
          await services.dashboard.forget(target.id);
          return done(`${ApprovalReplies.rejected} in ${target.name}`);
        }
        default:
          return data<FormReply>({ ok: false, intent, id: row, message: "Unknown form." }, { status: 400 });
      }
    },
    row,
  );
}

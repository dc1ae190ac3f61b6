import { data, redirect } from "react-router";
import { isEnhanced, loadOrThrow, runForm } from "~/lib/form-action.server";
import { signedIn } from "~/lib/page-session.server";
import type { AppContext } from "../../workers/context";
import { ensurePermitted } from "../../workers/tenancy/middleware";

/** The post being deleted, for the confirmation page (a post of another workspace is not found). */
export async function postToDelete(ctx: AppContext, url: URL, id: string) {
  const { workspace } = signedIn(ctx, url);
  return loadOrThrow(() => ctx.services.posts.get(workspace.id, id));
}

/** DELETE /api/posts/:id as a form: the same permission, checks and message; a plain post lands on /content. */
export async function deletePostAction(request: Request, ctx: AppContext, url: URL, id: string) {
  const { actor, vars } = signedIn(ctx, url);
  const form = await request.formData();
  return runForm("delete", async () => {
    ensurePermitted(vars, "posts.write");
    const { message } = await ctx.services.postCommands.remove(actor, id, form.get("deleteRemote") === "on");
    return isEnhanced(form) ? data({ ok: true as const, intent: "delete", message, id }) : redirect("/content");
  });
}

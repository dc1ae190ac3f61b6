import { data, redirect } from "react-router";
import { isEnhanced, runForm } from "~/lib/form-action.server";
import { signInPath } from "~/lib/redirect";
import type { FormReply } from "~/lib/use-form-action";
import type { AppContext } from "../../workers/context";
import { workspaceCookie } from "../../workers/tenancy/middleware";
import { MemberMessages } from "../../workers/workspaces/index";

/**
 * POST /api/invites/:token/accept as a form: the same checks and message, and the browser switches to the
 * workspace it joined. A plain post lands on that workspace's dashboard; a fetcher's reply lets the page load it.
 */
export async function acceptInviteAction(request: Request, { services, auth }: AppContext, url: URL, token: string) {
  if (!auth) throw redirect(signInPath(url));
  const form = await request.formData();
  return runForm("accept", async () => {
    const joined = await services.workspaces.accept(token, auth.user);
    const switched = { headers: { "Set-Cookie": workspaceCookie(joined.id, request.url) } };
    return isEnhanced(form)
      ? data<FormReply>({ ok: true, intent: "accept", message: MemberMessages.joined(joined.name) }, switched)
      : redirect("/dashboard", switched);
  });
}

import { redirect } from "react-router";
import type { AppContext } from "../../workers/context";
import { signInPath } from "./redirect";

/**
 * Who a page's loader or action acts as: the session's user in its workspace, as the API's middleware sets them
 * (`actor` for services, `vars` for `ensurePermitted`). A visitor without a session goes to sign in and back.
 */
export function signedIn({ auth, workspace }: AppContext, url: URL) {
  if (!auth || !workspace) throw redirect(signInPath(url));
  return {
    auth,
    workspace,
    actor: { userId: auth.user.id, workspace },
    vars: { apiKey: null, workspace, role: workspace.role },
  };
}

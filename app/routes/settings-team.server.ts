import { redirect } from "react-router";
import { z } from "zod";
import { isEnhanced } from "~/lib/form-action.server";
import type { FormReply } from "~/lib/use-form-action";
import type { AuthContext } from "../../workers/auth/index";
import { BILLING_NOTIFY_MESSAGE, registerBillingInterest } from "../../workers/billing/index";
import type { AppContext } from "../../workers/context";
import { notFound } from "../../workers/errors";
import { parseOrThrow } from "../../workers/http/validate";
import type { WorkspaceContext } from "../../workers/tenancy/membership";
import { ensurePermitted, workspaceCookie } from "../../workers/tenancy/middleware";
import { inviteInput, roleInput, workspaceInput } from "../../workers/workspaces/index";

interface Session {
  auth: AuthContext;
  workspace: WorkspaceContext;
  vars: Parameters<typeof ensurePermitted>[0];
  /** The request's URL: a new workspace's cookie is Secure on https. */
  url: URL;
}

const TEAM_INTENTS = [
  "workspace-create",
  "workspace-delete",
  "workspace-archive",
  "workspace-unarchive",
  "workspace-open",
  "member-role",
  "member-remove",
  "leave",
  "invite-create",
  "invite-revoke",
  "billing-notify",
] as const;
type TeamIntent = (typeof TEAM_INTENTS)[number];
export const isTeamIntent = (intent: string): intent is TeamIntent =>
  (TEAM_INTENTS as readonly string[]).includes(intent);

/** Deleting asks for the workspace's name, typed: a slip of the mouse must not delete a client's year of work. */
const deleteConfirmation = (name: string) =>
  z.object({
    confirm: z
      .string()
      .trim()
      .refine((typed) => typed === name.trim(), `Type the workspace's name, ${name}, to delete it`),
  });

const idField = z.object({ id: z.string({ error: "Which one?" }).min(1, "Which one?").max(64) });

/**
 * Settings → Workspace's new-workspace, delete-workspace, member and invitation forms and Billing's "Get Updates", with the API's schemas,
 * permissions and messages: PATCH and DELETE /api/workspaces/:id/members/:userId and POST …/invites, DELETE
 * …/invites/:inviteId (`members.manage`), POST …/leave (`workspace.leave`), POST /api/billing/notify.
 */
export async function teamAction(
  intent: TeamIntent,
  form: FormData,
  { services }: AppContext,
  { auth, workspace, vars, url }: Session,
): Promise<FormReply | Response> {
  const done = (message: string) => ({ ok: true as const, intent, message });
  const id = () => parseOrThrow(idField, { id: form.get("id") ?? undefined }).id;
  switch (intent) {
    case "workspace-create": {
      // POST /api/workspaces as a form (any signed-in user), then the browser moves to it as the switcher does.
      const input = parseOrThrow(workspaceInput, {
        name: form.get("name") ?? undefined,
        timezone: form.get("timezone") || undefined,
      });
      const created = await services.workspaces.create(auth.user.id, input);
      return redirect("/dashboard", { headers: { "Set-Cookie": workspaceCookie(created.id, url.href) } });
    }
    case "workspace-delete": {
      // DELETE /api/workspaces/:id as a form (`workspace.delete`), confirmed by typing the workspace's name.
      ensurePermitted(vars, "workspace.delete");
      parseOrThrow(deleteConfirmation(workspace.name), { confirm: form.get("confirm") ?? "" });
      await services.workspaces.remove(workspace);
      // The workspace cookie now names no membership: the next page falls back to the personal workspace.
      return redirect("/dashboard");
    }
    case "workspace-archive":
    case "workspace-unarchive": {
      // POST /api/workspaces/:id/archive|unarchive as a form (`workspace.delete`: its owners).
      ensurePermitted(vars, "workspace.delete");
      const archive = intent === "workspace-archive";
      await services.workspaces.archive(workspace, auth.user.id, archive);
      return done(archive ? "Workspace archived" : "Workspace unarchived");
    }
    case "workspace-open": {
      // An archived workspace is not in the switcher: Settings → Workspace opens it, as the switcher would.
      const target = (await services.workspaces.listMine(auth.user.id)).find((w) => w.id === id());
      if (!target) throw notFound();
      return redirect("/settings?tab=workspace", { headers: { "Set-Cookie": workspaceCookie(target.id, url.href) } });
    }
    case "billing-notify":
      await registerBillingInterest(services.directory, auth.user.id);
      return done(BILLING_NOTIFY_MESSAGE);
    case "leave": {
      ensurePermitted(vars, "workspace.leave");
      await services.workspaces.leave(workspace, auth.user.id);
      // The workspace is no longer this member's: a plain post lands on the dashboard of the one they fall back to.
      return isEnhanced(form) ? done(`You left ${workspace.name}`) : redirect("/dashboard");
    }
  }
  ensurePermitted(vars, "members.manage");
  switch (intent) {
    case "member-role": {
      const { role } = parseOrThrow(roleInput, { role: form.get("role") ?? undefined });
      await services.workspaces.changeRole(workspace, auth.user.id, id(), role);
      return done("Role changed");
    }
    case "member-remove":
      await services.workspaces.removeMember(workspace, auth.user.id, id());
      return done("Member removed");
    case "invite-create": {
      const input = parseOrThrow(inviteInput, { email: form.get("email") ?? "", role: form.get("role") ?? undefined });
      const invite = await services.workspaces.invite(workspace, auth.user, input);
      return done(`Invitation sent to ${invite.email}`);
    }
    case "invite-revoke":
      await services.workspaces.revokeInvite(workspace, auth.user.id, id());
      return done("Invitation withdrawn");
  }
}

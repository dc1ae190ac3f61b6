import { data, redirect } from "react-router";
import { fields, runForm } from "~/lib/form-action.server";
import { signInPath } from "~/lib/redirect";
import type { FormReply } from "~/lib/use-form-action";
import { changePasswordFormSchema, changePasswordSchema, timezoneSchema } from "../../workers/auth/schemas";
import type { AppContext } from "../../workers/context";
import { parseOrThrow } from "../../workers/http/validate";
import { ensurePermitted } from "../../workers/workspaces/middleware";
import { can } from "../../workers/workspaces/roles";
import { workspacePatch } from "../../workers/workspaces/schemas";

function signedIn({ auth, workspace }: AppContext, url: URL) {
  if (!auth || !workspace) throw redirect(signInPath(url));
  return { auth, workspace, vars: { apiKey: null, workspace, role: workspace.role } };
}

/** Settings → Workspace reads its workspace, members and pending invitations here, not over /api. */
export async function settingsData(ctx: AppContext, url: URL) {
  const { workspace } = signedIn(ctx, url);
  const { workspaces } = ctx.services;
  const [settings, members, invites] = await Promise.all([
    workspaces.get(workspace),
    workspaces.members(workspace.id),
    can(workspace.role, "members.manage") ? workspaces.pendingInvites(workspace.id) : [],
  ]);
  return { workspace: settings, members, invites };
}

/**
 * The Settings forms, with the API's schemas, permissions and messages: workspace settings (PATCH
 * /api/workspaces/:id), password change (PUT /api/users/update-password) and timezone (PUT /api/users/timezone).
 */
export async function settingsAction(request: Request, ctx: AppContext, url: URL) {
  const { auth, workspace, vars } = signedIn(ctx, url);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const input = fields(form);
  const { services } = ctx;
  return runForm(request, intent, async () => {
    switch (intent) {
      case "workspace": {
        ensurePermitted(vars, "workspace.settings");
        const patch = parseOrThrow(workspacePatch, { ...input, approvalRequired: input.approvalRequired === "on" });
        await services.workspaces.update(workspace, patch);
        return { ok: true as const, intent, message: "Workspace settings saved" };
      }
      case "password": {
        parseOrThrow(changePasswordFormSchema, input);
        const { currentPassword, newPassword } = parseOrThrow(changePasswordSchema, input);
        await services.auth.changePassword(auth, currentPassword, newPassword);
        return { ok: true as const, intent, message: "Password updated successfully" };
      }
      case "timezone": {
        const { timezone } = parseOrThrow(timezoneSchema, input);
        await services.auth.setTimezone(auth.user.id, timezone);
        return { ok: true as const, intent, message: `Timezone updated to ${timezone}` };
      }
      default:
        return data<FormReply>({ ok: false, intent, message: "Unknown form." }, { status: 400 });
    }
  });
}

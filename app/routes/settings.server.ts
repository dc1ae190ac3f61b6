import { data } from "react-router";
import { settingsView } from "~/components/settings/settings-tabs";
import { fields, runForm } from "~/lib/form-action.server";
import { signedIn } from "~/lib/page-session.server";
import type { FormReply } from "~/lib/use-form-action";
import {
  AuthMessages,
  changePasswordFormSchema,
  changePasswordSchema,
  timezoneSchema,
  verifyPasswordSchema,
} from "../../workers/auth/index";
import { BioReplies, bioBody, bioService, linksFromLines } from "../../workers/bio/index";
import { brandService } from "../../workers/branding/index";
import type { AppContext } from "../../workers/context";
import { recordWrite } from "../../workers/http/activity";
import { parseOrThrow } from "../../workers/http/validate";
import { labelService } from "../../workers/labels/index";
import { LinkReplies, linkSettingsBody } from "../../workers/links/index";
import { checkSetup } from "../../workers/setup/index";
import { ensurePermitted } from "../../workers/tenancy/middleware";
import { allows, can } from "../../workers/tenancy/roles";
import { workspacePatch } from "../../workers/workspaces/index";
import { accountsTabData, blueskyConnectAction, disconnectAction, locationsAction } from "./settings-accounts.server";
import { brandAction, isBrandIntent } from "./settings-brand.server";
import { developerAction, developerTabData, isDeveloperIntent } from "./settings-developer.server";
import { isTeamIntent, teamAction } from "./settings-team.server";

/**
 * Which tabs the role sees and the open one's data, read here rather than over /api: Settings → Workspace's
 * workspace, members, pending invitations and labels; Settings → Developer's going-live check (GET /api/setup/check);
 * Settings → Links' tracking settings; Settings → Social Accounts (settings-accounts.server.ts); Settings → API and Activity (settings-developer.server.ts).
 * A tab the role cannot open answers 403 with the reason, shown in its place.
 */
export async function settingsData(ctx: AppContext, url: URL) {
  const session = signedIn(ctx, url);
  const { workspace } = session;
  const view = settingsView(workspace.role, url.searchParams.get("tab"));
  const open = view.refused ? null : view.tab;
  const { workspaces, env } = ctx.services;
  const [workspaceTab, accountsTab, linksTab, setup, developer] = await Promise.all([
    open === "workspace"
      ? Promise.all([
          workspaces.get(workspace),
          workspaces.members(workspace.id),
          can(workspace.role, "members.manage") ? workspaces.pendingInvites(workspace.id) : [],
          brandService(ctx.services).get(workspace.id),
          labelService(ctx.services).list(workspace.id),
        ]).then(([settings, members, invites, brand, labels]) => ({
          workspace: settings,
          members,
          invites,
          brand,
          labels,
          // Out of the switcher, so they are reached from here (ADR 078).
          archived: ctx.workspaces
            .filter((w) => w.archived && w.id !== workspace.id)
            .map(({ id, name }) => ({ id, name })),
        }))
      : null,
    open === "accounts" ? accountsTabData(ctx, session) : null,
    open === "links"
      ? Promise.all([ctx.services.links.settings(workspace.id), bioService(ctx.services).get(workspace.id)]).then(
          ([settings, bio]) => ({
            settings,
            bio,
            canEdit: allows(workspace, "workspace.settings"),
            origin: ctx.services.config.APP_ORIGIN,
          }),
        )
      : null,
    open === "developer" ? checkSetup({ ...env }, { origin: url.origin }) : null,
    developerTabData(open, ctx, session, url),
  ]);
  return data(
    { ...view, workspaceTab, accountsTab, linksTab, setup, ...developer },
    { status: view.refused ? 403 : 200 },
  );
}

/**
 * The Settings forms, with the API's schemas, permissions and messages: workspace settings (PATCH
 * /api/workspaces/:id), Verify and password change (POST /api/users/verify-password, PUT
 * /api/users/update-password) and timezone (PUT /api/users/timezone); Settings → API's keys and webhooks in
 * settings-developer.server.ts; members, invitations, leaving and Billing's "Get Updates" in settings-team.server.ts.
 */
export async function settingsAction(request: Request, ctx: AppContext, url: URL) {
  const { auth, workspace, vars } = signedIn(ctx, url);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const input = fields(form);
  const { services } = ctx;
  if (isDeveloperIntent(intent))
    return runForm(intent, () => developerAction(intent, form, ctx, { auth, workspace, vars }));
  if (intent === "account-disconnect")
    return runForm(intent, () => disconnectAction(form, ctx, { auth, workspace, vars }));
  if (intent === "business-locations")
    return runForm(intent, () => locationsAction(form, ctx, { auth, workspace, vars }));
  if (intent === "bluesky-connect")
    return runForm(intent, () => blueskyConnectAction(form, ctx, { auth, workspace, vars }));
  if (isBrandIntent(intent)) return runForm(intent, () => brandAction(intent, form, ctx, { auth, workspace, vars }));
  if (isTeamIntent(intent)) return runForm(intent, () => teamAction(intent, form, ctx, { auth, workspace, vars, url }));
  // Links and the bio page are the workspace's settings in the activity log, as their API routes record them.
  const settingsLogged = (summary: string) =>
    recordWrite(
      services,
      { workspaceId: workspace.id, userId: auth.user.id },
      {
        action: "settings_changed",
        subject: "workspace",
        subjectId: workspace.id,
        summary,
      },
    );
  return runForm(intent, async () => {
    switch (intent) {
      case "workspace": {
        ensurePermitted(vars, "workspace.settings");
        const patch = parseOrThrow(workspacePatch, {
          ...input,
          approvalRequired: input.approvalRequired === "on",
          mediaRequired: input.mediaRequired === "on",
        });
        await services.workspaces.update(workspace, auth.user.id, patch);
        return { ok: true as const, intent, message: "Workspace settings saved" };
      }
      case "links": {
        ensurePermitted(vars, "workspace.settings");
        const body = parseOrThrow(linkSettingsBody, {
          ...input,
          enabled: input.enabled === "on",
          utm: input.utm === "on",
        });
        const saved = await services.links.saveSettings(workspace.id, body);
        await settingsLogged(saved.enabled ? "Link tracking on" : "Link tracking off");
        return { ok: true as const, intent, message: LinkReplies.saved(saved.enabled) };
      }
      case "bio": {
        ensurePermitted(vars, "workspace.settings");
        const body = parseOrThrow(bioBody, { ...input, links: linksFromLines(String(input.links ?? "")) });
        await bioService(services).save(workspace.id, body);
        await settingsLogged(`Link in bio: /bio/${body.handle}`);
        return { ok: true as const, intent, message: BioReplies.saved };
      }
      case "verify-password": {
        const { currentPassword } = parseOrThrow(verifyPasswordSchema, input);
        await services.auth.confirmPassword(auth.user.id, currentPassword);
        return { ok: true as const, intent, message: AuthMessages.passwordVerified };
      }
      case "password": {
        const { currentPassword, newPassword } = parseOrThrow(changePasswordSchema, input);
        parseOrThrow(changePasswordFormSchema, input);
        await services.auth.changePassword(auth, currentPassword, newPassword);
        return { ok: true as const, intent, message: AuthMessages.passwordUpdated };
      }
      case "timezone": {
        const { timezone } = parseOrThrow(timezoneSchema, input);
        await services.auth.setTimezone(auth.user.id, timezone);
        // A plain post renders the page in this request: the shell's loader reads the user from the context.
        auth.user.timezone = timezone;
        return { ok: true as const, intent, message: `Timezone updated to ${timezone}` };
      }
      default:
        return data<FormReply>({ ok: false, intent, message: "Unknown form." }, { status: 400 });
    }
  });
}

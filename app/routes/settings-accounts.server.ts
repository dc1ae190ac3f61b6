import { z } from "zod";
import type { FormReply } from "~/lib/use-form-action";
import { appPasswordBody, DISCONNECTED, disconnectAccounts } from "../../workers/accounts/index";
import type { AuthContext } from "../../workers/auth/index";
import type { AppContext } from "../../workers/context";
import { parseOrThrow } from "../../workers/http/validate";
import type { WorkspaceContext } from "../../workers/tenancy/membership";
import { ensurePermitted } from "../../workers/tenancy/middleware";

interface Session {
  auth: AuthContext;
  workspace: WorkspaceContext;
  vars: Parameters<typeof ensurePermitted>[0];
}

/**
 * Settings → Social Accounts' data, as GET /api/users/connected-accounts and GET /api/accounts/:id/health read
 * it: the workspace's accounts, and for each one not healthy the scheduled posts that wait for its reconnect.
 */
export async function accountsTabData({ services }: AppContext, { workspace }: Session) {
  const accounts = await services.accounts.list(workspace.id);
  const waiting = await Promise.all(
    accounts
      .filter((a) => a.health.state !== "ok")
      .map(
        async (a) =>
          [a.id, await services.holds.affectedByDisconnect(workspace.id, [a.id], { alsoHeld: true })] as const,
      ),
  );
  return { accounts, waiting: Object.fromEntries(waiting) };
}

type AffectedPost =
  Awaited<ReturnType<typeof disconnectAccounts>> extends infer O
    ? O extends { ask: { posts: (infer P)[] } }
      ? P
      : never
    : never;
export type DisconnectReply = FormReply & { ask?: { message: string; posts: AffectedPost[] } };

const disconnectForm = z.object({
  id: z.string({ error: "Which account?" }).min(1, "Which account?").max(64),
  confirm: z.literal("true").optional(),
});

/**
 * Disconnect (DELETE /api/accounts/:id, `accounts.manage`): when scheduled posts use the account, the first
 * post changes nothing and answers which (the confirmation step); the form posted again with `confirm` does it.
 */
export async function disconnectAction(form: FormData, { services }: AppContext, { auth, workspace, vars }: Session) {
  ensurePermitted(vars, "accounts.manage");
  const input = parseOrThrow(disconnectForm, {
    id: form.get("id") ?? undefined,
    confirm: form.get("confirm") || undefined,
  });
  const account = await services.accounts.get(workspace.id, input.id);
  const outcome = await disconnectAccounts(services, workspace.id, auth.user.id, [account], input.confirm === "true");
  const intent = "account-disconnect";
  if ("ask" in outcome) return { ok: false as const, intent, message: outcome.ask.message, ask: outcome.ask };
  return { ok: true as const, intent, message: DISCONNECTED };
}

/** The Business Profile locations to keep posting to, after a connect brought every location of the account. */
const locationsForm = z.object({
  keep: z.array(z.string().min(1).max(64)).min(1, "Keep at least one location, or disconnect Google Business Profile"),
});

/**
 * Choose locations (ADR 065): a Google consent brings every location the person manages, each its own channel;
 * the ones not kept are disconnected (DELETE /api/accounts/:id, `accounts.manage`), unless scheduled posts use
 * them, when the answer says so and nothing changes.
 */
export async function locationsAction(form: FormData, { services }: AppContext, { auth, workspace, vars }: Session) {
  ensurePermitted(vars, "accounts.manage");
  const { keep } = parseOrThrow(locationsForm, { keep: form.getAll("keep").map(String) });
  const locations = (await services.accounts.list(workspace.id)).filter((a) => a.platform === "google_business");
  const drop = locations.filter((a) => !keep.includes(a.id));
  const intent = "business-locations";
  const outcome = await disconnectAccounts(services, workspace.id, auth.user.id, drop, false);
  if ("ask" in outcome) return { ok: false as const, intent, message: outcome.ask.message };
  const kept = locations.length - drop.length;
  return { ok: true as const, intent, message: `Posting to ${kept} location${kept === 1 ? "" : "s"}` };
}

/**
 * Connect Bluesky with a handle and an app password (POST /api/auth/bluesky/app-password, `accounts.manage`):
 * there is no consent page to go to, so the page's own form signs in and the account appears in the list.
 */
export async function blueskyConnectAction(
  form: FormData,
  { services }: AppContext,
  { auth, workspace, vars }: Session,
) {
  ensurePermitted(vars, "accounts.manage");
  const input = parseOrThrow(appPasswordBody, {
    identifier: form.get("identifier") ?? undefined,
    appPassword: form.get("appPassword") ?? undefined,
  });
  const ids = await services.accounts.signIn(auth, workspace.id, "bluesky", input);
  await services.holds.releaseForReconnect(ids);
  return { ok: true as const, intent: "bluesky-connect", message: "Bluesky account connected successfully" };
}

import { z } from "zod";
import { DELIVERY_LOG, keyExpiry } from "~/components/settings/api-view";
import { loadOrThrow } from "~/lib/form-action.server";
import type { FormReply } from "~/lib/use-form-action";
import type { AuthContext } from "../../workers/auth/index";
import {
  createEndpointSchema,
  createKeySchema,
  KeyMessages,
  sendTestEvent,
  updateEndpointSchema,
  WebhookMessages,
} from "../../workers/automation/index";
import type { AppContext } from "../../workers/context";
import { parseOrThrow } from "../../workers/http/validate";
import type { WorkspaceContext } from "../../workers/tenancy/membership";
import { ensurePermitted } from "../../workers/tenancy/middleware";
import { allows } from "../../workers/tenancy/roles";
import { activityQuery } from "../../workers/workspaces/index";

interface Session {
  auth: AuthContext;
  workspace: WorkspaceContext;
  vars: Parameters<typeof ensurePermitted>[0];
}

/** Settings → Activity's URL parameters: the table's page and filters, so each is a link. */
const ACTIVITY_PARAMS = ["page", "action", "userId"] as const;

/**
 * Settings → API and Activity's data, read as their API routes read it: the member's own keys (GET /api/keys,
 * any role); the workspace's webhook endpoints and the open endpoint's deliveries (GET /api/webhooks…, owners
 * and admins); a page of the activity log (GET /api/workspaces/:id/activity; the tab itself needs
 * `activity.read`, decided by `settingsView`).
 */
export async function developerTabData(open: string | null, { services }: AppContext, session: Session, url: URL) {
  const { auth, workspace } = session;
  const params = url.searchParams;
  const apiTab = async () => {
    const manage = allows(workspace, "webhooks.manage");
    const log = manage ? params.get(DELIVERY_LOG) : null;
    const [keys, endpoints, deliveries] = await Promise.all([
      services.apiKeys.list({ userId: auth.user.id, workspaceId: workspace.id }),
      manage ? services.webhooks.list(workspace.id) : null,
      log ? loadOrThrow(() => services.webhooks.deliveries(workspace.id, log)) : null,
    ]);
    return {
      keys,
      webhooks: endpoints && { endpoints, log: log && deliveries ? { endpointId: log, deliveries } : null },
    };
  };
  const activityTab = async () => {
    // An empty filter (a GET form's "All actions") is no filter.
    const query = await loadOrThrow(async () =>
      parseOrThrow(
        activityQuery,
        Object.fromEntries(ACTIVITY_PARAMS.flatMap((k) => (params.get(k) ? [[k, params.get(k)]] : []))),
      ),
    );
    const [settings, members, log] = await Promise.all([
      services.workspaces.get(workspace),
      services.workspaces.members(workspace.id),
      services.activity.page(workspace.id, query),
    ]);
    return {
      timezone: settings.timezone,
      members,
      log,
      filter: { action: query.action ?? "", userId: query.userId ?? "" },
    };
  };
  return {
    apiTab: open === "api" ? await apiTab() : null,
    activityTab: open === "activity" ? await activityTab() : null,
  };
}

/** A reply that carries a secret shown once (a new key's token, a new endpoint's signing secret). */
export type SecretReply = FormReply<{ secret?: string }>;

const DEVELOPER_INTENTS = [
  "key-create",
  "key-revoke",
  "webhook-create",
  "webhook-toggle",
  "webhook-delete",
  "webhook-test",
  "delivery-resend",
] as const;
type DeveloperIntent = (typeof DEVELOPER_INTENTS)[number];
export const isDeveloperIntent = (intent: string): intent is DeveloperIntent =>
  (DEVELOPER_INTENTS as readonly string[]).includes(intent);

const idField = z.object({ id: z.string({ error: "Which one?" }).min(1, "Which one?") });

/**
 * Settings → API's forms, with the API's schemas, permissions and messages: POST and DELETE /api/keys (the
 * member's own keys), POST, PATCH and DELETE /api/webhooks, POST /api/webhooks/:id/test and
 * POST /api/webhooks/deliveries/:id/resend (`webhooks.manage`).
 */
export async function developerAction(
  intent: DeveloperIntent,
  form: FormData,
  { services }: AppContext,
  { auth, workspace, vars }: Session,
): Promise<SecretReply> {
  const owner = { userId: auth.user.id, workspaceId: workspace.id };
  const id = () => parseOrThrow(idField, { id: form.get("id") ?? undefined }).id;
  const done = (message: string, secret?: string) => ({ ok: true as const, intent, message, secret });
  if (intent === "key-create") {
    const expires = String(form.get("expires") ?? "");
    const input = parseOrThrow(createKeySchema, {
      name: form.get("name") ?? undefined,
      scopes: form.getAll("scopes"),
      ...(expires ? { expiresAt: keyExpiry(expires, auth.user.timezone) } : {}),
    });
    return done(KeyMessages.created, (await services.apiKeys.create(owner, input)).token);
  }
  if (intent === "key-revoke") {
    await services.apiKeys.revoke(owner, id());
    return done(KeyMessages.revoked);
  }
  ensurePermitted(vars, "webhooks.manage");
  switch (intent) {
    case "webhook-create": {
      const input = parseOrThrow(createEndpointSchema, {
        url: form.get("url") ?? undefined,
        events: form.getAll("events"),
      });
      return done(WebhookMessages.added, (await services.webhooks.create(workspace.id, auth.user.id, input)).secret);
    }
    case "webhook-toggle": {
      const patch = parseOrThrow(updateEndpointSchema, { enabled: form.get("enabled") === "true" });
      await services.webhooks.update(workspace.id, auth.user.id, id(), patch);
      return done(WebhookMessages.updated);
    }
    case "webhook-delete":
      await services.webhooks.remove(workspace.id, auth.user.id, id());
      return done(WebhookMessages.removed);
    case "webhook-test":
      return done((await sendTestEvent(services.webhooks, services.webhookDeliveryDeps(), workspace.id, id())).message);
    case "delivery-resend":
      await services.webhooks.resend(workspace.id, id());
      return done(WebhookMessages.resent);
  }
}

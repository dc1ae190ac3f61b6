import { API_KEY_SCOPES, type ApiKeyScope } from "../db/schema/automation";
import type { Action } from "./roles";

export { API_KEY_SCOPES, type ApiKeyScope };

/**
 * The scope an API key needs for each action (on top of the member's role). Account, member and
 * workspace administration is never done with a key: `null` refuses it whatever the scopes.
 */
const SCOPE_OF: Record<Action, ApiKeyScope | null> = {
  "workspace.read": "read",
  "posts.write": "write",
  "posts.manage": "write",
  "posts.comment": "write",
  "media.upload": "write",
  "media.manage": "write",
  "ai.use": "write",
  "analytics.manage": "write",
  "notifications.dismiss": "write",
  "inbox.triage": "write",
  // A reply goes out on the network in the account's name, like a post.
  "inbox.reply": "publish",
  "posts.publish": "publish",
  // Approving sends a post on to be published.
  "posts.approve": "publish",
  // Reading the log is a read; the role (owner, admin) still decides.
  "activity.read": "read",
  "accounts.manage": null,
  "members.manage": null,
  // An endpoint's secret and its log of every event: managed signed in, like keys themselves.
  "webhooks.manage": null,
  "workspace.settings": null,
  "workspace.delete": null,
  "workspace.transfer": null,
  "workspace.leave": null,
};

/** Why a key with these scopes may not do `action`, or null when it may. */
export function keyRefusal(scopes: readonly ApiKeyScope[], action: Action): string | null {
  const needed = SCOPE_OF[action];
  if (needed === null) return "API keys cannot manage accounts, members or workspace settings; sign in to do this.";
  return scopes.includes(needed) ? null : `This API key lacks the "${needed}" scope.`;
}

/** Whether a key is usable at `now`: not revoked and not past its expiry. */
export function keyIsLive(key: { revokedAt: number | null; expiresAt: number | null }, now: number): boolean {
  return key.revokedAt === null && (key.expiresAt === null || key.expiresAt > now);
}

const TOKEN = /^pl_([A-Za-z0-9]{16})_([A-Za-z0-9_-]{43})$/;

/** Splits `pl_<id>_<secret>` into the row id to look up; null for anything else. */
export function keyIdOf(token: string): string | null {
  return TOKEN.exec(token)?.[1] ?? null;
}

export const isApiKeyToken = (token: string) => token.startsWith("pl_");

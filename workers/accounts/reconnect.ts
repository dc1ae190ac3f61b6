import type { PlatformError } from "../platforms";

/** Google scopes are URLs; the consent screen and the user know them by their last segment. */
export function permissionLabel(permission: string): string {
  return permission.replace(/^https:\/\/www\.googleapis\.com\/auth\//, "");
}

/**
 * What the user reads on the account and the failed channel when a platform refused access. A missing
 * permission says which one to allow on reconnect; any other refusal keeps the platform's own words.
 */
export function reconnectReason(accountName: string, error: Pick<PlatformError, "message" | "details">): string {
  const denied = error.details.denied;
  if (!denied) return error.message;
  return denied.permission
    ? `Reconnect ${accountName} and allow ${permissionLabel(denied.permission)}.`
    : `Reconnect ${accountName} and allow every permission Postline asks for.`;
}

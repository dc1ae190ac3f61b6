/**
 * How the UI names a connected account, in one place: networks where people are found by handle (X, Instagram,
 * Threads) show "@handle"; Pages, LinkedIn members and YouTube channels are known by their name. Platforms store
 * handles with or without the "@", and LinkedIn's username can be an email, so neither is shown raw.
 */
const HANDLE_NETWORKS = new Set(["twitter", "instagram", "threads"]);

export interface NamedAccount {
  platform: string;
  username?: string | null;
  displayName?: string | null;
}

export function accountName({ platform, username, displayName }: NamedAccount): string {
  const handle = (username ?? "").trim().replace(/^@+/, "");
  const name = (displayName ?? "").trim();
  const isHandle = handle !== "" && !/[\s@]/.test(handle);
  if (HANDLE_NETWORKS.has(platform) && isHandle) return `@${handle}`;
  // Mastodon's handle names the instance too (@bakery@mastodon.example): two servers may share a username.
  if (platform === "mastodon" && /^[^\s@]+@[^\s@]+$/.test(handle)) return `@${handle}`;
  return name || (isHandle ? handle : "") || handle.split("@")[0] || "Account";
}

import type { AccountStatus } from "../db/schema/accounts";

/** A connection that loses access within this window is flagged (and its refreshable token renewed ahead). */
export const HEALTH_WINDOW_MS = 7 * 86_400_000;
/** The health check runs once a day per account. */
export const HEALTH_CHECK_EVERY_MS = 86_400_000;

export type AccountHealth =
  | { state: "ok" }
  | { state: "expiring"; expiresAt: number }
  | { state: "needs_reconnect"; reason: string };

export interface HealthFacts {
  status: AccountStatus;
  statusReason: string | null;
  tokenExpiresAt: number | null;
  /** Whether a refresh token is stored (its own expiry, when the platform gives one, is `refreshExpiresAt`). */
  hasRefreshToken: boolean;
  refreshExpiresAt: number | null;
}

/** The facts of a stored account row (its encrypted refresh token only tells whether there is one). */
export function healthFacts(
  row: Omit<HealthFacts, "hasRefreshToken"> & { refreshTokenEnc: string | null },
): HealthFacts {
  return {
    status: row.status,
    statusReason: row.statusReason,
    tokenExpiresAt: row.tokenExpiresAt,
    hasRefreshToken: row.refreshTokenEnc !== null,
    refreshExpiresAt: row.refreshExpiresAt,
  };
}

/**
 * When the account stops working unless someone reconnects: the refresh token's expiry when there is one
 * (it renews the access token until then), else the access token's own; null for tokens that do not expire.
 */
export function accessEndsAt(f: HealthFacts): number | null {
  return f.hasRefreshToken ? f.refreshExpiresAt : f.tokenExpiresAt;
}

/** OK, expiring on a date (within the window), or needs reconnect with the platform's reason. */
export function accountHealth(f: HealthFacts, now: number): AccountHealth {
  if (f.status === "needs_reconnect")
    return { state: "needs_reconnect", reason: f.statusReason ?? "Please reconnect this account." };
  const ends = accessEndsAt(f);
  if (ends !== null && ends - now < HEALTH_WINDOW_MS) {
    return ends <= now
      ? { state: "needs_reconnect", reason: "The connection has expired. Please reconnect this account." }
      : { state: "expiring", expiresAt: ends };
  }
  return { state: "ok" };
}

/**
 * The check renews an access token before it expires rather than after: when it ends within the window.
 * Tokens without an expiry (Facebook Page tokens) never need it.
 */
export function refreshDue(f: HealthFacts, now: number): boolean {
  return f.status === "connected" && f.tokenExpiresAt !== null && f.tokenExpiresAt - now < HEALTH_WINDOW_MS;
}

/** Identifies one problem, so owners are mailed once per problem and again only when it changes. */
export function healthNoticeKey(health: AccountHealth): string | null {
  if (health.state === "ok") return null;
  return health.state === "expiring"
    ? `expiring:${new Date(health.expiresAt).toISOString().slice(0, 10)}`
    : `needs_reconnect:${health.reason}`;
}

import type { AccountStatus, connectedAccounts } from "../db/schema/accounts";
import type { Platform } from "../platform-profile";
import { accountHealth, healthFacts } from "./health";

type AccountRow = typeof connectedAccounts.$inferSelect;

/** SPEC §3 Connected account, as every endpoint returns it. Built field by field so no token can slip in. */
export interface AccountView {
  _id: string;
  id: string;
  accountId: string;
  platform: Platform;
  platformUserId: string;
  username: string;
  name: string;
  displayName: string;
  accountName: string;
  profilePicture: string | null;
  followerCount: number | null;
  accountType: string;
  connectionType: string;
  isCompanyPage: boolean;
  companyName: string | null;
  pageId: string | null;
  companyId: string | null;
  connectedTo: string | null;
  fbUserId: string | null;
  fbUsername: string | null;
  fbProfilePicture: string | null;
  fbFollowerCount: number | null;
  ownerKey: string | null;
  connected: boolean;
  status: AccountStatus;
  statusReason: string | null;
  /** OK, expiring on a date (within 7 days), or needs reconnect with the platform's reason. */
  health: { state: "ok" | "expiring" | "needs_reconnect"; expiresAt: string | null; reason: string | null };
  /** When the access the platform granted ends (null: it does not expire). */
  accessExpiresAt: string | null;
  /** When a platform last accepted the account's token (the daily health check). */
  lastVerifiedAt: string | null;
  connectedAt: string;
  metadata: Record<string, unknown>;
}

const str = (v: unknown) => (typeof v === "string" ? v : null);
const num = (v: unknown) => (typeof v === "number" ? v : null);

const iso = (v: number | null) => (v === null ? null : new Date(v).toISOString());

export function toAccountView(row: AccountRow, now: number = Date.now()): AccountView {
  const m = row.metadata ?? {};
  const isCompanyPage = row.accountType === "organization" || row.accountType === "company";
  return {
    _id: row.id,
    id: row.id,
    accountId: row.id,
    platform: row.platform,
    platformUserId: row.platformUserId,
    username: row.username,
    name: row.displayName,
    displayName: row.displayName,
    accountName: row.displayName,
    profilePicture: row.profilePicture,
    followerCount: row.followerCount,
    accountType: isCompanyPage ? "company" : row.accountType,
    connectionType: row.connectionType,
    isCompanyPage,
    companyName: isCompanyPage ? row.displayName : null,
    pageId: row.platform === "facebook" ? row.platformUserId : str(m.pageId),
    companyId: isCompanyPage ? row.platformUserId : null,
    connectedTo: str(m.connectedTo),
    fbUserId: str(m.fbUserId),
    fbUsername: str(m.fbUsername),
    fbProfilePicture: str(m.fbProfilePicture),
    fbFollowerCount: num(m.fbFollowerCount),
    ownerKey: row.ownerKey,
    connected: row.status === "connected",
    status: row.status,
    statusReason: row.statusReason,
    health: healthView(row, now),
    accessExpiresAt: iso(row.tokenExpiresAt),
    lastVerifiedAt: iso(row.lastVerifiedAt),
    connectedAt: new Date(row.connectedAt).toISOString(),
    metadata: publicMetadata(m),
  };
}

function healthView(row: AccountRow, now: number): AccountView["health"] {
  const health = accountHealth(healthFacts(row), now);
  return {
    state: health.state,
    expiresAt: health.state === "expiring" ? iso(health.expiresAt) : null,
    reason: health.state === "needs_reconnect" ? health.reason : null,
  };
}

/** Metadata keys the UI may see (SPEC §3); anything else a client stored stays server-side. */
const PUBLIC_METADATA = [
  "directConnection",
  "instagramOnly",
  "fullAccess",
  "connectionType",
  "viewOnly",
  "linkedViaInstagram",
  "sourceAccountId",
  "hideFacebookLink",
  "pageId",
  "loginVariant",
  // Mastodon: the account's instance and the limits it sets (ADR 059), for the composer's counter.
  "instance",
  "limits",
  // TikTok: what the creator may post (creator_info), for the composer's required settings.
  "creator",
];

function publicMetadata(m: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of PUBLIC_METADATA) if (key in m) out[key] = m[key];
  return out;
}

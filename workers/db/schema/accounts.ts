import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PLATFORMS } from "../../platform-profile";
import { createdAt, ms } from "./columns";
import { users } from "./core";
import { workspaces } from "./workspaces";

export const ACCOUNT_STATUSES = ["connected", "needs_reconnect", "disconnected"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/**
 * A social account the user connected. Tokens are AES-GCM ciphertext (never returned by any
 * endpoint); `status` turns to `needs_reconnect` when a refresh fails or the platform revokes access.
 * A disconnected account keeps its row without tokens (`disconnected`), so its held channels and published
 * history stay attached and reconnecting the same platform account takes them back (ADR 011).
 */
export const connectedAccounts = sqliteTable(
  "connected_accounts",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Who connected it. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    platformUserId: text("platform_user_id").notNull(),
    username: text("username").notNull(),
    displayName: text("display_name").notNull(),
    profilePicture: text("profile_picture"),
    followerCount: integer("follower_count"),
    /** business | creator | page | person | organization | channel | user */
    accountType: text("account_type").notNull(),
    /** direct (Instagram Login) | standard (via Facebook Login) */
    connectionType: text("connection_type").notNull().default("standard"),
    status: text("status", { enum: ACCOUNT_STATUSES }).notNull().default("connected"),
    statusReason: text("status_reason"),
    accessTokenEnc: text("access_token_enc").notNull(),
    refreshTokenEnc: text("refresh_token_enc"),
    tokenExpiresAt: ms("token_expires_at"),
    refreshExpiresAt: ms("refresh_expires_at"),
    /**
     * Until when one caller renews the token (ADR 111): refresh tokens that rotate work once, so a second caller
     * waits for the first one's tokens instead of spending the same refresh token.
     */
    refreshingUntil: ms("refreshing_until"),
    scopes: text("scopes"),
    /** When the daily health check last ran for this account, and when a platform last accepted its token. */
    healthCheckedAt: ms("health_checked_at"),
    lastVerifiedAt: ms("last_verified_at"),
    /** The health problem owners and admins were last emailed about, so each problem is mailed once. */
    healthNotice: text("health_notice"),
    /** Accounts connected in one consent share this key (an IG account and its Page). */
    ownerKey: text("owner_key"),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>().default(sql`'{}'`),
    connectedAt: createdAt(),
    updatedAt: ms("updated_at").notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    // Also serves the workspace's account list (its prefix).
    uniqueIndex("connected_accounts_workspace_platform_remote").on(t.workspaceId, t.platform, t.platformUserId),
    // The analytics cron lists connected accounts.
    index("connected_accounts_status_idx").on(t.status),
    // A webhook names the network's account, not ours: Meta's deliveries look connected accounts up by it across a
    // shard. With the status in the index SQLite takes it over the status index (it has no statistics to compare).
    index("connected_accounts_remote_idx").on(t.platformUserId, t.status),
  ],
);

/**
 * A dated platform API version (ADR 051) that a workspace's owners and admins were emailed about: once per
 * workspace and version, when the version in use enters its last days.
 */
export const apiVersionNotices = sqliteTable(
  "api_version_notices",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The setting that names the version (META_GRAPH_VERSION, LINKEDIN_VERSION). */
    setting: text("setting").notNull(),
    version: text("version").notNull(),
    sentAt: ms("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.setting, t.version] })],
);

/**
 * Postline's app registration on one server of an open network (Mastodon's `POST /api/v1/apps`, ADR 059): made
 * once per instance and redirect URI, then reused by every account there. The secret is encrypted like tokens.
 */
export const instanceApps = sqliteTable(
  "instance_apps",
  {
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    instance: text("instance").notNull(),
    redirectUri: text("redirect_uri").notNull(),
    clientId: text("client_id").notNull(),
    clientSecretEnc: text("client_secret_enc").notNull(),
    scopes: text("scopes").notNull(),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.platform, t.instance, t.redirectUri] })],
);

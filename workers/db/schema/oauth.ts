import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PLATFORMS } from "../../platform-profile";
import { createdAt, ms } from "./columns";
import { users } from "./core";
import { workspaces } from "./workspaces";

/**
 * A pending OAuth consent. Only the SHA-256 of `state` is stored; the PKCE verifier is encrypted with
 * the token key. A row is bound to the user and the session that started it, used once, and expires.
 */
export const oauthStates = sqliteTable(
  "oauth_states",
  {
    id: text("id").primaryKey(),
    stateHash: text("state_hash").notNull(),
    /** The workspace the connected accounts will belong to. */
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    variant: text("variant"),
    /** The server the user named, for platforms with one per account (a Mastodon instance, ADR 059). */
    instance: text("instance"),
    codeVerifierEnc: text("code_verifier_enc"),
    /** What the platform's client keeps until the callback (Bluesky: its DPoP key, ADR 073), encrypted likewise. */
    clientStateEnc: text("client_state_enc"),
    redirectUri: text("redirect_uri").notNull(),
    expiresAt: ms("expires_at").notNull(),
    usedAt: ms("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("oauth_states_hash").on(t.stateHash), index("oauth_states_user_idx").on(t.userId)],
);

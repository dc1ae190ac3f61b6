import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, ms } from "./columns";
import { users } from "./core";
import type { ApiKeyScope } from "./value-lists";
import { workspaces } from "./workspaces";

export { API_KEY_SCOPES, type ApiKeyScope } from "./value-lists";

/**
 * A workspace API key (ADR 017). Only the SHA-256 of the secret is stored; the key's public id is part
 * of the token (`pl_<id>_<secret>`), so a request finds its row by primary key and compares hashes.
 */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    secretHash: text("secret_hash").notNull(),
    scopes: text("scopes", { mode: "json" }).$type<ApiKeyScope[]>().notNull(),
    expiresAt: ms("expires_at"),
    lastUsedAt: ms("last_used_at"),
    revokedAt: ms("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("api_keys_workspace_idx").on(t.workspaceId, t.createdAt)],
);

/**
 * One claimed Idempotency-Key: inserted before the work runs (the primary key lets only one request
 * claim it), marked with the work in the work's own batch, completed with the answer that later requests replay.
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    workspaceId: text("workspace_id").notNull(),
    /** The user or API key that sent it: keys of two callers never collide. */
    owner: text("owner").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    /** This claim's own id: a request's work names it (ADR 125), so a claim taken over since is never marked. */
    claimId: text("claim_id"),
    /**
     * What the claiming request's work made or touched (a post's id, the media ids…), written in the same D1 batch
     * as that work: a claim whose Worker died after its work committed answers from it instead of doing it again.
     */
    work: text("work"),
    createdAt: ms("created_at").notNull(),
    expiresAt: ms("expires_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.owner, t.key] }),
    index("idempotency_keys_expires_idx").on(t.expiresAt),
  ],
);

import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, ms } from "./columns";
import { users } from "./core";
import { ROLES } from "./value-lists";

export { ROLES, type Role } from "./value-lists";

/**
 * The unit everything users own belongs to (ADR 009). A personal workspace names its user in
 * `personalUserId`: it is the default when a request names none. Migrated users' personal workspaces
 * have the user's own id, so their rows kept their `user_id` value as the workspace id.
 */
export const workspaces = sqliteTable(
  "workspaces",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** IANA zone; new posts default to it. */
    timezone: text("timezone").notNull().default("UTC"),
    approvalRequired: integer("approval_required", { mode: "boolean" }).notNull().default(false),
    /** "Every post needs media" (SPEC's rule, on by default); off, networks that take text alone get it. */
    mediaRequired: integer("media_required", { mode: "boolean" }).notNull().default(true),
    personalUserId: text("personal_user_id"),
    /** The D1 binding that holds this workspace's data (workers/db/directory.ts, ADR 035). */
    shard: text("shard").notNull().default("DB"),
    /** Set while the workspace is archived: read-only, and not offered in the switcher (ADR 078). */
    archivedAt: ms("archived_at"),
    /** Set while the workspace is being copied to this shard: writes answer 503 until the switch (ADR 082). */
    movingTo: text("moving_to"),
    /** The move's step, so a rerun after a crash resumes or rolls back: "copy", or "cleanup:<old shard>". */
    moveStep: text("move_step"),
    createdAt: createdAt(),
    updatedAt: ms("updated_at").notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [uniqueIndex("workspaces_personal_user_unique").on(t.personalUserId)],
);

export const workspaceMembers = sqliteTable(
  "workspace_members",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }).notNull(),
    joinedAt: ms("joined_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index("workspace_members_user_idx").on(t.userId)],
);

/** An emailed invitation: only the SHA-256 of its token is stored; single use, expires. */
export const workspaceInvites = sqliteTable(
  "workspace_invites",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").notNull(),
    expiresAt: ms("expires_at").notNull(),
    acceptedAt: ms("accepted_at"),
    acceptedBy: text("accepted_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("workspace_invites_token_unique").on(t.tokenHash),
    index("workspace_invites_workspace_idx").on(t.workspaceId, t.createdAt),
  ],
);

/**
 * The directory of names a public URL is looked up by without a session (ADR 093): a short link's code (`/l/<code>`)
 * and a bio page's handle (`/bio/<handle>`), each with the workspace whose shard holds its row. Unique across
 * shards here, so two shards never mint the same name.
 */
export const publicNames = sqliteTable(
  "public_names",
  {
    kind: text("kind", { enum: ["link", "bio"] }).notNull(),
    name: text("name").notNull(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.name] }), index("public_names_workspace_idx").on(t.workspaceId)],
);

import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, ms } from "./columns";
import { users } from "./core";
import { posts } from "./posts";
import { workspaces } from "./workspaces";

export const APPROVAL_STATUSES = ["pending", "approved", "rejected"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/**
 * One submission of a post for approval and its decision (ADR 016). At most one is pending per post;
 * decided ones stay as the post's approval history.
 */
export const postApprovals = sqliteTable(
  "post_approvals",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    submittedBy: text("submitted_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    submittedAt: ms("submitted_at").notNull(),
    /** Publish Now was asked for: approval publishes at once instead of at the scheduled time. */
    publishNow: integer("publish_now", { mode: "boolean" }).notNull().default(false),
    status: text("status", { enum: APPROVAL_STATUSES }).notNull(),
    decidedBy: text("decided_by"),
    decidedAt: ms("decided_at"),
    comment: text("comment"),
  },
  (t) => [
    index("post_approvals_workspace_status_idx").on(t.workspaceId, t.status, t.submittedAt),
    index("post_approvals_post_idx").on(t.postId, t.submittedAt),
  ],
);

/** In-app notices for one member in one workspace (approved, rejected, client feedback). */
export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    postId: text("post_id"),
    message: text("message").notNull(),
    createdAt: createdAt(),
    readAt: ms("read_at"),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.workspaceId, t.createdAt)],
);

/**
 * A client approval link: only the SHA-256 of its token is stored. It names a fixed set of posts
 * (chosen, or the posts of a date range when it was made), expires, and can be revoked.
 */
export const shareLinks = sqliteTable(
  "share_links",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    label: text("label").notNull(),
    postIds: text("post_ids", { mode: "json" }).$type<string[]>().notNull(),
    createdBy: text("created_by").notNull(),
    expiresAt: ms("expires_at").notNull(),
    revokedAt: ms("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("share_links_token_unique").on(t.tokenHash),
    index("share_links_workspace_idx").on(t.workspaceId, t.createdAt),
  ],
);

export const CLIENT_DECISIONS = ["approved", "changes_requested"] as const;

/** What a client did through a link: who ("client via link <label>"), when, which post, what. */
export const clientReviews = sqliteTable(
  "client_reviews",
  {
    id: text("id").primaryKey(),
    linkId: text("link_id")
      .notNull()
      .references(() => shareLinks.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    decision: text("decision", { enum: CLIENT_DECISIONS }).notNull(),
    comment: text("comment"),
    createdAt: createdAt(),
  },
  (t) => [index("client_reviews_post_idx").on(t.postId, t.createdAt)],
);

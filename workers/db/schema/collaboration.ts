import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./core";
import { posts } from "./posts";
import { workspaces } from "./workspaces";

/** Members' internal comments on a post; `mentions` are the member ids its @names resolved to. */
export const postComments = sqliteTable(
  "post_comments",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    mentions: text("mentions", { mode: "json" }).$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("post_comments_post_idx").on(t.postId, t.createdAt)],
);

/**
 * Who did what in a workspace, and when. `userId` has no foreign key: the record outlives the member.
 * `subject` names what was acted on ("post", "account"), `subjectId` which one, `summary` says it in words.
 */
export const activityLog = sqliteTable(
  "activity_log",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id"),
    action: text("action").notNull(),
    subject: text("subject").notNull(),
    subjectId: text("subject_id"),
    summary: text("summary").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("activity_log_workspace_idx").on(t.workspaceId, t.createdAt)],
);

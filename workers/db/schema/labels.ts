import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { posts } from "./posts";
import { workspaces } from "./workspaces";

/** A workspace's label, also its campaign (ADR 094): a name unique in the workspace regardless of case, a colour. */
export const labels = sqliteTable(
  "labels",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** `#rrggbb`. */
    color: text("colour").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("labels_workspace_name_unique").on(t.workspaceId, sql`lower(${t.name})`)],
);

/** The labels a post carries (several per post). */
export const postLabels = sqliteTable(
  "post_labels",
  {
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    labelId: text("label_id")
      .notNull()
      .references(() => labels.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.labelId] }), index("post_labels_label_idx").on(t.labelId, t.postId)],
);

/**
 * A post's own link choices (ADR 094), over the workspace's link settings: no short links at all (links published
 * as typed), or its own UTM campaign/medium. No row: the workspace's settings.
 */
export const postLinkOptions = sqliteTable("post_link_options", {
  postId: text("post_id")
    .primaryKey()
    .references(() => posts.id, { onDelete: "cascade" }),
  workspaceId: text("workspace_id").notNull(),
  shorten: integer("shorten", { mode: "boolean" }).notNull().default(true),
  utmCampaign: text("utm_campaign"),
  utmMedium: text("utm_medium"),
});

import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { posts } from "./posts";
import { workspaces } from "./workspaces";

/**
 * Rows already imported from a spreadsheet (ADR 022), keyed by a hash of the row's content, so uploading the
 * same file again (or a corrected copy) creates only the rows not imported before.
 */
export const importedRows = sqliteTable(
  "imported_rows",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    rowKey: text("row_key").notNull(),
    postId: text("post_id").references(() => posts.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  // A deleted post sets its rows' `post_id` to null: found through this index, not by reading every row.
  (t) => [primaryKey({ columns: [t.workspaceId, t.rowKey] }), index("imported_rows_post_idx").on(t.postId)],
);

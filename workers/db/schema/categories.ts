import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, ms } from "./columns";
import { posts } from "./posts";
import { workspaces } from "./workspaces";

/**
 * An evergreen category (ADR 076): weekly slots in the workspace's zone, each filled by the cron with a copy of the
 * category's next post in turn. `nextSlotAt` is the slot the cron fills next (null: no slot, or past `endsAt`);
 * `lastNote` says what happened at the last slot (a post queued, or why it stayed empty).
 */
export const categories = sqliteTable(
  "categories",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The member who made it: the copies are theirs, with their rights at the time of each slot. */
    createdBy: text("created_by").notNull(),
    name: text("name").notNull(),
    slots: text("slots", { mode: "json" }).$type<Array<{ day: number; time: string }>>().notNull(),
    minGapDays: integer("min_gap_days").notNull(),
    endsAt: ms("ends_at"),
    nextSlotAt: ms("next_slot_at"),
    lastNote: text("last_note"),
    createdAt: createdAt(),
    updatedAt: ms("updated_at").notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index("categories_workspace_idx").on(t.workspaceId), index("categories_due_idx").on(t.nextSlotAt)],
);

/**
 * A post in a category. `lastQueuedAt` is the slot of its latest copy (or its own time when added), from which its
 * gap is counted; `sentTexts` holds, per account of a network that refuses identical repeats, the texts its copies
 * already carried there, so the next copy carries another or is skipped (`lastSkip` says why).
 */
export const categoryPosts = sqliteTable(
  "category_posts",
  {
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    addedAt: ms("added_at").notNull(),
    lastQueuedAt: ms("last_queued_at"),
    timesQueued: integer("times_queued").notNull().default(0),
    sentTexts: text("sent_texts", { mode: "json" }).$type<Record<string, string[]>>().notNull(),
    lastSkip: text("last_skip"),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.postId] }), index("category_posts_post_idx").on(t.postId)],
);

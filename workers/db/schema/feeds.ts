import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, ms } from "./columns";
import { workspaces } from "./workspaces";

export const FEED_MODES = ["draft", "queue"] as const;
export type FeedMode = (typeof FEED_MODES)[number];

/**
 * An RSS, Atom or JSON Feed a workspace follows (ADR 068): its new items become drafts, or go to the queue of the
 * chosen channels, written through `template`. `etag`/`lastModified` are what the last answer said, sent back so an
 * unchanged feed answers 304; `lastError` is why the last check failed, shown on the feed's card.
 */
export const feeds = sqliteTable(
  "feeds",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The member who added it: the new posts are theirs, with their rights at the time of each check. */
    createdBy: text("created_by").notNull(),
    url: text("url").notNull(),
    title: text("title"),
    mode: text("mode", { enum: FEED_MODES }).notNull(),
    /** The accounts a queued item goes to (and a draft is prepared for). */
    accountIds: text("account_ids", { mode: "json" }).$type<string[]>().notNull(),
    template: text("template").notNull(),
    etag: text("etag"),
    lastModified: text("last_modified"),
    lastCheckedAt: ms("last_checked_at"),
    nextCheckAt: ms("next_check_at").notNull(),
    /** Failed checks in a row (the wait before the next grows with it); 0 after a good one. */
    failures: integer("failures").notNull().default(0),
    lastError: text("last_error"),
    /** Items that became posts, all time. */
    posted: integer("posted").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: ms("updated_at").notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index("feeds_workspace_idx").on(t.workspaceId), index("feeds_due_idx").on(t.nextCheckAt)],
);

/**
 * Every item a workspace's feeds have shown, by its GUID (within its feed's URL) and by its link: an item is new
 * only while none of its keys is here. Kept for good, even after the feed is removed, so nothing is posted twice.
 */
export const feedItems = sqliteTable(
  "feed_items",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    itemKey: text("item_key").notNull(),
    postId: text("post_id"),
    seenAt: ms("seen_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.itemKey] })],
);

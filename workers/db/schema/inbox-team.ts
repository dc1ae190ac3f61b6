import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { PLATFORMS } from "../../platform-profile";
import { ms } from "./columns";
import { users } from "./core";
import { INBOX_STATUSES, inboxItems } from "./inbox";
import { INBOX_KINDS, INBOX_RULE_ACTIONS, SENTIMENTS } from "./value-lists";
import { workspaces } from "./workspaces";

/**
 * A label on an inbox item; one row per label so the list can filter by it through an index (ADR 084). It carries
 * its item's `created_at` and `status` (ADR 102, migration 0075: copied when the label is added, the status kept in
 * step by a trigger on `inbox_items`), so a label filter is a range of these indexes, newest first, at any size.
 */
export const inboxLabels = sqliteTable(
  "inbox_labels",
  {
    itemId: text("item_id")
      .notNull()
      .references(() => inboxItems.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    label: text("label").notNull(),
    createdAt: ms("created_at").notNull(),
    status: text("status", { enum: INBOX_STATUSES }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.label] }),
    index("inbox_labels_list_idx").on(t.workspaceId, t.label, t.status, t.createdAt, t.itemId),
    index("inbox_labels_all_idx").on(t.workspaceId, t.label, t.createdAt, t.itemId),
  ],
);

/** A member's internal note on an item: seen by the team, never sent to the network. */
export const inboxNotes = sqliteTable(
  "inbox_notes",
  {
    id: text("id").primaryKey(),
    itemId: text("item_id")
      .notNull()
      .references(() => inboxItems.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [index("inbox_notes_item").on(t.itemId, t.createdAt)],
);

/** Which member has read which item (per-member read state). */
export const inboxReads = sqliteTable(
  "inbox_reads",
  {
    itemId: text("item_id")
      .notNull()
      .references(() => inboxItems.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    readAt: ms("read_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] })],
);

/** A reply the team reuses; `{first_name}`, `{name}`, `{network}`, `{me}` are filled per item. */
export const inboxSavedReplies = sqliteTable(
  "inbox_saved_replies",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [index("inbox_saved_replies_ws").on(t.workspaceId, t.title)],
);

/**
 * A rule the workspace runs on each new item once: when every condition set matches (one of its keywords in the
 * text, network, account, type, sentiment), it assigns, labels or hides the item.
 */
export const inboxRules = sqliteTable(
  "inbox_rules",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Words or phrases, comma-separated: the rule matches an item holding any of them as whole words. */
    keyword: text("keyword"),
    platform: text("platform", { enum: PLATFORMS }),
    /**
     * One connected account's items only (ADR 102). No foreign key: SQLite adds a column's key without its ON DELETE,
     * which would stop an account being removed; a rule naming a removed account matches nothing.
     */
    accountId: text("account_id"),
    kind: text("kind", { enum: INBOX_KINDS }),
    sentiment: text("sentiment", { enum: SENTIMENTS }),
    action: text("action", { enum: INBOX_RULE_ACTIONS }).notNull(),
    /** The member to assign to, or the label; null for hide. */
    value: text("value"),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [index("inbox_rules_ws").on(t.workspaceId, t.createdAt)],
);

import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PLATFORMS } from "../../platform-profile";
import { connectedAccounts } from "./accounts";
import { ms } from "./columns";
import { users } from "./core";
import { INBOX_KINDS, INBOX_SOURCES, SENTIMENTS } from "./value-lists";
import { workspaces } from "./workspaces";

export const INBOX_STATUSES = ["open", "done"] as const;
/** A reply's life: recorded `sending` before the network is called, then `sent` or `failed` (ADR 069). */
export const REPLY_STATES = ["sending", "sent", "failed"] as const;

/**
 * One comment, reply or mention the network holds, in the workspace's engagement inbox (ADR 069). Keyed by
 * the network's id per account, so a sync that runs twice, or two syncs that race, make one row.
 * `postId`/`targetId` name our post when the item is under one; a mention of the account may have none.
 */
export const inboxItems = sqliteTable(
  "inbox_items",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id")
      .notNull()
      .references(() => connectedAccounts.id, { onDelete: "cascade" }),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    remoteId: text("remote_id").notNull(),
    kind: text("kind", { enum: INBOX_KINDS }).notNull(),
    postId: text("post_id"),
    targetId: text("target_id"),
    /** The network's id of the post the item is under. */
    postRemoteId: text("post_remote_id"),
    author: text("author").notNull(),
    text: text("text").notNull(),
    /** When the network says it was written. */
    createdAt: ms("created_at").notNull(),
    receivedAt: ms("received_at").notNull(),
    status: text("status", { enum: INBOX_STATUSES }).notNull().default("open"),
    assigneeId: text("assignee_id").references(() => users.id, { onDelete: "set null" }),
    replyState: text("reply_state", { enum: REPLY_STATES }),
    replyText: text("reply_text"),
    replyRemoteId: text("reply_remote_id"),
    repliedBy: text("replied_by"),
    /** When the reply was recorded (before the call): a lost answer is looked for from here. */
    replyStartedAt: ms("reply_started_at"),
    replyError: text("reply_error"),
    /** When the network took our reply: first-response time is this less `createdAt` (ADR 084). */
    repliedAt: ms("replied_at"),
    /** Who closed the item (answered it or marked it done) and when: "items handled per member". */
    handledBy: text("handled_by"),
    handledAt: ms("handled_at"),
    /** A contributor's reply waiting for an editor to send it (ADR 084). */
    draftText: text("draft_text"),
    draftBy: text("draft_by"),
    sentiment: text("sentiment", { enum: SENTIMENTS }),
    suggestedReply: text("suggested_reply"),
    /** Set once the workspace's rules ran on the item, so each rule applies once per item. */
    rulesAppliedAt: ms("rules_applied_at"),
    /** A rule hid the item from the open list (its keyword, network, type or sentiment matched). */
    ruleHiddenAt: ms("rule_hidden_at"),
    /** When the comment was hidden on the network from the inbox (null: shown), liked, deleted (ADR 083). */
    hiddenAt: ms("hidden_at"),
    /**
     * The network's words when it refused for good to hide a comment a rule hid (ADR 102): the item stays hidden in
     * Postline and is not tried again. Null while the hide is pending, done, or never asked of the network.
     */
    hideError: text("hide_error"),
    likedAt: ms("liked_at"),
    deletedAt: ms("deleted_at"),
    /** A direct message's thread: the other person's network id, whom a reply is sent to (ADR 092). */
    conversationId: text("conversation_id"),
    /** A Business Profile review's stars, 1 to 5 (ADR 098); null for every other kind. */
    rating: integer("rating"),
    /** When the network says the item was last edited (a review's `updateTime`, ADR 101); null: never. */
    editedAt: ms("edited_at"),
  },
  (t) => [
    uniqueIndex("inbox_items_account_remote").on(t.accountId, t.remoteId),
    index("inbox_items_list_idx").on(t.workspaceId, t.status, t.createdAt),
    index("inbox_items_assignee_list_idx").on(t.workspaceId, t.assigneeId, t.status, t.createdAt),
    index("inbox_items_platform_list_idx").on(t.workspaceId, t.platform, t.status, t.createdAt),
    index("inbox_items_all_idx").on(t.workspaceId, t.createdAt),
    index("inbox_items_handled_idx").on(t.workspaceId, t.handledAt),
    index("inbox_items_conversation_idx")
      .on(t.accountId, t.conversationId, t.createdAt)
      .where(sql`${t.conversationId} IS NOT NULL`),
    // The items the rules and the assistant have not read yet: few at any time, found without a scan.
    index("inbox_items_untriaged").on(t.receivedAt).where(sql`${t.rulesAppliedAt} IS NULL`),
    // Comments a rule hid that the network has not hidden yet (ADR 102): few at any time, found without a scan.
    index("inbox_items_hide_pending")
      .on(t.ruleHiddenAt)
      .where(sql`${t.ruleHiddenAt} IS NOT NULL AND ${t.hiddenAt} IS NULL AND ${t.hideError} IS NULL`),
  ],
);

/** When each account's inbox was last polled: the cron's schedule (ADR 069); each source's state is in inbox_sources. */
export const inboxCursors = sqliteTable("inbox_cursors", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => connectedAccounts.id, { onDelete: "cascade" }),
  workspaceId: text("workspace_id").notNull(),
  polledAt: ms("polled_at").notNull(),
});

/**
 * Where each of an account's sources (its comments, mentions, messages, notifications or reviews read) stands
 * (ADR 101): read on its own, so one source's refusal leaves the others and keeps only its own place and reason.
 */
export const inboxSources = sqliteTable(
  "inbox_sources",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => connectedAccounts.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    source: text("source", { enum: INBOX_SOURCES }).notNull(),
    /** The newest `createdAt` taken in (time-read sources); the next read keeps items from a little before it. */
    newestAt: ms("newest_at"),
    /** The network's own position (Mastodon's notification id, Bluesky's seen time, a review's update time). */
    remoteCursor: text("remote_cursor"),
    checkedAt: ms("checked_at").notNull(),
    /** The last read that went through. */
    okAt: ms("ok_at"),
    /** Why the last read failed, in the network's words (null: it went through). */
    error: text("error"),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.source] })],
);

/** A person a webhook named by id only (a PSID or IGSID), as the network's profile read named them (ADR 101). */
export const inboxPeople = sqliteTable(
  "inbox_people",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => connectedAccounts.id, { onDelete: "cascade" }),
    personId: text("person_id").notNull(),
    name: text("name").notNull(),
    pictureUrl: text("picture_url"),
    fetchedAt: ms("fetched_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.personId] })],
);

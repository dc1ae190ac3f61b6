import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { type LocalPostOptions, PLATFORMS, type Platform, type PostFormat } from "../../platform-profile";
import { connectedAccounts } from "./accounts";
import { createdAt, ms } from "./columns";
import { users } from "./core";
import { workspaces } from "./workspaces";

export const POST_STATUSES = [
  "draft",
  "pending_approval",
  "scheduled",
  "publishing",
  "published",
  "partially_published",
  "failed",
  "changes_requested",
] as const;
export const TARGET_STATUSES = [
  "draft",
  "pending_approval",
  "scheduled",
  "queued",
  "publishing",
  "published",
  "failed",
  "unconfirmed",
  "held",
] as const;

/** A channel's own version as stored (ADR 021): only what differs from the post (posts/channel-version.ts). */
export interface StoredVersion {
  text?: string;
  media?: string[];
  title?: string;
  options?: {
    privacy?: "public" | "unlisted" | "private";
    tags?: string[];
    visibility?: "PUBLIC" | "CONNECTIONS" | "LOGGED_IN";
    /** Mastodon: visibility, content warning (spoiler_text) and language. */
    statusVisibility?: "public" | "unlisted" | "private" | "direct";
    contentWarning?: string;
    language?: string;
    /** Pinterest: the board (and section) the pin is saved to, and the pin's destination link. */
    board?: string;
    boardSection?: string;
    link?: string;
    altText?: Record<string, string>;
    /** ADR 066: a Reel, a Story or a Short instead of a feed post. */
    format?: PostFormat;
    /** TikTok's required post settings (platforms/tiktok-settings.ts). */
    tiktokPrivacy?: "PUBLIC_TO_EVERYONE" | "MUTUAL_FOLLOW_FRIENDS" | "FOLLOWER_OF_CREATOR" | "SELF_ONLY";
    tiktokAllowComment?: boolean;
    tiktokAllowDuet?: boolean;
    tiktokAllowStitch?: boolean;
    tiktokYourBrand?: boolean;
    tiktokBrandedContent?: boolean;
    /** Google Business Profile: the local post's type and its fields (ADR 065). */
    localPost?: LocalPostOptions;
  };
  firstComment?: string;
  /** The parts after the first, each published as a reply to the previous. */
  thread?: string[];
}

/** A post as the user wrote it. Its status is derived from its targets (see delivery/state.ts). */
export const posts = sqliteTable(
  "posts",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The author. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    /** Platforms the user picked, kept even before any account is chosen (a draft may have none). */
    platforms: text("platforms", { mode: "json" }).$type<Platform[]>().notNull().default(sql`'[]'`),
    title: text("title"),
    /** The video YouTube targets publish (a media id of the same user). */
    youtubeVideoId: text("youtube_video_id"),
    hashtags: text("hashtags", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    mentions: text("mentions", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    status: text("status", { enum: POST_STATUSES }).notNull(),
    /** UTC instant, epoch ms. Shown in `timezone` (the user's IANA zone when it was scheduled). */
    scheduledAt: ms("scheduled_at"),
    timezone: text("timezone").notNull().default("UTC"),
    publishedAt: ms("published_at"),
    category: text("category").notNull().default("other"),
    source: text("source").notNull().default("web"),
    createdAt: createdAt(),
    updatedAt: ms("updated_at").notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    // `id` breaks ties in the posts list's order, so a page is read off the index, not sorted from every post.
    index("posts_workspace_created_idx").on(t.workspaceId, t.createdAt, t.id),
    index("posts_workspace_status_idx").on(t.workspaceId, t.status, t.scheduledAt),
  ],
);

/** One row per (post, platform, account): the unit that is claimed, published and retried. */
export const postTargets = sqliteTable(
  "post_targets",
  {
    id: text("id").primaryKey(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    accountId: text("account_id")
      .notNull()
      .references(() => connectedAccounts.id, { onDelete: "cascade" }),
    status: text("status", { enum: TARGET_STATUSES }).notNull(),
    dueAt: ms("due_at"),
    claimId: text("claim_id"),
    claimedAt: ms("claimed_at"),
    attemptCount: integer("attempt_count").notNull().default(0),
    nextAttemptAt: ms("next_attempt_at"),
    remoteId: text("remote_id"),
    permalink: text("permalink"),
    publishedAt: ms("published_at"),
    errorKind: text("error_kind"),
    errorMessage: text("error_message"),
    /** Set when a failure was shown to the user (toast on next visit). */
    failureSeenAt: ms("failure_seen_at"),
    /** The channel's own version (ADR 021): what it publishes differently from the post; null: the post as is. */
    version: text("version", { mode: "json" }).$type<StoredVersion>(),
    /** Remote ids of a thread's parts, in order, recorded as each is created (never re-posted on a retry). */
    partIds: text("part_ids", { mode: "json" }).$type<string[]>(),
    /** The first comment's own delivery: pending | published | failed (null: none). */
    commentStatus: text("comment_status", { enum: ["pending", "published", "failed"] }),
    commentRemoteId: text("comment_remote_id"),
    commentError: text("comment_error"),
    /**
     * The queue slot Add to queue (or a reorder) put the channel in (ADR 126); it holds the slot while the channel
     * is still due there (`due_at = queue_slot`). Null for a channel scheduled by hand since 0081; migration 0083
     * gave each channel then waiting on an account with a queue the instant it was due at, one per instant.
     */
    queueSlot: ms("queue_slot"),
    createdAt: createdAt(),
    updatedAt: ms("updated_at").notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    // One queued channel per account and slot (ADR 126): two Add to queue at once cannot both land on a slot. A
    // channel scheduled by hand, moved off its slot, a draft or a failed one holds none.
    uniqueIndex("post_targets_queue_slot_uq")
      .on(t.accountId, t.dueAt)
      .where(sql`queue_slot = due_at AND status NOT IN ('draft', 'failed')`),
    index("post_targets_post_idx").on(t.postId),
    index("post_targets_due_idx").on(t.status, t.dueAt),
    index("post_targets_account_idx").on(t.accountId, t.status),
    // Analytics reads a workspace's published targets by publish time (also serves workspace + status lookups);
    // the trailing columns let the overview count targets and posts per account from the index alone. Index
    // names keep "user" from before workspaces (ADR 009): renaming would rebuild them.
    index("post_targets_user_status_published_idx").on(
      t.workspaceId,
      t.status,
      t.publishedAt,
      t.accountId,
      t.postId,
      t.platform,
    ),
  ],
);

/** Every attempt to publish a target, kept for the per-channel history and the bench. */
export const publishAttempts = sqliteTable(
  "publish_attempts",
  {
    id: text("id").primaryKey(),
    targetId: text("target_id")
      .notNull()
      .references(() => postTargets.id, { onDelete: "cascade" }),
    startedAt: ms("started_at").notNull(),
    durationMs: integer("duration_ms").notNull(),
    /** publish | verify | delete */
    kind: text("kind").notNull(),
    /** published | retry | failed | unconfirmed | found | not_found */
    outcome: text("outcome").notNull(),
    errorKind: text("error_kind"),
    errorMessage: text("error_message"),
    platformCode: text("platform_code"),
  },
  (t) => [index("publish_attempts_target_idx").on(t.targetId, t.startedAt)],
);

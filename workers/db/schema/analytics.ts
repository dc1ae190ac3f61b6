import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PLATFORMS } from "../../platform-profile";
import { connectedAccounts } from "./accounts";
import { createdAt, ms } from "./columns";
import { users } from "./core";
import { posts, postTargets } from "./posts";
import { workspaces } from "./workspaces";

/**
 * Analytics history. Snapshots are append-only (never updated): a trend is the difference between
 * two snapshots, so overwriting one would erase history. See docs/decisions/008-analytics-snapshots.md.
 */
export const accountMetricSnapshots = sqliteTable(
  "account_metric_snapshots",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => connectedAccounts.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    takenAt: ms("taken_at").notNull(),
    followers: integer("followers").notNull(),
    reach: integer("reach"),
    impressions: integer("impressions"),
    profileViews: integer("profile_views"),
  },
  (t) => [
    index("account_snapshots_user_taken_idx").on(t.workspaceId, t.takenAt),
    index("account_snapshots_account_taken_idx").on(t.accountId, t.takenAt),
  ],
);

export const postMetricSnapshots = sqliteTable(
  "post_metric_snapshots",
  {
    id: text("id").primaryKey(),
    targetId: text("target_id")
      .notNull()
      .references(() => postTargets.id, { onDelete: "cascade" }),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    workspaceId: text("workspace_id").notNull(),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    takenAt: ms("taken_at").notNull(),
    impressions: integer("impressions").notNull(),
    reach: integer("reach").notNull(),
    likes: integer("likes").notNull(),
    comments: integer("comments").notNull(),
    shares: integer("shares").notNull(),
    saves: integer("saves").notNull(),
    clicks: integer("clicks").notNull(),
    videoViews: integer("video_views").notNull(),
    /**
     * Growth since the target's previous snapshot (the first one counts from zero). Filled by the
     * `post_metric_snapshots_deltas` trigger (migration 0010) on insert, never by the app, so every writer agrees.
     * SQL defaults, so an insert binds no parameter for them (D1's 100-parameter limit).
     */
    likesDelta: integer("likes_delta").notNull().default(sql`0`),
    commentsDelta: integer("comments_delta").notNull().default(sql`0`),
    sharesDelta: integer("shares_delta").notNull().default(sql`0`),
  },
  (t) => [
    // Engagement trends sum the deltas per day straight from this index (it covers the query).
    index("post_snapshots_user_taken_idx").on(
      t.workspaceId,
      t.takenAt,
      t.platform,
      t.likesDelta,
      t.commentsDelta,
      t.sharesDelta,
    ),
    index("post_snapshots_target_taken_idx").on(t.targetId, t.takenAt),
    // The retention job finds the oldest snapshots of every workspace here (ADR 023).
    index("post_snapshots_taken_idx").on(t.takenAt),
    // Deleting a post checks its `post_id` children: without this, every snapshot in the database (migration 0035).
    index("post_snapshots_post_idx").on(t.postId),
  ],
);

/**
 * Each target's latest snapshot (derived state, ADR 008): kept by the `post_metric_snapshots_current` trigger
 * (migration 0010) on every snapshot insert. `publishedAt` is the target's, copied at insert (a published
 * target stays published). Overview sums this instead of looking up the latest of a million snapshots.
 */
export const postMetricsCurrent = sqliteTable(
  "post_metrics_current",
  {
    targetId: text("target_id")
      .primaryKey()
      .references(() => postTargets.id, { onDelete: "cascade" }),
    postId: text("post_id").notNull(),
    accountId: text("account_id").notNull(),
    workspaceId: text("workspace_id").notNull(),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    publishedAt: ms("published_at"),
    snapshotId: text("snapshot_id").notNull(),
    takenAt: ms("taken_at").notNull(),
    impressions: integer("impressions").notNull(),
    reach: integer("reach").notNull(),
    likes: integer("likes").notNull(),
    comments: integer("comments").notNull(),
    shares: integer("shares").notNull(),
    saves: integer("saves").notNull(),
    clicks: integer("clicks").notNull(),
    videoViews: integer("video_views").notNull(),
  },
  (t) => [
    // Covers the overview's sums: a range scan by publish time reads no table row.
    index("post_metrics_current_user_published_idx").on(
      t.workspaceId,
      t.publishedAt,
      t.takenAt,
      t.accountId,
      t.postId,
      t.platform,
      t.impressions,
      t.reach,
      t.likes,
      t.comments,
      t.shares,
      t.saves,
      t.clicks,
      t.videoViews,
    ),
  ],
);

/**
 * The retention job's state (ADR 023): the UTC midnight before which post snapshots were rolled up and
 * deleted (rollups of earlier days cannot be rebuilt from snapshots), and `running` while it deletes, so the
 * rollup triggers keep the deleted snapshots' growth. One row, id 1.
 */
export const analyticsRetention = sqliteTable("analytics_retention", {
  id: integer("id").primaryKey(),
  horizon: ms("horizon").notNull().default(0),
  running: integer("running", { mode: "boolean" }).notNull().default(false),
});

export interface AudienceData {
  age: Array<{ range: string; percentage: number }>;
  gender: Array<{ type: string; percentage: number }>;
  locations: Array<{ country: string; percentage: number }>;
  /** 24 entries, hour 0-23 in UTC as the platform reports it. */
  activeHours: Array<{ hour: number; activity: number }>;
}

export const audienceSnapshots = sqliteTable(
  "audience_snapshots",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => connectedAccounts.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    takenAt: ms("taken_at").notNull(),
    data: text("data", { mode: "json" }).$type<AudienceData>().notNull(),
  },
  (t) => [
    index("audience_snapshots_account_taken_idx").on(t.accountId, t.takenAt),
    index("audience_snapshots_user_idx").on(t.workspaceId, t.takenAt),
  ],
);

export const syncedComments = sqliteTable(
  "synced_comments",
  {
    id: text("id").primaryKey(),
    targetId: text("target_id")
      .notNull()
      .references(() => postTargets.id, { onDelete: "cascade" }),
    postId: text("post_id").notNull(),
    workspaceId: text("workspace_id").notNull(),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    remoteId: text("remote_id").notNull(),
    author: text("author").notNull(),
    text: text("text").notNull(),
    createdAt: ms("created_at").notNull(),
    syncedAt: ms("synced_at").notNull(),
  },
  (t) => [
    uniqueIndex("synced_comments_target_remote").on(t.targetId, t.remoteId),
    index("synced_comments_post_idx").on(t.postId, t.createdAt),
  ],
);

/** When each account was last synced and enqueued, so the cron does not enqueue an account twice. */
export const analyticsSyncState = sqliteTable("analytics_sync_state", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => connectedAccounts.id, { onDelete: "cascade" }),
  workspaceId: text("workspace_id").notNull(),
  lastAccountSyncAt: ms("last_account_sync_at"),
  lastEnqueuedAt: ms("last_enqueued_at"),
  lastError: text("last_error"),
});

export const REPORT_KINDS = ["summary", "detailed", "growth", "content"] as const;
export const REPORT_FORMATS = ["csv", "xlsx", "pdf"] as const;

export const reportSchedules = sqliteTable(
  "report_schedules",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Who set it up: the report is emailed to them. */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: REPORT_KINDS }).notNull(),
    format: text("format", { enum: REPORT_FORMATS }).notNull(),
    frequency: text("frequency", { enum: ["weekly", "monthly"] }).notNull(),
    /** 0 = Sunday … 6 = Saturday (weekly). */
    weekday: integer("weekday"),
    /** 1-28 (monthly). */
    dayOfMonth: integer("day_of_month"),
    /** 0-23 in the workspace's timezone (ADR 085). */
    hour: integer("hour").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    lastSentAt: ms("last_sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("report_schedules_workspace_idx").on(t.workspaceId),
    index("report_schedules_enabled_idx").on(t.enabled),
  ],
);

/** A generated report file kept in R2 at `reports/<workspace>/<id>.<ext>`. */
export const reportFiles = sqliteTable(
  "report_files",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scheduleId: text("schedule_id"),
    kind: text("kind", { enum: REPORT_KINDS }).notNull(),
    format: text("format", { enum: REPORT_FORMATS }).notNull(),
    r2Key: text("r2_key").notNull(),
    size: integer("size").notNull(),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [index("report_files_workspace_idx").on(t.workspaceId, t.createdAt)],
);

/**
 * Who a scheduled report goes to besides the member who set it up: members (`user_id`) and external emails.
 * An external recipient's unsubscribe link names the row and is signed (ADR 085), so nothing secret is stored.
 */
export const reportRecipients = sqliteTable(
  "report_recipients",
  {
    id: text("id").primaryKey(),
    scheduleId: text("schedule_id")
      .notNull()
      .references(() => reportSchedules.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    email: text("email").notNull(),
    userId: text("user_id"),
    unsubscribedAt: ms("unsubscribed_at"),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [uniqueIndex("report_recipients_schedule_email_unique").on(t.scheduleId, t.email)],
);

export const REPORT_DELIVERY_STATUSES = ["pending", "sent", "failed"] as const;

/** One report file mailed to one recipient: pending until the Mailer takes it, retried with backoff. */
export const reportDeliveries = sqliteTable(
  "report_deliveries",
  {
    id: text("id").primaryKey(),
    scheduleId: text("schedule_id")
      .notNull()
      .references(() => reportSchedules.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    reportFileId: text("report_file_id").notNull(),
    email: text("email").notNull(),
    status: text("status", { enum: REPORT_DELIVERY_STATUSES }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ms("next_attempt_at"),
    lastError: text("last_error"),
    sentAt: ms("sent_at"),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [
    index("report_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("report_deliveries_schedule_idx").on(t.scheduleId, t.createdAt),
  ],
);

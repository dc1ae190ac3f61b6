import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { PLATFORMS } from "../../platform-profile";
import { ms } from "./columns";

export const STAGING_STATES = ["staging", "processing", "ready", "failed", "stale"] as const;

/**
 * What was prepared on the platform ahead of a target's due time (ADR 029): a private video, a container,
 * uploaded media. Deliberately no foreign key to the target: when a post is deleted its staged remote
 * object must still be found (and deleted on the platform) by the cron's cleanup.
 */
export const targetStagings = sqliteTable(
  "target_stagings",
  {
    targetId: text("target_id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    postId: text("post_id").notNull(),
    accountId: text("account_id").notNull(),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    /** staging (upload running) → processing (platform busy) → ready; failed (retry or attention); stale (to delete). */
    state: text("state", { enum: STAGING_STATES }).notNull(),
    /** The platform's handle of the staged object (video id, container id). */
    remoteId: text("remote_id"),
    /** When the platform drops the staged object (containers: 24 h); null: kept until deleted. */
    expiresAt: ms("expires_at"),
    /** Hash of what was staged (text, title, options, media): an edit makes it differ. */
    fingerprint: text("fingerprint"),
    attemptCount: integer("attempt_count").notNull().default(0),
    /** Next retry of a failed staging, or the next processing check. */
    nextAttemptAt: ms("next_attempt_at"),
    errorKind: text("error_kind"),
    errorMessage: text("error_message"),
    /** When the current staging run started: its lease, and the guard of its conditional completion. */
    startedAt: ms("started_at").notNull(),
    updatedAt: ms("updated_at").notNull(),
  },
  (t) => [index("target_stagings_post_idx").on(t.postId), index("target_stagings_state_idx").on(t.state)],
);

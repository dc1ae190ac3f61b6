-- Workspaces (ADR 009). Lossless and cheap: every user gets a personal workspace whose id is the user's id,
-- so existing rows keep their `user_id` value as their workspace id and no big table is rewritten.
-- Tables whose user_id has no foreign key rename the column (indexes and the 0010 triggers follow the
-- rename). Tables with a foreign key to users gain a workspace_id column instead and keep user_id as the
-- author: a drizzle table rebuild would drop the old table, and on D1 that cascades into its child rows.
CREATE TABLE `workspaces` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`timezone` text DEFAULT 'UTC' NOT NULL,
	`approval_required` integer DEFAULT false NOT NULL,
	`personal_user_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `workspaces_personal_user_unique` ON `workspaces` (`personal_user_id`);--> statement-breakpoint
CREATE TABLE `workspace_members` (
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`workspace_id`, `user_id`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `workspace_members_user_idx` ON `workspace_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `workspace_invites` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` text NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`accepted_by` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `workspace_invites_token_unique` ON `workspace_invites` (`token_hash`);--> statement-breakpoint
CREATE INDEX `workspace_invites_workspace_idx` ON `workspace_invites` (`workspace_id`,`created_at`);--> statement-breakpoint
INSERT INTO `workspaces` (`id`, `name`, `timezone`, `approval_required`, `personal_user_id`, `created_at`, `updated_at`)
SELECT `id`, `display_name` || '''s workspace', `timezone`, false, `id`, `created_at`, `created_at` FROM `users`;--> statement-breakpoint
INSERT INTO `workspace_members` (`workspace_id`, `user_id`, `role`, `joined_at`) SELECT `id`, `id`, 'owner', `created_at` FROM `users`;--> statement-breakpoint
ALTER TABLE `connected_accounts` ADD `workspace_id` text REFERENCES workspaces(id) ON DELETE cascade;--> statement-breakpoint
UPDATE `connected_accounts` SET `workspace_id` = `user_id`;--> statement-breakpoint
DROP INDEX `connected_accounts_user_platform_remote`;--> statement-breakpoint
DROP INDEX `connected_accounts_user_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `connected_accounts_workspace_platform_remote` ON `connected_accounts` (`workspace_id`,`platform`,`platform_user_id`);--> statement-breakpoint
ALTER TABLE `posts` ADD `workspace_id` text REFERENCES workspaces(id) ON DELETE cascade;--> statement-breakpoint
UPDATE `posts` SET `workspace_id` = `user_id`;--> statement-breakpoint
DROP INDEX `posts_user_created_idx`;--> statement-breakpoint
DROP INDEX `posts_user_status_idx`;--> statement-breakpoint
CREATE INDEX `posts_workspace_created_idx` ON `posts` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `posts_workspace_status_idx` ON `posts` (`workspace_id`,`status`,`scheduled_at`);--> statement-breakpoint
ALTER TABLE `media` ADD `workspace_id` text REFERENCES workspaces(id) ON DELETE cascade;--> statement-breakpoint
UPDATE `media` SET `workspace_id` = `user_id`;--> statement-breakpoint
DROP INDEX `media_user_created_idx`;--> statement-breakpoint
DROP INDEX `media_user_folder_idx`;--> statement-breakpoint
CREATE INDEX `media_workspace_created_idx` ON `media` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `media_workspace_folder_idx` ON `media` (`workspace_id`,`folder`);--> statement-breakpoint
ALTER TABLE `media_uploads` ADD `workspace_id` text REFERENCES workspaces(id) ON DELETE cascade;--> statement-breakpoint
UPDATE `media_uploads` SET `workspace_id` = `user_id`;--> statement-breakpoint
DROP INDEX `media_uploads_user_idx`;--> statement-breakpoint
CREATE INDEX `media_uploads_workspace_idx` ON `media_uploads` (`workspace_id`);--> statement-breakpoint
ALTER TABLE `ai_usage` ADD `workspace_id` text REFERENCES workspaces(id) ON DELETE cascade;--> statement-breakpoint
UPDATE `ai_usage` SET `workspace_id` = `user_id`;--> statement-breakpoint
DROP INDEX `ai_usage_user_created_idx`;--> statement-breakpoint
CREATE INDEX `ai_usage_workspace_created_idx` ON `ai_usage` (`workspace_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `report_schedules` ADD `workspace_id` text REFERENCES workspaces(id) ON DELETE cascade;--> statement-breakpoint
UPDATE `report_schedules` SET `workspace_id` = `user_id`;--> statement-breakpoint
DROP INDEX `report_schedules_user_idx`;--> statement-breakpoint
CREATE INDEX `report_schedules_workspace_idx` ON `report_schedules` (`workspace_id`);--> statement-breakpoint
ALTER TABLE `report_files` ADD `workspace_id` text REFERENCES workspaces(id) ON DELETE cascade;--> statement-breakpoint
UPDATE `report_files` SET `workspace_id` = `user_id`;--> statement-breakpoint
DROP INDEX `report_files_user_idx`;--> statement-breakpoint
CREATE INDEX `report_files_workspace_idx` ON `report_files` (`workspace_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `oauth_states` ADD `workspace_id` text REFERENCES workspaces(id) ON DELETE cascade;--> statement-breakpoint
UPDATE `oauth_states` SET `workspace_id` = `user_id`;--> statement-breakpoint
ALTER TABLE `post_targets` RENAME COLUMN `user_id` TO `workspace_id`;--> statement-breakpoint
ALTER TABLE `account_metric_snapshots` RENAME COLUMN `user_id` TO `workspace_id`;--> statement-breakpoint
ALTER TABLE `post_metric_snapshots` RENAME COLUMN `user_id` TO `workspace_id`;--> statement-breakpoint
ALTER TABLE `post_metrics_current` RENAME COLUMN `user_id` TO `workspace_id`;--> statement-breakpoint
ALTER TABLE `audience_snapshots` RENAME COLUMN `user_id` TO `workspace_id`;--> statement-breakpoint
ALTER TABLE `synced_comments` RENAME COLUMN `user_id` TO `workspace_id`;--> statement-breakpoint
ALTER TABLE `analytics_sync_state` RENAME COLUMN `user_id` TO `workspace_id`;--> statement-breakpoint
ALTER TABLE `scheduler_runs` RENAME COLUMN `user_id` TO `workspace_id`;

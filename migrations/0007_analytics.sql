CREATE TABLE `account_metric_snapshots` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`user_id` text NOT NULL,
	`platform` text NOT NULL,
	`taken_at` integer NOT NULL,
	`followers` integer NOT NULL,
	`reach` integer,
	`impressions` integer,
	`profile_views` integer,
	FOREIGN KEY (`account_id`) REFERENCES `connected_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_snapshots_user_taken_idx` ON `account_metric_snapshots` (`user_id`,`taken_at`);--> statement-breakpoint
CREATE INDEX `account_snapshots_account_taken_idx` ON `account_metric_snapshots` (`account_id`,`taken_at`);--> statement-breakpoint
CREATE TABLE `analytics_sync_state` (
	`account_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`last_account_sync_at` integer,
	`last_enqueued_at` integer,
	`last_error` text,
	FOREIGN KEY (`account_id`) REFERENCES `connected_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `audience_snapshots` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`user_id` text NOT NULL,
	`platform` text NOT NULL,
	`taken_at` integer NOT NULL,
	`data` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `connected_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `audience_snapshots_account_taken_idx` ON `audience_snapshots` (`account_id`,`taken_at`);--> statement-breakpoint
CREATE INDEX `audience_snapshots_user_idx` ON `audience_snapshots` (`user_id`,`taken_at`);--> statement-breakpoint
CREATE TABLE `post_metric_snapshots` (
	`id` text PRIMARY KEY NOT NULL,
	`target_id` text NOT NULL,
	`post_id` text NOT NULL,
	`account_id` text NOT NULL,
	`user_id` text NOT NULL,
	`platform` text NOT NULL,
	`taken_at` integer NOT NULL,
	`impressions` integer NOT NULL,
	`reach` integer NOT NULL,
	`likes` integer NOT NULL,
	`comments` integer NOT NULL,
	`shares` integer NOT NULL,
	`saves` integer NOT NULL,
	`clicks` integer NOT NULL,
	`video_views` integer NOT NULL,
	FOREIGN KEY (`target_id`) REFERENCES `post_targets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_snapshots_user_taken_idx` ON `post_metric_snapshots` (`user_id`,`taken_at`);--> statement-breakpoint
CREATE INDEX `post_snapshots_target_taken_idx` ON `post_metric_snapshots` (`target_id`,`taken_at`);--> statement-breakpoint
CREATE TABLE `report_files` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`schedule_id` text,
	`kind` text NOT NULL,
	`format` text NOT NULL,
	`r2_key` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `report_files_user_idx` ON `report_files` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `report_schedules` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`format` text NOT NULL,
	`frequency` text NOT NULL,
	`weekday` integer,
	`day_of_month` integer,
	`hour` integer NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`last_sent_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `report_schedules_user_idx` ON `report_schedules` (`user_id`);--> statement-breakpoint
CREATE INDEX `report_schedules_enabled_idx` ON `report_schedules` (`enabled`);--> statement-breakpoint
CREATE TABLE `synced_comments` (
	`id` text PRIMARY KEY NOT NULL,
	`target_id` text NOT NULL,
	`post_id` text NOT NULL,
	`user_id` text NOT NULL,
	`platform` text NOT NULL,
	`remote_id` text NOT NULL,
	`author` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL,
	`synced_at` integer NOT NULL,
	FOREIGN KEY (`target_id`) REFERENCES `post_targets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `synced_comments_target_remote` ON `synced_comments` (`target_id`,`remote_id`);--> statement-breakpoint
CREATE INDEX `synced_comments_post_idx` ON `synced_comments` (`post_id`,`created_at`);
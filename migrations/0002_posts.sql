CREATE TABLE `post_targets` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`user_id` text NOT NULL,
	`platform` text NOT NULL,
	`account_id` text NOT NULL,
	`status` text NOT NULL,
	`due_at` integer,
	`claim_id` text,
	`claimed_at` integer,
	`attempt_count` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`remote_id` text,
	`permalink` text,
	`published_at` integer,
	`error_kind` text,
	`error_message` text,
	`failure_seen_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `connected_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_targets_post_idx` ON `post_targets` (`post_id`);--> statement-breakpoint
CREATE INDEX `post_targets_due_idx` ON `post_targets` (`status`,`due_at`);--> statement-breakpoint
CREATE INDEX `post_targets_account_idx` ON `post_targets` (`account_id`,`status`);--> statement-breakpoint
CREATE INDEX `post_targets_user_idx` ON `post_targets` (`user_id`,`status`);--> statement-breakpoint
CREATE TABLE `posts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`content` text NOT NULL,
	`title` text,
	`hashtags` text DEFAULT '[]' NOT NULL,
	`mentions` text DEFAULT '[]' NOT NULL,
	`status` text NOT NULL,
	`scheduled_at` integer,
	`timezone` text DEFAULT 'UTC' NOT NULL,
	`published_at` integer,
	`category` text DEFAULT 'other' NOT NULL,
	`source` text DEFAULT 'web' NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `posts_user_created_idx` ON `posts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `posts_user_status_idx` ON `posts` (`user_id`,`status`,`scheduled_at`);--> statement-breakpoint
CREATE TABLE `publish_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`target_id` text NOT NULL,
	`started_at` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`kind` text NOT NULL,
	`outcome` text NOT NULL,
	`error_kind` text,
	`error_message` text,
	`platform_code` text,
	FOREIGN KEY (`target_id`) REFERENCES `post_targets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `publish_attempts_target_idx` ON `publish_attempts` (`target_id`,`started_at`);
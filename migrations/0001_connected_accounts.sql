CREATE TABLE `connected_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`platform` text NOT NULL,
	`platform_user_id` text NOT NULL,
	`username` text NOT NULL,
	`display_name` text NOT NULL,
	`profile_picture` text,
	`follower_count` integer,
	`account_type` text NOT NULL,
	`connection_type` text DEFAULT 'standard' NOT NULL,
	`status` text DEFAULT 'connected' NOT NULL,
	`status_reason` text,
	`access_token_enc` text NOT NULL,
	`refresh_token_enc` text,
	`token_expires_at` integer,
	`refresh_expires_at` integer,
	`scopes` text,
	`owner_key` text,
	`metadata` text DEFAULT '{}',
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `connected_accounts_user_platform_remote` ON `connected_accounts` (`user_id`,`platform`,`platform_user_id`);--> statement-breakpoint
CREATE INDEX `connected_accounts_user_idx` ON `connected_accounts` (`user_id`);
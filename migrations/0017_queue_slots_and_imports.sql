CREATE TABLE `imported_rows` (
	`workspace_id` text NOT NULL,
	`row_key` text NOT NULL,
	`post_id` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`workspace_id`, `row_key`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `account_queues` (
	`account_id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`timezone` text,
	`slots` text DEFAULT '[]' NOT NULL,
	`paused` integer DEFAULT false NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `connected_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_queues_workspace_idx` ON `account_queues` (`workspace_id`);
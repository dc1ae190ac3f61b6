CREATE TABLE `feed_items` (
	`workspace_id` text NOT NULL,
	`item_key` text NOT NULL,
	`post_id` text,
	`seen_at` integer NOT NULL,
	PRIMARY KEY(`workspace_id`, `item_key`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `feeds` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`created_by` text NOT NULL,
	`url` text NOT NULL,
	`title` text,
	`mode` text NOT NULL,
	`account_ids` text NOT NULL,
	`template` text NOT NULL,
	`etag` text,
	`last_modified` text,
	`last_checked_at` integer,
	`next_check_at` integer NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`posted` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `feeds_workspace_idx` ON `feeds` (`workspace_id`);--> statement-breakpoint
CREATE INDEX `feeds_due_idx` ON `feeds` (`next_check_at`);
CREATE TABLE `inbox_cursors` (
	`account_id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`newest_at` integer,
	`polled_at` integer NOT NULL,
	`last_error` text,
	FOREIGN KEY (`account_id`) REFERENCES `connected_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `inbox_items` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`account_id` text NOT NULL,
	`platform` text NOT NULL,
	`remote_id` text NOT NULL,
	`kind` text NOT NULL,
	`post_id` text,
	`target_id` text,
	`post_remote_id` text,
	`author` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL,
	`received_at` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`assignee_id` text,
	`reply_state` text,
	`reply_text` text,
	`reply_remote_id` text,
	`replied_by` text,
	`reply_started_at` integer,
	`reply_error` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `connected_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assignee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inbox_items_account_remote` ON `inbox_items` (`account_id`,`remote_id`);--> statement-breakpoint
CREATE INDEX `inbox_items_list_idx` ON `inbox_items` (`workspace_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `inbox_items_assignee_idx` ON `inbox_items` (`workspace_id`,`assignee_id`,`status`);
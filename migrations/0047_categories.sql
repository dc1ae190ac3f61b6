CREATE TABLE `categories` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`created_by` text NOT NULL,
	`name` text NOT NULL,
	`slots` text NOT NULL,
	`min_gap_days` integer NOT NULL,
	`ends_at` integer,
	`next_slot_at` integer,
	`last_note` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `categories_workspace_idx` ON `categories` (`workspace_id`);--> statement-breakpoint
CREATE INDEX `categories_due_idx` ON `categories` (`next_slot_at`);--> statement-breakpoint
CREATE TABLE `category_posts` (
	`category_id` text NOT NULL,
	`post_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`added_at` integer NOT NULL,
	`last_queued_at` integer,
	`times_queued` integer DEFAULT 0 NOT NULL,
	`sent_texts` text NOT NULL,
	`last_skip` text,
	PRIMARY KEY(`category_id`, `post_id`),
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `category_posts_post_idx` ON `category_posts` (`post_id`);
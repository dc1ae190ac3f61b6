CREATE TABLE `bio_clicks_daily` (
	`workspace_id` text NOT NULL,
	`item` text NOT NULL,
	`day` text NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`workspace_id`, `item`, `day`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `bio_pages` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`handle` text NOT NULL,
	`title` text NOT NULL,
	`links` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bio_pages_handle_unique` ON `bio_pages` (`handle`);
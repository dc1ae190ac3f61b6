CREATE TABLE `public_names` (
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`workspace_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`kind`, `name`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `public_names_workspace_idx` ON `public_names` (`workspace_id`);--> statement-breakpoint
INSERT OR IGNORE INTO `public_names` (`kind`, `name`, `workspace_id`, `created_at`) SELECT 'link', `code`, `workspace_id`, `created_at` FROM `short_links` WHERE `workspace_id` IN (SELECT `id` FROM `workspaces`);--> statement-breakpoint
INSERT OR IGNORE INTO `public_names` (`kind`, `name`, `workspace_id`, `created_at`) SELECT 'bio', `handle`, `workspace_id`, `updated_at` FROM `bio_pages` WHERE `workspace_id` IN (SELECT `id` FROM `workspaces`);

CREATE TABLE `link_clicks_daily` (
	`link_id` text NOT NULL,
	`day` text NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`link_id`, `day`),
	FOREIGN KEY (`link_id`) REFERENCES `short_links`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `link_settings` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`utm` integer DEFAULT true NOT NULL,
	`utm_medium` text DEFAULT 'social' NOT NULL,
	`utm_campaign` text DEFAULT 'postline' NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `short_links` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`workspace_id` text NOT NULL,
	`post_id` text NOT NULL,
	`target_id` text NOT NULL,
	`platform` text NOT NULL,
	`slot` text NOT NULL,
	`original` text NOT NULL,
	`destination` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`target_id`) REFERENCES `post_targets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `short_links_code_unique` ON `short_links` (`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `short_links_target_slot_unique` ON `short_links` (`target_id`,`slot`);--> statement-breakpoint
CREATE INDEX `short_links_workspace_post_idx` ON `short_links` (`workspace_id`,`post_id`);
CREATE TABLE `labels` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`colour` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `labels_workspace_name_unique` ON `labels` (`workspace_id`,lower("name"));--> statement-breakpoint
CREATE TABLE `post_labels` (
	`post_id` text NOT NULL,
	`label_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	PRIMARY KEY(`post_id`, `label_id`),
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`label_id`) REFERENCES `labels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_labels_label_idx` ON `post_labels` (`label_id`,`post_id`);--> statement-breakpoint
CREATE TABLE `post_link_options` (
	`post_id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`shorten` integer DEFAULT true NOT NULL,
	`utm_campaign` text,
	`utm_medium` text,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE TABLE `inbox_labels` (
	`item_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`label` text NOT NULL,
	PRIMARY KEY(`item_id`, `label`),
	FOREIGN KEY (`item_id`) REFERENCES `inbox_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inbox_labels_ws_label` ON `inbox_labels` (`workspace_id`,`label`);--> statement-breakpoint
CREATE TABLE `inbox_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`item_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`user_id` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `inbox_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inbox_notes_item` ON `inbox_notes` (`item_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `inbox_reads` (
	`item_id` text NOT NULL,
	`user_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`read_at` integer NOT NULL,
	PRIMARY KEY(`item_id`, `user_id`),
	FOREIGN KEY (`item_id`) REFERENCES `inbox_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `inbox_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`keyword` text,
	`platform` text,
	`kind` text,
	`sentiment` text,
	`action` text NOT NULL,
	`value` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inbox_rules_ws` ON `inbox_rules` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `inbox_saved_replies` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inbox_saved_replies_ws` ON `inbox_saved_replies` (`workspace_id`,`title`);--> statement-breakpoint
DROP INDEX `inbox_items_assignee_idx`;--> statement-breakpoint
ALTER TABLE `inbox_items` ADD `replied_at` integer;--> statement-breakpoint
ALTER TABLE `inbox_items` ADD `handled_by` text;--> statement-breakpoint
ALTER TABLE `inbox_items` ADD `handled_at` integer;--> statement-breakpoint
ALTER TABLE `inbox_items` ADD `draft_text` text;--> statement-breakpoint
ALTER TABLE `inbox_items` ADD `draft_by` text;--> statement-breakpoint
ALTER TABLE `inbox_items` ADD `sentiment` text;--> statement-breakpoint
ALTER TABLE `inbox_items` ADD `suggested_reply` text;--> statement-breakpoint
ALTER TABLE `inbox_items` ADD `rules_applied_at` integer;--> statement-breakpoint
ALTER TABLE `inbox_items` ADD `rule_hidden_at` integer;--> statement-breakpoint
CREATE INDEX `inbox_items_assignee_list_idx` ON `inbox_items` (`workspace_id`,`assignee_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `inbox_items_platform_list_idx` ON `inbox_items` (`workspace_id`,`platform`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `inbox_items_all_idx` ON `inbox_items` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `inbox_items_handled_idx` ON `inbox_items` (`workspace_id`,`handled_at`);--> statement-breakpoint
CREATE INDEX `inbox_items_untriaged` ON `inbox_items` (`received_at`) WHERE "inbox_items"."rules_applied_at" IS NULL;--> statement-breakpoint
-- Items taken in before the rules existed are not ruled on after the fact.
UPDATE `inbox_items` SET `rules_applied_at` = `received_at`;

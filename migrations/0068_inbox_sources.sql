CREATE TABLE `inbox_people` (
	`account_id` text NOT NULL,
	`person_id` text NOT NULL,
	`name` text NOT NULL,
	`picture_url` text,
	`fetched_at` integer NOT NULL,
	PRIMARY KEY(`account_id`, `person_id`),
	FOREIGN KEY (`account_id`) REFERENCES `connected_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `inbox_sources` (
	`account_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`source` text NOT NULL,
	`newest_at` integer,
	`remote_cursor` text,
	`checked_at` integer NOT NULL,
	`ok_at` integer,
	`error` text,
	PRIMARY KEY(`account_id`, `source`),
	FOREIGN KEY (`account_id`) REFERENCES `connected_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `inbox_items` ADD `edited_at` integer;--> statement-breakpoint
INSERT INTO `inbox_sources` (`account_id`, `workspace_id`, `source`, `newest_at`, `remote_cursor`, `checked_at`, `ok_at`)
SELECT c.`account_id`, c.`workspace_id`, 'comments', c.`newest_at`, NULL, c.`polled_at`, CASE WHEN c.`last_error` IS NULL THEN c.`polled_at` END
FROM `inbox_cursors` c JOIN `connected_accounts` a ON a.`id` = c.`account_id`;--> statement-breakpoint
INSERT INTO `inbox_sources` (`account_id`, `workspace_id`, `source`, `newest_at`, `remote_cursor`, `checked_at`, `ok_at`)
SELECT c.`account_id`, c.`workspace_id`, 'mentions', c.`newest_at`, NULL, c.`polled_at`, CASE WHEN c.`last_error` IS NULL THEN c.`polled_at` END
FROM `inbox_cursors` c JOIN `connected_accounts` a ON a.`id` = c.`account_id` WHERE a.`platform` IN ('twitter');--> statement-breakpoint
INSERT INTO `inbox_sources` (`account_id`, `workspace_id`, `source`, `newest_at`, `remote_cursor`, `checked_at`, `ok_at`)
SELECT c.`account_id`, c.`workspace_id`, 'messages', c.`newest_at`, NULL, c.`polled_at`, CASE WHEN c.`last_error` IS NULL THEN c.`polled_at` END
FROM `inbox_cursors` c JOIN `connected_accounts` a ON a.`id` = c.`account_id` WHERE a.`platform` IN ('facebook', 'instagram', 'twitter');--> statement-breakpoint
INSERT INTO `inbox_sources` (`account_id`, `workspace_id`, `source`, `newest_at`, `remote_cursor`, `checked_at`, `ok_at`)
SELECT c.`account_id`, c.`workspace_id`, 'notifications', NULL, c.`remote_cursor`, c.`polled_at`, CASE WHEN c.`last_error` IS NULL THEN c.`polled_at` END
FROM `inbox_cursors` c JOIN `connected_accounts` a ON a.`id` = c.`account_id` WHERE a.`platform` IN ('mastodon', 'bluesky');--> statement-breakpoint
INSERT INTO `inbox_sources` (`account_id`, `workspace_id`, `source`, `newest_at`, `remote_cursor`, `checked_at`, `ok_at`)
SELECT c.`account_id`, c.`workspace_id`, 'reviews', NULL, c.`remote_cursor`, c.`polled_at`, CASE WHEN c.`last_error` IS NULL THEN c.`polled_at` END
FROM `inbox_cursors` c JOIN `connected_accounts` a ON a.`id` = c.`account_id` WHERE a.`platform` IN ('google_business');--> statement-breakpoint
ALTER TABLE `inbox_cursors` DROP COLUMN `newest_at`;--> statement-breakpoint
ALTER TABLE `inbox_cursors` DROP COLUMN `remote_cursor`;--> statement-breakpoint
ALTER TABLE `inbox_cursors` DROP COLUMN `last_error`;
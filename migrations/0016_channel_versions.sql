ALTER TABLE `post_targets` ADD `version` text;--> statement-breakpoint
ALTER TABLE `post_targets` ADD `part_ids` text;--> statement-breakpoint
ALTER TABLE `post_targets` ADD `comment_status` text;--> statement-breakpoint
ALTER TABLE `post_targets` ADD `comment_remote_id` text;--> statement-breakpoint
ALTER TABLE `post_targets` ADD `comment_error` text;
ALTER TABLE `media` ADD `thumb_key` text;--> statement-breakpoint
ALTER TABLE `media` ADD `deleted_at` integer;
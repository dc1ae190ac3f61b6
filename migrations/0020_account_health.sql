ALTER TABLE `connected_accounts` ADD `health_checked_at` integer;--> statement-breakpoint
ALTER TABLE `connected_accounts` ADD `last_verified_at` integer;--> statement-breakpoint
ALTER TABLE `connected_accounts` ADD `health_notice` text;
ALTER TABLE `inbox_items` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `inbox_items` ADD `liked_at` integer;--> statement-breakpoint
ALTER TABLE `inbox_items` ADD `deleted_at` integer;
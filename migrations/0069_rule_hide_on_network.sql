ALTER TABLE `inbox_items` ADD `hide_error` text;--> statement-breakpoint
CREATE INDEX `inbox_items_hide_pending` ON `inbox_items` (`rule_hidden_at`) WHERE "inbox_items"."rule_hidden_at" IS NOT NULL AND "inbox_items"."hidden_at" IS NULL AND "inbox_items"."hide_error" IS NULL;--> statement-breakpoint
ALTER TABLE `inbox_rules` ADD `account_id` text;
-- Labels carry their item's time and status so a label filter reads a range of an index (ADR 102).
DROP INDEX `inbox_labels_ws_label`;--> statement-breakpoint
ALTER TABLE `inbox_labels` ADD `created_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `inbox_labels` ADD `status` text DEFAULT 'open' NOT NULL;--> statement-breakpoint
UPDATE `inbox_labels` SET
  `created_at` = (SELECT i.`created_at` FROM `inbox_items` i WHERE i.`id` = `inbox_labels`.`item_id`),
  `status` = (SELECT i.`status` FROM `inbox_items` i WHERE i.`id` = `inbox_labels`.`item_id`);--> statement-breakpoint
CREATE INDEX `inbox_labels_list_idx` ON `inbox_labels` (`workspace_id`,`label`,`status`,`created_at`,`item_id`);--> statement-breakpoint
CREATE INDEX `inbox_labels_all_idx` ON `inbox_labels` (`workspace_id`,`label`,`created_at`,`item_id`);

CREATE TABLE `report_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`schedule_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`report_file_id` text NOT NULL,
	`email` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`last_error` text,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`schedule_id`) REFERENCES `report_schedules`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `report_deliveries_due_idx` ON `report_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `report_deliveries_schedule_idx` ON `report_deliveries` (`schedule_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `report_recipients` (
	`id` text PRIMARY KEY NOT NULL,
	`schedule_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`email` text NOT NULL,
	`user_id` text,
	`unsubscribed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`schedule_id`) REFERENCES `report_schedules`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `report_recipients_schedule_email_unique` ON `report_recipients` (`schedule_id`,`email`);--> statement-breakpoint
CREATE TABLE `workspace_brands` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`color` text,
	`logo_key` text,
	`logo_type` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `dev_mail_attachments` (
	`id` text PRIMARY KEY NOT NULL,
	`mail_id` text NOT NULL,
	`filename` text NOT NULL,
	`content_type` text NOT NULL,
	`content_base64` text NOT NULL,
	FOREIGN KEY (`mail_id`) REFERENCES `dev_mailbox`(`id`) ON UPDATE no action ON DELETE cascade
);

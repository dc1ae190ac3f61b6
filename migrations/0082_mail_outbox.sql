-- mail_outbox (ADR 129): mail a write promised, recorded in the write's batch and sent once after it.
CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`claimed_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_workspace_idx` ON `mail_outbox` (`workspace_id`,`created_at`);
CREATE TABLE `saved_pieces` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`body` text NOT NULL,
	`platform` text,
	`created_by` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `saved_pieces_workspace_idx` ON `saved_pieces` (`workspace_id`,`kind`,`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `saved_pieces_signature_unique` ON `saved_pieces` (`workspace_id`,`platform`) WHERE kind = 'signature';
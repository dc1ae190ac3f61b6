DROP INDEX `posts_workspace_created_idx`;--> statement-breakpoint
CREATE INDEX `posts_workspace_created_idx` ON `posts` (`workspace_id`,`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `workspaces` ADD `shard` text DEFAULT 'DB' NOT NULL;
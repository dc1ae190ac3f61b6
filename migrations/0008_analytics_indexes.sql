DROP INDEX `post_targets_user_idx`;--> statement-breakpoint
CREATE INDEX `post_targets_user_status_published_idx` ON `post_targets` (`user_id`,`status`,`published_at`);--> statement-breakpoint
CREATE INDEX `connected_accounts_status_idx` ON `connected_accounts` (`status`);
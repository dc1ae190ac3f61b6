CREATE TABLE `target_stagings` (
	`target_id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`post_id` text NOT NULL,
	`account_id` text NOT NULL,
	`platform` text NOT NULL,
	`state` text NOT NULL,
	`remote_id` text,
	`expires_at` integer,
	`fingerprint` text,
	`attempt_count` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`error_kind` text,
	`error_message` text,
	`started_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `target_stagings_post_idx` ON `target_stagings` (`post_id`);--> statement-breakpoint
CREATE INDEX `target_stagings_state_idx` ON `target_stagings` (`state`);
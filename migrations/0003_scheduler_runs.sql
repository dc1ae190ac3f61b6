CREATE TABLE `scheduler_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`user_id` text,
	`started_at` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`claimed` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `scheduler_runs_started_idx` ON `scheduler_runs` (`started_at`);
CREATE TABLE `post_metrics_current` (
	`target_id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`account_id` text NOT NULL,
	`user_id` text NOT NULL,
	`platform` text NOT NULL,
	`published_at` integer,
	`snapshot_id` text NOT NULL,
	`taken_at` integer NOT NULL,
	`impressions` integer NOT NULL,
	`reach` integer NOT NULL,
	`likes` integer NOT NULL,
	`comments` integer NOT NULL,
	`shares` integer NOT NULL,
	`saves` integer NOT NULL,
	`clicks` integer NOT NULL,
	`video_views` integer NOT NULL,
	FOREIGN KEY (`target_id`) REFERENCES `post_targets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_metrics_current_user_published_idx` ON `post_metrics_current` (`user_id`,`published_at`,`taken_at`,`account_id`,`post_id`,`platform`,`impressions`,`reach`,`likes`,`comments`,`shares`,`saves`,`clicks`,`video_views`);--> statement-breakpoint
DROP INDEX `post_targets_user_status_published_idx`;--> statement-breakpoint
CREATE INDEX `post_targets_user_status_published_idx` ON `post_targets` (`user_id`,`status`,`published_at`,`account_id`,`post_id`,`platform`);--> statement-breakpoint
DROP INDEX `post_snapshots_user_taken_idx`;--> statement-breakpoint
ALTER TABLE `post_metric_snapshots` ADD `likes_delta` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `post_metric_snapshots` ADD `comments_delta` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `post_metric_snapshots` ADD `shares_delta` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `post_snapshots_user_taken_idx` ON `post_metric_snapshots` (`user_id`,`taken_at`,`platform`,`likes_delta`,`comments_delta`,`shares_delta`);
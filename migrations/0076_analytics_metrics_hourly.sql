CREATE TABLE `post_metrics_hourly` (
	`workspace_id` text NOT NULL,
	`hour` integer NOT NULL,
	`account_id` text NOT NULL,
	`platform` text NOT NULL,
	`targets` integer DEFAULT 0 NOT NULL,
	`impressions` integer DEFAULT 0 NOT NULL,
	`reach` integer DEFAULT 0 NOT NULL,
	`likes` integer DEFAULT 0 NOT NULL,
	`comments` integer DEFAULT 0 NOT NULL,
	`shares` integer DEFAULT 0 NOT NULL,
	`saves` integer DEFAULT 0 NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	`video_views` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`workspace_id`, `hour`, `account_id`)
);
--> statement-breakpoint
-- post_metrics_daily per UTC hour of publishing (ADR 023, "Partial days"): the table, its existing rows from the
-- targets and their current metrics (as `recomputedHourlyMetrics`), then its triggers, written by `npm run db:rollups`
-- from workers/analytics/rollups.sql.
INSERT INTO `post_metrics_hourly` (`workspace_id`, `hour`, `account_id`, `platform`, `targets`, `impressions`, `reach`, `likes`,
  `comments`, `shares`, `saves`, `clicks`, `video_views`)
SELECT `workspace_id`, `hour`, `account_id`, max(`platform`), sum(`targets`), sum(`impressions`), sum(`reach`), sum(`likes`),
  sum(`comments`), sum(`shares`), sum(`saves`), sum(`clicks`), sum(`video_views`)
FROM (
  SELECT `workspace_id`, `published_at` - `published_at` % 3600000 AS `hour`, `account_id`, `platform`, 1 AS `targets`,
    0 AS `impressions`, 0 AS `reach`, 0 AS `likes`, 0 AS `comments`, 0 AS `shares`, 0 AS `saves`, 0 AS `clicks`, 0 AS `video_views`
  FROM `post_targets` WHERE `status` = 'published' AND `published_at` IS NOT NULL
  UNION ALL
  SELECT `workspace_id`, `published_at` - `published_at` % 3600000, `account_id`, `platform`, 0, `impressions`, `reach`, `likes`,
    `comments`, `shares`, `saves`, `clicks`, `video_views`
  FROM `post_metrics_current` WHERE `published_at` IS NOT NULL
) GROUP BY `workspace_id`, `hour`, `account_id`;
--> statement-breakpoint
-- New: post_metrics_hourly_target_insert, post_metrics_hourly_target_update, post_metrics_hourly_target_delete,
--   post_metrics_hourly_current_insert, post_metrics_hourly_current_update, post_metrics_hourly_current_delete
CREATE TRIGGER `post_metrics_hourly_target_insert` AFTER INSERT ON `post_targets`
WHEN NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_metrics_hourly` (`workspace_id`, `hour`, `account_id`, `platform`, `targets`)
  VALUES (NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 3600000, NEW.`account_id`, NEW.`platform`, 1)
  ON CONFLICT (`workspace_id`, `hour`, `account_id`) DO UPDATE SET `targets` = `targets` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `post_metrics_hourly_target_update` AFTER UPDATE OF `status`, `published_at`, `account_id`, `workspace_id` ON `post_targets`
WHEN (OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL) OR (NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL)
BEGIN
  UPDATE `post_metrics_hourly` SET `targets` = `targets` - 1
  WHERE OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL AND `workspace_id` = OLD.`workspace_id`
    AND `hour` = OLD.`published_at` - OLD.`published_at` % 3600000 AND `account_id` = OLD.`account_id`;
  INSERT INTO `post_metrics_hourly` (`workspace_id`, `hour`, `account_id`, `platform`, `targets`)
  SELECT NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 3600000, NEW.`account_id`, NEW.`platform`, 1
  WHERE NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL
  ON CONFLICT (`workspace_id`, `hour`, `account_id`) DO UPDATE SET `targets` = `targets` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `post_metrics_hourly_target_delete` AFTER DELETE ON `post_targets`
WHEN OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL
BEGIN
  UPDATE `post_metrics_hourly` SET `targets` = `targets` - 1
  WHERE `workspace_id` = OLD.`workspace_id` AND `hour` = OLD.`published_at` - OLD.`published_at` % 3600000 AND `account_id` = OLD.`account_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_metrics_hourly_current_insert` AFTER INSERT ON `post_metrics_current`
WHEN NEW.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_metrics_hourly` (`workspace_id`, `hour`, `account_id`, `platform`,
    `impressions`, `reach`, `likes`, `comments`, `shares`, `saves`, `clicks`, `video_views`)
  VALUES (NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 3600000, NEW.`account_id`, NEW.`platform`,
    NEW.`impressions`, NEW.`reach`, NEW.`likes`, NEW.`comments`, NEW.`shares`, NEW.`saves`, NEW.`clicks`, NEW.`video_views`)
  ON CONFLICT (`workspace_id`, `hour`, `account_id`) DO UPDATE SET
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `likes` = `likes` + excluded.`likes`,
    `comments` = `comments` + excluded.`comments`, `shares` = `shares` + excluded.`shares`, `saves` = `saves` + excluded.`saves`,
    `clicks` = `clicks` + excluded.`clicks`, `video_views` = `video_views` + excluded.`video_views`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_metrics_hourly_current_update` AFTER UPDATE ON `post_metrics_current`
BEGIN
  UPDATE `post_metrics_hourly` SET
    `impressions` = `impressions` - OLD.`impressions`, `reach` = `reach` - OLD.`reach`, `likes` = `likes` - OLD.`likes`,
    `comments` = `comments` - OLD.`comments`, `shares` = `shares` - OLD.`shares`, `saves` = `saves` - OLD.`saves`,
    `clicks` = `clicks` - OLD.`clicks`, `video_views` = `video_views` - OLD.`video_views`
  WHERE OLD.`published_at` IS NOT NULL AND `workspace_id` = OLD.`workspace_id`
    AND `hour` = OLD.`published_at` - OLD.`published_at` % 3600000 AND `account_id` = OLD.`account_id`;
  INSERT INTO `post_metrics_hourly` (`workspace_id`, `hour`, `account_id`, `platform`,
    `impressions`, `reach`, `likes`, `comments`, `shares`, `saves`, `clicks`, `video_views`)
  SELECT NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 3600000, NEW.`account_id`, NEW.`platform`,
    NEW.`impressions`, NEW.`reach`, NEW.`likes`, NEW.`comments`, NEW.`shares`, NEW.`saves`, NEW.`clicks`, NEW.`video_views`
  WHERE NEW.`published_at` IS NOT NULL
  ON CONFLICT (`workspace_id`, `hour`, `account_id`) DO UPDATE SET
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `likes` = `likes` + excluded.`likes`,
    `comments` = `comments` + excluded.`comments`, `shares` = `shares` + excluded.`shares`, `saves` = `saves` + excluded.`saves`,
    `clicks` = `clicks` + excluded.`clicks`, `video_views` = `video_views` + excluded.`video_views`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_metrics_hourly_current_delete` AFTER DELETE ON `post_metrics_current`
WHEN OLD.`published_at` IS NOT NULL
BEGIN
  UPDATE `post_metrics_hourly` SET
    `impressions` = `impressions` - OLD.`impressions`, `reach` = `reach` - OLD.`reach`, `likes` = `likes` - OLD.`likes`,
    `comments` = `comments` - OLD.`comments`, `shares` = `shares` - OLD.`shares`, `saves` = `saves` - OLD.`saves`,
    `clicks` = `clicks` - OLD.`clicks`, `video_views` = `video_views` - OLD.`video_views`
  WHERE `workspace_id` = OLD.`workspace_id` AND `hour` = OLD.`published_at` - OLD.`published_at` % 3600000 AND `account_id` = OLD.`account_id`;
END;

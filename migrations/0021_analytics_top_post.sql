CREATE TABLE `post_metrics_post_daily` (
	`workspace_id` text NOT NULL,
	`post_id` text NOT NULL,
	`day` integer NOT NULL,
	`targets` integer DEFAULT 0 NOT NULL,
	`engagement` integer DEFAULT 0 NOT NULL,
	`reach` integer DEFAULT 0 NOT NULL,
	`split` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`workspace_id`, `post_id`, `day`)
);
--> statement-breakpoint
CREATE INDEX `post_metrics_post_daily_top_idx` ON `post_metrics_post_daily` (`workspace_id`,`day`,`engagement`,`reach`);--> statement-breakpoint
CREATE INDEX `post_metrics_post_daily_split_idx` ON `post_metrics_post_daily` (`workspace_id`,`day`) WHERE split = 1;--> statement-breakpoint
-- Top-post rollup triggers (ADR 023), beside post_metrics_daily's: a published target counts on its post's
-- UTC day of publishing, its current metrics add engagement (likes + comments + shares) and reach there, and
-- `split` is recomputed from the post's targets whenever one of them is published, moved or deleted.
CREATE TRIGGER `post_metrics_post_daily_target_insert` AFTER INSERT ON `post_targets`
WHEN NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_metrics_post_daily` (`workspace_id`, `post_id`, `day`, `targets`)
  VALUES (NEW.`workspace_id`, NEW.`post_id`, NEW.`published_at` - NEW.`published_at` % 86400000, 1)
  ON CONFLICT (`workspace_id`, `post_id`, `day`) DO UPDATE SET `targets` = `targets` + 1;
  UPDATE `post_metrics_post_daily` SET `split` = (
    SELECT count(DISTINCT `published_at` - `published_at` % 86400000) > 1 FROM `post_targets`
    WHERE `post_id` = NEW.`post_id` AND `workspace_id` = NEW.`workspace_id` AND `status` = 'published' AND `published_at` IS NOT NULL)
  WHERE `workspace_id` = NEW.`workspace_id` AND `post_id` = NEW.`post_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_metrics_post_daily_target_update` AFTER UPDATE OF `status`, `published_at`, `workspace_id` ON `post_targets`
WHEN (OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL) OR (NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL)
BEGIN
  UPDATE `post_metrics_post_daily` SET `targets` = `targets` - 1
  WHERE OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL AND `workspace_id` = OLD.`workspace_id`
    AND `post_id` = OLD.`post_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000;
  INSERT INTO `post_metrics_post_daily` (`workspace_id`, `post_id`, `day`, `targets`)
  SELECT NEW.`workspace_id`, NEW.`post_id`, NEW.`published_at` - NEW.`published_at` % 86400000, 1
  WHERE NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL
  ON CONFLICT (`workspace_id`, `post_id`, `day`) DO UPDATE SET `targets` = `targets` + 1;
  UPDATE `post_metrics_post_daily` SET `split` = (
    SELECT count(DISTINCT t.`published_at` - t.`published_at` % 86400000) > 1 FROM `post_targets` t
    WHERE t.`post_id` = `post_metrics_post_daily`.`post_id` AND t.`workspace_id` = `post_metrics_post_daily`.`workspace_id`
      AND t.`status` = 'published' AND t.`published_at` IS NOT NULL)
  WHERE `post_id` = NEW.`post_id` AND `workspace_id` IN (OLD.`workspace_id`, NEW.`workspace_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `post_metrics_post_daily_target_delete` AFTER DELETE ON `post_targets`
WHEN OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL
BEGIN
  UPDATE `post_metrics_post_daily` SET `targets` = `targets` - 1
  WHERE `workspace_id` = OLD.`workspace_id` AND `post_id` = OLD.`post_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000;
  UPDATE `post_metrics_post_daily` SET `split` = (
    SELECT count(DISTINCT `published_at` - `published_at` % 86400000) > 1 FROM `post_targets`
    WHERE `post_id` = OLD.`post_id` AND `workspace_id` = OLD.`workspace_id` AND `status` = 'published' AND `published_at` IS NOT NULL)
  WHERE `workspace_id` = OLD.`workspace_id` AND `post_id` = OLD.`post_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_metrics_post_daily_current_insert` AFTER INSERT ON `post_metrics_current`
WHEN NEW.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_metrics_post_daily` (`workspace_id`, `post_id`, `day`, `engagement`, `reach`)
  VALUES (NEW.`workspace_id`, NEW.`post_id`, NEW.`published_at` - NEW.`published_at` % 86400000,
    NEW.`likes` + NEW.`comments` + NEW.`shares`, NEW.`reach`)
  ON CONFLICT (`workspace_id`, `post_id`, `day`) DO UPDATE SET
    `engagement` = `engagement` + excluded.`engagement`, `reach` = `reach` + excluded.`reach`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_metrics_post_daily_current_update` AFTER UPDATE ON `post_metrics_current`
BEGIN
  UPDATE `post_metrics_post_daily` SET
    `engagement` = `engagement` - (OLD.`likes` + OLD.`comments` + OLD.`shares`), `reach` = `reach` - OLD.`reach`
  WHERE OLD.`published_at` IS NOT NULL AND `workspace_id` = OLD.`workspace_id` AND `post_id` = OLD.`post_id`
    AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000;
  INSERT INTO `post_metrics_post_daily` (`workspace_id`, `post_id`, `day`, `engagement`, `reach`)
  SELECT NEW.`workspace_id`, NEW.`post_id`, NEW.`published_at` - NEW.`published_at` % 86400000,
    NEW.`likes` + NEW.`comments` + NEW.`shares`, NEW.`reach`
  WHERE NEW.`published_at` IS NOT NULL
  ON CONFLICT (`workspace_id`, `post_id`, `day`) DO UPDATE SET
    `engagement` = `engagement` + excluded.`engagement`, `reach` = `reach` + excluded.`reach`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_metrics_post_daily_current_delete` AFTER DELETE ON `post_metrics_current`
WHEN OLD.`published_at` IS NOT NULL
BEGIN
  UPDATE `post_metrics_post_daily` SET
    `engagement` = `engagement` - (OLD.`likes` + OLD.`comments` + OLD.`shares`), `reach` = `reach` - OLD.`reach`
  WHERE `workspace_id` = OLD.`workspace_id` AND `post_id` = OLD.`post_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000;
END;
--> statement-breakpoint
-- Backfill from what is stored (the same statement as workers/analytics/rollups.ts rebuilds with).
INSERT INTO `post_metrics_post_daily` (`workspace_id`, `post_id`, `day`, `targets`, `engagement`, `reach`, `split`)
SELECT `workspace_id`, `post_id`, `day`, sum(`targets`), sum(`engagement`), sum(`reach`),
  (SELECT count(DISTINCT t.`published_at` - t.`published_at` % 86400000) > 1 FROM `post_targets` t
   WHERE t.`post_id` = x.`post_id` AND t.`workspace_id` = x.`workspace_id` AND t.`status` = 'published' AND t.`published_at` IS NOT NULL)
FROM (
  SELECT `workspace_id`, `post_id`, `published_at` - `published_at` % 86400000 AS `day`, 1 AS `targets`, 0 AS `engagement`, 0 AS `reach`
  FROM `post_targets` WHERE `status` = 'published' AND `published_at` IS NOT NULL
  UNION ALL
  SELECT `workspace_id`, `post_id`, `published_at` - `published_at` % 86400000, 0, `likes` + `comments` + `shares`, `reach`
  FROM `post_metrics_current` WHERE `published_at` IS NOT NULL
) x GROUP BY `workspace_id`, `post_id`, `day`;

CREATE TABLE `post_platform_daily` (
	`workspace_id` text NOT NULL,
	`platform` text NOT NULL,
	`post_id` text NOT NULL,
	`day` integer NOT NULL,
	`targets` integer DEFAULT 0 NOT NULL,
	`engagement` integer DEFAULT 0 NOT NULL,
	`reach` integer DEFAULT 0 NOT NULL,
	`split` integer DEFAULT 0 NOT NULL,
	`multi` integer DEFAULT 0 NOT NULL,
	`first_published_at` integer,
	PRIMARY KEY(`workspace_id`, `platform`, `post_id`, `day`)
);
--> statement-breakpoint
CREATE INDEX `post_platform_daily_top_idx` ON `post_platform_daily` (`workspace_id`,`platform`,`day`,"engagement" desc,"reach" desc,`first_published_at`);--> statement-breakpoint
CREATE INDEX `post_platform_daily_split_idx` ON `post_platform_daily` (`workspace_id`,`platform`,`day`) WHERE split = 1;--> statement-breakpoint
CREATE INDEX `post_platform_daily_multi_idx` ON `post_platform_daily` (`workspace_id`,`platform`,`day`) WHERE multi = 1;--> statement-breakpoint
CREATE TABLE `post_platform_weekly` (
	`workspace_id` text NOT NULL,
	`platform` text NOT NULL,
	`post_id` text NOT NULL,
	`week` integer NOT NULL,
	`targets` integer DEFAULT 0 NOT NULL,
	`engagement` integer DEFAULT 0 NOT NULL,
	`reach` integer DEFAULT 0 NOT NULL,
	`first_published_at` integer,
	PRIMARY KEY(`workspace_id`, `platform`, `post_id`, `week`)
);
--> statement-breakpoint
CREATE INDEX `post_platform_weekly_top_idx` ON `post_platform_weekly` (`workspace_id`,`platform`,`week`,"engagement" desc,"reach" desc,`first_published_at`);
--> statement-breakpoint
-- Top post under a platform filter (ADR 023): the triggers of post_metrics_post_daily (0021, 0023) with the
-- platform in the key, plus `multi` (the post went out on more than one platform); the weekly sums are kept
-- from the daily rows like post_metrics_post_weekly (0025).
CREATE TRIGGER `post_platform_daily_target_insert` AFTER INSERT ON `post_targets`
WHEN NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_platform_daily` (`workspace_id`, `platform`, `post_id`, `day`, `targets`)
  VALUES ( NEW.`workspace_id`, NEW.`platform`, NEW.`post_id`, NEW.`published_at` - NEW.`published_at` % 86400000, 1)
  ON CONFLICT (`workspace_id`, `platform`, `post_id`, `day`) DO UPDATE SET `targets` = `targets` + 1;
  UPDATE `post_platform_daily` SET
    `split` = (SELECT count(DISTINCT t.`published_at` - t.`published_at` % 86400000) > 1 FROM `post_targets` t
      WHERE t.`post_id` = `post_platform_daily`.`post_id` AND t.`workspace_id` = `post_platform_daily`.`workspace_id` AND t.`platform` = `post_platform_daily`.`platform`
        AND t.`status` = 'published' AND t.`published_at` IS NOT NULL),
    `multi` = (SELECT count(DISTINCT t.`platform`) > 1 FROM `post_targets` t
      WHERE t.`post_id` = `post_platform_daily`.`post_id` AND t.`workspace_id` = `post_platform_daily`.`workspace_id` AND t.`status` = 'published' AND t.`published_at` IS NOT NULL),
    `first_published_at` = (SELECT min(t.`published_at`) FROM `post_targets` t
      WHERE t.`post_id` = `post_platform_daily`.`post_id` AND t.`workspace_id` = `post_platform_daily`.`workspace_id` AND t.`platform` = `post_platform_daily`.`platform`
        AND t.`status` = 'published' AND t.`published_at` >= `post_platform_daily`.`day` AND t.`published_at` < `post_platform_daily`.`day` + 86400000)
  WHERE `workspace_id` = NEW.`workspace_id` AND `post_id` = NEW.`post_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_platform_daily_target_update` AFTER UPDATE OF `status`, `published_at`, `workspace_id`, `platform` ON `post_targets`
WHEN (OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL) OR (NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL)
BEGIN
  UPDATE `post_platform_daily` SET `targets` = `targets` - 1
  WHERE OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL AND `workspace_id` = OLD.`workspace_id` AND `platform` = OLD.`platform` AND `post_id` = OLD.`post_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000;
  INSERT INTO `post_platform_daily` (`workspace_id`, `platform`, `post_id`, `day`, `targets`)
  SELECT NEW.`workspace_id`, NEW.`platform`, NEW.`post_id`, NEW.`published_at` - NEW.`published_at` % 86400000, 1 WHERE NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL
  ON CONFLICT (`workspace_id`, `platform`, `post_id`, `day`) DO UPDATE SET `targets` = `targets` + 1;
  UPDATE `post_platform_daily` SET
    `split` = (SELECT count(DISTINCT t.`published_at` - t.`published_at` % 86400000) > 1 FROM `post_targets` t
      WHERE t.`post_id` = `post_platform_daily`.`post_id` AND t.`workspace_id` = `post_platform_daily`.`workspace_id` AND t.`platform` = `post_platform_daily`.`platform`
        AND t.`status` = 'published' AND t.`published_at` IS NOT NULL),
    `multi` = (SELECT count(DISTINCT t.`platform`) > 1 FROM `post_targets` t
      WHERE t.`post_id` = `post_platform_daily`.`post_id` AND t.`workspace_id` = `post_platform_daily`.`workspace_id` AND t.`status` = 'published' AND t.`published_at` IS NOT NULL),
    `first_published_at` = (SELECT min(t.`published_at`) FROM `post_targets` t
      WHERE t.`post_id` = `post_platform_daily`.`post_id` AND t.`workspace_id` = `post_platform_daily`.`workspace_id` AND t.`platform` = `post_platform_daily`.`platform`
        AND t.`status` = 'published' AND t.`published_at` >= `post_platform_daily`.`day` AND t.`published_at` < `post_platform_daily`.`day` + 86400000)
  WHERE `post_id` = NEW.`post_id` AND `workspace_id` IN (OLD.`workspace_id`, NEW.`workspace_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `post_platform_daily_target_delete` AFTER DELETE ON `post_targets`
WHEN OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL
BEGIN
  UPDATE `post_platform_daily` SET `targets` = `targets` - 1
  WHERE `workspace_id` = OLD.`workspace_id` AND `platform` = OLD.`platform` AND `post_id` = OLD.`post_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000;
  UPDATE `post_platform_daily` SET
    `split` = (SELECT count(DISTINCT t.`published_at` - t.`published_at` % 86400000) > 1 FROM `post_targets` t
      WHERE t.`post_id` = `post_platform_daily`.`post_id` AND t.`workspace_id` = `post_platform_daily`.`workspace_id` AND t.`platform` = `post_platform_daily`.`platform`
        AND t.`status` = 'published' AND t.`published_at` IS NOT NULL),
    `multi` = (SELECT count(DISTINCT t.`platform`) > 1 FROM `post_targets` t
      WHERE t.`post_id` = `post_platform_daily`.`post_id` AND t.`workspace_id` = `post_platform_daily`.`workspace_id` AND t.`status` = 'published' AND t.`published_at` IS NOT NULL),
    `first_published_at` = (SELECT min(t.`published_at`) FROM `post_targets` t
      WHERE t.`post_id` = `post_platform_daily`.`post_id` AND t.`workspace_id` = `post_platform_daily`.`workspace_id` AND t.`platform` = `post_platform_daily`.`platform`
        AND t.`status` = 'published' AND t.`published_at` >= `post_platform_daily`.`day` AND t.`published_at` < `post_platform_daily`.`day` + 86400000)
  WHERE `workspace_id` = OLD.`workspace_id` AND `post_id` = OLD.`post_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_platform_daily_current_insert` AFTER INSERT ON `post_metrics_current`
WHEN NEW.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_platform_daily` (`workspace_id`, `platform`, `post_id`, `day`, `engagement`, `reach`)
  VALUES ( NEW.`workspace_id`, NEW.`platform`, NEW.`post_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`likes` + NEW.`comments` + NEW.`shares`, NEW.`reach`)
  ON CONFLICT (`workspace_id`, `platform`, `post_id`, `day`) DO UPDATE SET
    `engagement` = `engagement` + excluded.`engagement`, `reach` = `reach` + excluded.`reach`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_platform_daily_current_update` AFTER UPDATE ON `post_metrics_current`
BEGIN
  UPDATE `post_platform_daily` SET `engagement` = `engagement` - (OLD.`likes` + OLD.`comments` + OLD.`shares`), `reach` = `reach` - OLD.`reach`
  WHERE OLD.`published_at` IS NOT NULL AND `workspace_id` = OLD.`workspace_id` AND `platform` = OLD.`platform` AND `post_id` = OLD.`post_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000;
  INSERT INTO `post_platform_daily` (`workspace_id`, `platform`, `post_id`, `day`, `engagement`, `reach`)
  SELECT NEW.`workspace_id`, NEW.`platform`, NEW.`post_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`likes` + NEW.`comments` + NEW.`shares`, NEW.`reach` WHERE NEW.`published_at` IS NOT NULL
  ON CONFLICT (`workspace_id`, `platform`, `post_id`, `day`) DO UPDATE SET
    `engagement` = `engagement` + excluded.`engagement`, `reach` = `reach` + excluded.`reach`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_platform_daily_current_delete` AFTER DELETE ON `post_metrics_current`
WHEN OLD.`published_at` IS NOT NULL
BEGIN
  UPDATE `post_platform_daily` SET `engagement` = `engagement` - (OLD.`likes` + OLD.`comments` + OLD.`shares`), `reach` = `reach` - OLD.`reach`
  WHERE `workspace_id` = OLD.`workspace_id` AND `platform` = OLD.`platform` AND `post_id` = OLD.`post_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000;
END;
--> statement-breakpoint
CREATE TRIGGER `post_platform_weekly_insert` AFTER INSERT ON `post_platform_daily`
BEGIN
  DELETE FROM `post_platform_weekly`
  WHERE `workspace_id` = NEW.`workspace_id` AND `platform` = NEW.`platform` AND `post_id` = NEW.`post_id` AND `week` = NEW.`day` - NEW.`day` % 604800000;
  INSERT INTO `post_platform_weekly` (`workspace_id`, `platform`, `post_id`, `week`, `targets`, `engagement`, `reach`, `first_published_at`)
  SELECT `workspace_id`, `platform`, `post_id`, NEW.`day` - NEW.`day` % 604800000, sum(`targets`), sum(`engagement`), sum(`reach`), min(`first_published_at`)
  FROM `post_platform_daily`
  WHERE `workspace_id` = NEW.`workspace_id` AND `platform` = NEW.`platform` AND `post_id` = NEW.`post_id`
    AND `day` >= NEW.`day` - NEW.`day` % 604800000 AND `day` < NEW.`day` - NEW.`day` % 604800000 + 604800000
  GROUP BY `workspace_id`, `platform`, `post_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_platform_weekly_update` AFTER UPDATE ON `post_platform_daily`
BEGIN
  DELETE FROM `post_platform_weekly`
  WHERE `workspace_id` = OLD.`workspace_id` AND `platform` = OLD.`platform` AND `post_id` = OLD.`post_id` AND `week` = OLD.`day` - OLD.`day` % 604800000;
  INSERT INTO `post_platform_weekly` (`workspace_id`, `platform`, `post_id`, `week`, `targets`, `engagement`, `reach`, `first_published_at`)
  SELECT `workspace_id`, `platform`, `post_id`, OLD.`day` - OLD.`day` % 604800000, sum(`targets`), sum(`engagement`), sum(`reach`), min(`first_published_at`)
  FROM `post_platform_daily`
  WHERE `workspace_id` = OLD.`workspace_id` AND `platform` = OLD.`platform` AND `post_id` = OLD.`post_id`
    AND `day` >= OLD.`day` - OLD.`day` % 604800000 AND `day` < OLD.`day` - OLD.`day` % 604800000 + 604800000
  GROUP BY `workspace_id`, `platform`, `post_id`;
  DELETE FROM `post_platform_weekly`
  WHERE `workspace_id` = NEW.`workspace_id` AND `platform` = NEW.`platform` AND `post_id` = NEW.`post_id` AND `week` = NEW.`day` - NEW.`day` % 604800000;
  INSERT INTO `post_platform_weekly` (`workspace_id`, `platform`, `post_id`, `week`, `targets`, `engagement`, `reach`, `first_published_at`)
  SELECT `workspace_id`, `platform`, `post_id`, NEW.`day` - NEW.`day` % 604800000, sum(`targets`), sum(`engagement`), sum(`reach`), min(`first_published_at`)
  FROM `post_platform_daily`
  WHERE `workspace_id` = NEW.`workspace_id` AND `platform` = NEW.`platform` AND `post_id` = NEW.`post_id`
    AND `day` >= NEW.`day` - NEW.`day` % 604800000 AND `day` < NEW.`day` - NEW.`day` % 604800000 + 604800000
  GROUP BY `workspace_id`, `platform`, `post_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_platform_weekly_delete` AFTER DELETE ON `post_platform_daily`
BEGIN
  DELETE FROM `post_platform_weekly`
  WHERE `workspace_id` = OLD.`workspace_id` AND `platform` = OLD.`platform` AND `post_id` = OLD.`post_id` AND `week` = OLD.`day` - OLD.`day` % 604800000;
  INSERT INTO `post_platform_weekly` (`workspace_id`, `platform`, `post_id`, `week`, `targets`, `engagement`, `reach`, `first_published_at`)
  SELECT `workspace_id`, `platform`, `post_id`, OLD.`day` - OLD.`day` % 604800000, sum(`targets`), sum(`engagement`), sum(`reach`), min(`first_published_at`)
  FROM `post_platform_daily`
  WHERE `workspace_id` = OLD.`workspace_id` AND `platform` = OLD.`platform` AND `post_id` = OLD.`post_id`
    AND `day` >= OLD.`day` - OLD.`day` % 604800000 AND `day` < OLD.`day` - OLD.`day` % 604800000 + 604800000
  GROUP BY `workspace_id`, `platform`, `post_id`;
END;
--> statement-breakpoint
-- Backfill from what is stored (the same statement as workers/analytics/rollups.ts rebuilds with); its inserts
-- fill post_platform_weekly through the triggers above.
INSERT INTO `post_platform_daily` (`workspace_id`, `platform`, `post_id`, `day`, `targets`, `engagement`, `reach`, `split`, `multi`, `first_published_at`)
SELECT `workspace_id`, `platform`, `post_id`, `day`, sum(`targets`), sum(`engagement`), sum(`reach`),
  (SELECT count(DISTINCT t.`published_at` - t.`published_at` % 86400000) > 1 FROM `post_targets` t
   WHERE t.`post_id` = x.`post_id` AND t.`workspace_id` = x.`workspace_id` AND t.`platform` = x.`platform`
     AND t.`status` = 'published' AND t.`published_at` IS NOT NULL),
  (SELECT count(DISTINCT t.`platform`) > 1 FROM `post_targets` t
   WHERE t.`post_id` = x.`post_id` AND t.`workspace_id` = x.`workspace_id` AND t.`status` = 'published' AND t.`published_at` IS NOT NULL),
  min(`first`)
FROM (
  SELECT `workspace_id`, `platform`, `post_id`, `published_at` - `published_at` % 86400000 AS `day`, 1 AS `targets`, 0 AS `engagement`,
    0 AS `reach`, `published_at` AS `first`
  FROM `post_targets` WHERE `status` = 'published' AND `published_at` IS NOT NULL
  UNION ALL
  SELECT `workspace_id`, `platform`, `post_id`, `published_at` - `published_at` % 86400000, 0, `likes` + `comments` + `shares`, `reach`, NULL
  FROM `post_metrics_current` WHERE `published_at` IS NOT NULL
) x GROUP BY `workspace_id`, `platform`, `post_id`, `day`;

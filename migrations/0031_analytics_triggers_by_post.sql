-- The top post's rollups recompute a post's split, multi and first publish from its targets on every target
-- insert, status change and delete. Those subqueries also name the workspace, and SQLite's planner chose the
-- workspace's published-targets index for them, reading every published target of the workspace per change
-- (found by the full-size bench's rebuild, which had the same subqueries). The post's own index reads its few.
DROP TRIGGER `post_metrics_post_daily_target_insert`;
--> statement-breakpoint
CREATE TRIGGER `post_metrics_post_daily_target_insert` AFTER INSERT ON `post_targets`
WHEN NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_metrics_post_daily` (`workspace_id`, `post_id`, `day`, `targets`)
  VALUES (NEW.`workspace_id`, NEW.`post_id`, NEW.`published_at` - NEW.`published_at` % 86400000, 1)
  ON CONFLICT (`workspace_id`, `post_id`, `day`) DO UPDATE SET `targets` = `targets` + 1;
  UPDATE `post_metrics_post_daily` SET
    `split` = (SELECT count(DISTINCT t.`published_at` - t.`published_at` % 86400000) > 1 FROM `post_targets` t INDEXED BY `post_targets_post_idx`
      WHERE t.`post_id` = `post_metrics_post_daily`.`post_id` AND t.`workspace_id` = `post_metrics_post_daily`.`workspace_id`
        AND t.`status` = 'published' AND t.`published_at` IS NOT NULL),
    `first_published_at` = (SELECT min(t.`published_at`) FROM `post_targets` t INDEXED BY `post_targets_post_idx`
      WHERE t.`post_id` = `post_metrics_post_daily`.`post_id` AND t.`workspace_id` = `post_metrics_post_daily`.`workspace_id`
        AND t.`status` = 'published' AND t.`published_at` >= `post_metrics_post_daily`.`day`
        AND t.`published_at` < `post_metrics_post_daily`.`day` + 86400000)
  WHERE `workspace_id` = NEW.`workspace_id` AND `post_id` = NEW.`post_id`;
END;
--> statement-breakpoint
DROP TRIGGER `post_metrics_post_daily_target_update`;
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
  UPDATE `post_metrics_post_daily` SET
    `split` = (SELECT count(DISTINCT t.`published_at` - t.`published_at` % 86400000) > 1 FROM `post_targets` t INDEXED BY `post_targets_post_idx`
      WHERE t.`post_id` = `post_metrics_post_daily`.`post_id` AND t.`workspace_id` = `post_metrics_post_daily`.`workspace_id`
        AND t.`status` = 'published' AND t.`published_at` IS NOT NULL),
    `first_published_at` = (SELECT min(t.`published_at`) FROM `post_targets` t INDEXED BY `post_targets_post_idx`
      WHERE t.`post_id` = `post_metrics_post_daily`.`post_id` AND t.`workspace_id` = `post_metrics_post_daily`.`workspace_id`
        AND t.`status` = 'published' AND t.`published_at` >= `post_metrics_post_daily`.`day`
        AND t.`published_at` < `post_metrics_post_daily`.`day` + 86400000)
  WHERE `post_id` = NEW.`post_id` AND `workspace_id` IN (OLD.`workspace_id`, NEW.`workspace_id`);
END;
--> statement-breakpoint
DROP TRIGGER `post_metrics_post_daily_target_delete`;
--> statement-breakpoint
CREATE TRIGGER `post_metrics_post_daily_target_delete` AFTER DELETE ON `post_targets`
WHEN OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL
BEGIN
  UPDATE `post_metrics_post_daily` SET `targets` = `targets` - 1
  WHERE `workspace_id` = OLD.`workspace_id` AND `post_id` = OLD.`post_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000;
  UPDATE `post_metrics_post_daily` SET
    `split` = (SELECT count(DISTINCT t.`published_at` - t.`published_at` % 86400000) > 1 FROM `post_targets` t INDEXED BY `post_targets_post_idx`
      WHERE t.`post_id` = `post_metrics_post_daily`.`post_id` AND t.`workspace_id` = `post_metrics_post_daily`.`workspace_id`
        AND t.`status` = 'published' AND t.`published_at` IS NOT NULL),
    `first_published_at` = (SELECT min(t.`published_at`) FROM `post_targets` t INDEXED BY `post_targets_post_idx`
      WHERE t.`post_id` = `post_metrics_post_daily`.`post_id` AND t.`workspace_id` = `post_metrics_post_daily`.`workspace_id`
        AND t.`status` = 'published' AND t.`published_at` >= `post_metrics_post_daily`.`day`
        AND t.`published_at` < `post_metrics_post_daily`.`day` + 86400000)
  WHERE `workspace_id` = OLD.`workspace_id` AND `post_id` = OLD.`post_id`;
END;
--> statement-breakpoint
DROP TRIGGER `post_platform_daily_target_insert`;
--> statement-breakpoint
CREATE TRIGGER `post_platform_daily_target_insert` AFTER INSERT ON `post_targets`
WHEN NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_platform_daily` (`workspace_id`, `platform`, `post_id`, `day`, `targets`)
  VALUES ( NEW.`workspace_id`, NEW.`platform`, NEW.`post_id`, NEW.`published_at` - NEW.`published_at` % 86400000, 1)
  ON CONFLICT (`workspace_id`, `platform`, `post_id`, `day`) DO UPDATE SET `targets` = `targets` + 1;
  UPDATE `post_platform_daily` SET
    `split` = (SELECT count(DISTINCT t.`published_at` - t.`published_at` % 86400000) > 1 FROM `post_targets` t INDEXED BY `post_targets_post_idx`
      WHERE t.`post_id` = `post_platform_daily`.`post_id` AND t.`workspace_id` = `post_platform_daily`.`workspace_id` AND t.`platform` = `post_platform_daily`.`platform`
        AND t.`status` = 'published' AND t.`published_at` IS NOT NULL),
    `multi` = (SELECT count(DISTINCT t.`platform`) > 1 FROM `post_targets` t INDEXED BY `post_targets_post_idx`
      WHERE t.`post_id` = `post_platform_daily`.`post_id` AND t.`workspace_id` = `post_platform_daily`.`workspace_id` AND t.`status` = 'published' AND t.`published_at` IS NOT NULL),
    `first_published_at` = (SELECT min(t.`published_at`) FROM `post_targets` t INDEXED BY `post_targets_post_idx`
      WHERE t.`post_id` = `post_platform_daily`.`post_id` AND t.`workspace_id` = `post_platform_daily`.`workspace_id` AND t.`platform` = `post_platform_daily`.`platform`
        AND t.`status` = 'published' AND t.`published_at` >= `post_platform_daily`.`day` AND t.`published_at` < `post_platform_daily`.`day` + 86400000)
  WHERE `workspace_id` = NEW.`workspace_id` AND `post_id` = NEW.`post_id`;
END;
--> statement-breakpoint
DROP TRIGGER `post_platform_daily_target_update`;
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
    `split` = (SELECT count(DISTINCT t.`published_at` - t.`published_at` % 86400000) > 1 FROM `post_targets` t INDEXED BY `post_targets_post_idx`
      WHERE t.`post_id` = `post_platform_daily`.`post_id` AND t.`workspace_id` = `post_platform_daily`.`workspace_id` AND t.`platform` = `post_platform_daily`.`platform`
        AND t.`status` = 'published' AND t.`published_at` IS NOT NULL),
    `multi` = (SELECT count(DISTINCT t.`platform`) > 1 FROM `post_targets` t INDEXED BY `post_targets_post_idx`
      WHERE t.`post_id` = `post_platform_daily`.`post_id` AND t.`workspace_id` = `post_platform_daily`.`workspace_id` AND t.`status` = 'published' AND t.`published_at` IS NOT NULL),
    `first_published_at` = (SELECT min(t.`published_at`) FROM `post_targets` t INDEXED BY `post_targets_post_idx`
      WHERE t.`post_id` = `post_platform_daily`.`post_id` AND t.`workspace_id` = `post_platform_daily`.`workspace_id` AND t.`platform` = `post_platform_daily`.`platform`
        AND t.`status` = 'published' AND t.`published_at` >= `post_platform_daily`.`day` AND t.`published_at` < `post_platform_daily`.`day` + 86400000)
  WHERE `post_id` = NEW.`post_id` AND `workspace_id` IN (OLD.`workspace_id`, NEW.`workspace_id`);
END;
--> statement-breakpoint
DROP TRIGGER `post_platform_daily_target_delete`;
--> statement-breakpoint
CREATE TRIGGER `post_platform_daily_target_delete` AFTER DELETE ON `post_targets`
WHEN OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL
BEGIN
  UPDATE `post_platform_daily` SET `targets` = `targets` - 1
  WHERE `workspace_id` = OLD.`workspace_id` AND `platform` = OLD.`platform` AND `post_id` = OLD.`post_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000;
  UPDATE `post_platform_daily` SET
    `split` = (SELECT count(DISTINCT t.`published_at` - t.`published_at` % 86400000) > 1 FROM `post_targets` t INDEXED BY `post_targets_post_idx`
      WHERE t.`post_id` = `post_platform_daily`.`post_id` AND t.`workspace_id` = `post_platform_daily`.`workspace_id` AND t.`platform` = `post_platform_daily`.`platform`
        AND t.`status` = 'published' AND t.`published_at` IS NOT NULL),
    `multi` = (SELECT count(DISTINCT t.`platform`) > 1 FROM `post_targets` t INDEXED BY `post_targets_post_idx`
      WHERE t.`post_id` = `post_platform_daily`.`post_id` AND t.`workspace_id` = `post_platform_daily`.`workspace_id` AND t.`status` = 'published' AND t.`published_at` IS NOT NULL),
    `first_published_at` = (SELECT min(t.`published_at`) FROM `post_targets` t INDEXED BY `post_targets_post_idx`
      WHERE t.`post_id` = `post_platform_daily`.`post_id` AND t.`workspace_id` = `post_platform_daily`.`workspace_id` AND t.`platform` = `post_platform_daily`.`platform`
        AND t.`status` = 'published' AND t.`published_at` >= `post_platform_daily`.`day` AND t.`published_at` < `post_platform_daily`.`day` + 86400000)
  WHERE `workspace_id` = OLD.`workspace_id` AND `post_id` = OLD.`post_id`;
END;

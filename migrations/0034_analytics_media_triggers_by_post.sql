-- The content-type and hashtag rollups' triggers on post_media, media and posts read a post's targets
-- (`t.post_id = …`, published). Without statistics SQLite's planner chose `post_targets_due_idx` (status) for
-- them: every published target in the database, ~130 ms at 300,000, on each image attached to a post, twice (the
-- before and after triggers). Scheduling 10,000 posts into the full-size bench database ran at 3-6 a second.
-- The post's own index reads its few targets (as 0031 did for the target triggers).
DROP TRIGGER `post_hashtag_daily_post_hashtags`;
--> statement-breakpoint
CREATE TRIGGER `post_hashtag_daily_post_hashtags` AFTER UPDATE OF `hashtags` ON `posts`
WHEN OLD.`hashtags` IS NOT NEW.`hashtags`
BEGIN
  INSERT INTO `post_hashtag_daily` (`workspace_id`, `day`, `platform`, `tag`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT f.`workspace_id`, f.`day`, f.`platform`, g.`tag`, -f.`targets`, -f.`impressions`, -f.`reach`, -f.`engagement`
  FROM (SELECT `workspace_id`, `day`, `platform`, sum(`targets`) AS `targets`, sum(`impressions`) AS `impressions`,
      sum(`reach`) AS `reach`, sum(`engagement`) AS `engagement` FROM (
    SELECT t.`workspace_id`, t.`published_at` - t.`published_at` % 86400000 AS `day`, t.`platform`, 1 AS `targets`, 0 AS `impressions`,
      0 AS `reach`, 0 AS `engagement`
    FROM `post_targets` t INDEXED BY `post_targets_post_idx` WHERE t.`post_id` = OLD.`id` AND t.`status` = 'published' AND t.`published_at` IS NOT NULL
    UNION ALL
    SELECT c.`workspace_id`, c.`published_at` - c.`published_at` % 86400000, c.`platform`, 0, c.`impressions`, c.`reach`,
      c.`likes` + c.`comments` + c.`shares`
    FROM `post_targets` t INDEXED BY `post_targets_post_idx` JOIN `post_metrics_current` c ON c.`target_id` = t.`id` WHERE t.`post_id` = OLD.`id` AND c.`published_at` IS NOT NULL
  ) GROUP BY `workspace_id`, `day`, `platform`) f,
  (SELECT DISTINCT lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) AS `tag` FROM json_each(CASE WHEN json_valid(OLD.`hashtags`) THEN OLD.`hashtags` ELSE '[]' END) j
    WHERE typeof(j.`key`) = 'integer' AND j.`type` = 'text' AND lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) <> '') g
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `tag`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
  INSERT INTO `post_hashtag_daily` (`workspace_id`, `day`, `platform`, `tag`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT f.`workspace_id`, f.`day`, f.`platform`, g.`tag`, f.`targets`, f.`impressions`, f.`reach`, f.`engagement`
  FROM (SELECT `workspace_id`, `day`, `platform`, sum(`targets`) AS `targets`, sum(`impressions`) AS `impressions`,
      sum(`reach`) AS `reach`, sum(`engagement`) AS `engagement` FROM (
    SELECT t.`workspace_id`, t.`published_at` - t.`published_at` % 86400000 AS `day`, t.`platform`, 1 AS `targets`, 0 AS `impressions`,
      0 AS `reach`, 0 AS `engagement`
    FROM `post_targets` t INDEXED BY `post_targets_post_idx` WHERE t.`post_id` = NEW.`id` AND t.`status` = 'published' AND t.`published_at` IS NOT NULL
    UNION ALL
    SELECT c.`workspace_id`, c.`published_at` - c.`published_at` % 86400000, c.`platform`, 0, c.`impressions`, c.`reach`,
      c.`likes` + c.`comments` + c.`shares`
    FROM `post_targets` t INDEXED BY `post_targets_post_idx` JOIN `post_metrics_current` c ON c.`target_id` = t.`id` WHERE t.`post_id` = NEW.`id` AND c.`published_at` IS NOT NULL
  ) GROUP BY `workspace_id`, `day`, `platform`) f,
  (SELECT DISTINCT lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) AS `tag` FROM json_each(CASE WHEN json_valid(NEW.`hashtags`) THEN NEW.`hashtags` ELSE '[]' END) j
    WHERE typeof(j.`key`) = 'integer' AND j.`type` = 'text' AND lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) <> '') g
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `tag`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
DROP TRIGGER `post_hashtag_daily_post_delete`;
--> statement-breakpoint
CREATE TRIGGER `post_hashtag_daily_post_delete` BEFORE DELETE ON `posts`
BEGIN
  INSERT INTO `post_hashtag_daily` (`workspace_id`, `day`, `platform`, `tag`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT f.`workspace_id`, f.`day`, f.`platform`, g.`tag`, -f.`targets`, -f.`impressions`, -f.`reach`, -f.`engagement`
  FROM (SELECT `workspace_id`, `day`, `platform`, sum(`targets`) AS `targets`, sum(`impressions`) AS `impressions`,
      sum(`reach`) AS `reach`, sum(`engagement`) AS `engagement` FROM (
    SELECT t.`workspace_id`, t.`published_at` - t.`published_at` % 86400000 AS `day`, t.`platform`, 1 AS `targets`, 0 AS `impressions`,
      0 AS `reach`, 0 AS `engagement`
    FROM `post_targets` t INDEXED BY `post_targets_post_idx` WHERE t.`post_id` = OLD.`id` AND t.`status` = 'published' AND t.`published_at` IS NOT NULL
    UNION ALL
    SELECT c.`workspace_id`, c.`published_at` - c.`published_at` % 86400000, c.`platform`, 0, c.`impressions`, c.`reach`,
      c.`likes` + c.`comments` + c.`shares`
    FROM `post_targets` t INDEXED BY `post_targets_post_idx` JOIN `post_metrics_current` c ON c.`target_id` = t.`id` WHERE t.`post_id` = OLD.`id` AND c.`published_at` IS NOT NULL
  ) GROUP BY `workspace_id`, `day`, `platform`) f,
  (SELECT DISTINCT lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) AS `tag` FROM json_each(CASE WHEN json_valid(OLD.`hashtags`) THEN OLD.`hashtags` ELSE '[]' END) j
    WHERE typeof(j.`key`) = 'integer' AND j.`type` = 'text' AND lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) <> '') g
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `tag`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
DROP TRIGGER `post_content_daily_media_insert_before`;
--> statement-breakpoint
CREATE TRIGGER `post_content_daily_media_insert_before` BEFORE INSERT ON `post_media`
BEGIN
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT f.`workspace_id`, f.`day`, f.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN f.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN f.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = f.`post_id` AND m.`file_type` IN ('image', 'video')),
    -f.`targets`, -f.`impressions`, -f.`reach`, -f.`engagement`
  FROM (SELECT `post_id`, `workspace_id`, `day`, `platform`, sum(`targets`) AS `targets`, sum(`impressions`) AS `impressions`,
      sum(`reach`) AS `reach`, sum(`engagement`) AS `engagement` FROM (
    SELECT t.`post_id`, t.`workspace_id`, t.`published_at` - t.`published_at` % 86400000 AS `day`, t.`platform`, 1 AS `targets`, 0 AS `impressions`, 0 AS `reach`, 0 AS `engagement`
    FROM `post_targets` t INDEXED BY `post_targets_post_idx` WHERE t.`post_id` = NEW.`post_id` AND t.`status` = 'published' AND t.`published_at` IS NOT NULL
    UNION ALL
    SELECT t.`post_id`, c.`workspace_id`, c.`published_at` - c.`published_at` % 86400000, c.`platform`, 0, c.`impressions`, c.`reach`, (c.`likes` + c.`comments` + c.`shares`)
    FROM `post_targets` t INDEXED BY `post_targets_post_idx` JOIN `post_metrics_current` c ON c.`target_id` = t.`id` WHERE t.`post_id` = NEW.`post_id` AND c.`published_at` IS NOT NULL
  ) GROUP BY `post_id`, `workspace_id`, `day`, `platform`) f
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
DROP TRIGGER `post_content_daily_media_insert_after`;
--> statement-breakpoint
CREATE TRIGGER `post_content_daily_media_insert_after` AFTER INSERT ON `post_media`
BEGIN
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT f.`workspace_id`, f.`day`, f.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN f.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN f.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = f.`post_id` AND m.`file_type` IN ('image', 'video')),
    f.`targets`, f.`impressions`, f.`reach`, f.`engagement`
  FROM (SELECT `post_id`, `workspace_id`, `day`, `platform`, sum(`targets`) AS `targets`, sum(`impressions`) AS `impressions`,
      sum(`reach`) AS `reach`, sum(`engagement`) AS `engagement` FROM (
    SELECT t.`post_id`, t.`workspace_id`, t.`published_at` - t.`published_at` % 86400000 AS `day`, t.`platform`, 1 AS `targets`, 0 AS `impressions`, 0 AS `reach`, 0 AS `engagement`
    FROM `post_targets` t INDEXED BY `post_targets_post_idx` WHERE t.`post_id` = NEW.`post_id` AND t.`status` = 'published' AND t.`published_at` IS NOT NULL
    UNION ALL
    SELECT t.`post_id`, c.`workspace_id`, c.`published_at` - c.`published_at` % 86400000, c.`platform`, 0, c.`impressions`, c.`reach`, (c.`likes` + c.`comments` + c.`shares`)
    FROM `post_targets` t INDEXED BY `post_targets_post_idx` JOIN `post_metrics_current` c ON c.`target_id` = t.`id` WHERE t.`post_id` = NEW.`post_id` AND c.`published_at` IS NOT NULL
  ) GROUP BY `post_id`, `workspace_id`, `day`, `platform`) f
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
DROP TRIGGER `post_content_daily_media_delete_before`;
--> statement-breakpoint
CREATE TRIGGER `post_content_daily_media_delete_before` BEFORE DELETE ON `post_media`
BEGIN
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT f.`workspace_id`, f.`day`, f.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN f.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN f.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = f.`post_id` AND m.`file_type` IN ('image', 'video')),
    -f.`targets`, -f.`impressions`, -f.`reach`, -f.`engagement`
  FROM (SELECT `post_id`, `workspace_id`, `day`, `platform`, sum(`targets`) AS `targets`, sum(`impressions`) AS `impressions`,
      sum(`reach`) AS `reach`, sum(`engagement`) AS `engagement` FROM (
    SELECT t.`post_id`, t.`workspace_id`, t.`published_at` - t.`published_at` % 86400000 AS `day`, t.`platform`, 1 AS `targets`, 0 AS `impressions`, 0 AS `reach`, 0 AS `engagement`
    FROM `post_targets` t INDEXED BY `post_targets_post_idx` WHERE t.`post_id` = OLD.`post_id` AND t.`status` = 'published' AND t.`published_at` IS NOT NULL
    UNION ALL
    SELECT t.`post_id`, c.`workspace_id`, c.`published_at` - c.`published_at` % 86400000, c.`platform`, 0, c.`impressions`, c.`reach`, (c.`likes` + c.`comments` + c.`shares`)
    FROM `post_targets` t INDEXED BY `post_targets_post_idx` JOIN `post_metrics_current` c ON c.`target_id` = t.`id` WHERE t.`post_id` = OLD.`post_id` AND c.`published_at` IS NOT NULL
  ) GROUP BY `post_id`, `workspace_id`, `day`, `platform`) f
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
DROP TRIGGER `post_content_daily_media_delete_after`;
--> statement-breakpoint
CREATE TRIGGER `post_content_daily_media_delete_after` AFTER DELETE ON `post_media`
BEGIN
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT f.`workspace_id`, f.`day`, f.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN f.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN f.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = f.`post_id` AND m.`file_type` IN ('image', 'video')),
    f.`targets`, f.`impressions`, f.`reach`, f.`engagement`
  FROM (SELECT `post_id`, `workspace_id`, `day`, `platform`, sum(`targets`) AS `targets`, sum(`impressions`) AS `impressions`,
      sum(`reach`) AS `reach`, sum(`engagement`) AS `engagement` FROM (
    SELECT t.`post_id`, t.`workspace_id`, t.`published_at` - t.`published_at` % 86400000 AS `day`, t.`platform`, 1 AS `targets`, 0 AS `impressions`, 0 AS `reach`, 0 AS `engagement`
    FROM `post_targets` t INDEXED BY `post_targets_post_idx` WHERE t.`post_id` = OLD.`post_id` AND t.`status` = 'published' AND t.`published_at` IS NOT NULL
    UNION ALL
    SELECT t.`post_id`, c.`workspace_id`, c.`published_at` - c.`published_at` % 86400000, c.`platform`, 0, c.`impressions`, c.`reach`, (c.`likes` + c.`comments` + c.`shares`)
    FROM `post_targets` t INDEXED BY `post_targets_post_idx` JOIN `post_metrics_current` c ON c.`target_id` = t.`id` WHERE t.`post_id` = OLD.`post_id` AND c.`published_at` IS NOT NULL
  ) GROUP BY `post_id`, `workspace_id`, `day`, `platform`) f
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
DROP TRIGGER `post_content_daily_media_update_before`;
--> statement-breakpoint
CREATE TRIGGER `post_content_daily_media_update_before` BEFORE UPDATE OF `post_id`, `media_id` ON `post_media`
BEGIN
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT f.`workspace_id`, f.`day`, f.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN f.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN f.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = f.`post_id` AND m.`file_type` IN ('image', 'video')),
    -f.`targets`, -f.`impressions`, -f.`reach`, -f.`engagement`
  FROM (SELECT `post_id`, `workspace_id`, `day`, `platform`, sum(`targets`) AS `targets`, sum(`impressions`) AS `impressions`,
      sum(`reach`) AS `reach`, sum(`engagement`) AS `engagement` FROM (
    SELECT t.`post_id`, t.`workspace_id`, t.`published_at` - t.`published_at` % 86400000 AS `day`, t.`platform`, 1 AS `targets`, 0 AS `impressions`, 0 AS `reach`, 0 AS `engagement`
    FROM `post_targets` t INDEXED BY `post_targets_post_idx` WHERE t.`post_id` IN (OLD.`post_id`, NEW.`post_id`) AND t.`status` = 'published' AND t.`published_at` IS NOT NULL
    UNION ALL
    SELECT t.`post_id`, c.`workspace_id`, c.`published_at` - c.`published_at` % 86400000, c.`platform`, 0, c.`impressions`, c.`reach`, (c.`likes` + c.`comments` + c.`shares`)
    FROM `post_targets` t INDEXED BY `post_targets_post_idx` JOIN `post_metrics_current` c ON c.`target_id` = t.`id` WHERE t.`post_id` IN (OLD.`post_id`, NEW.`post_id`) AND c.`published_at` IS NOT NULL
  ) GROUP BY `post_id`, `workspace_id`, `day`, `platform`) f
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
DROP TRIGGER `post_content_daily_media_update_after`;
--> statement-breakpoint
CREATE TRIGGER `post_content_daily_media_update_after` AFTER UPDATE OF `post_id`, `media_id` ON `post_media`
BEGIN
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT f.`workspace_id`, f.`day`, f.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN f.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN f.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = f.`post_id` AND m.`file_type` IN ('image', 'video')),
    f.`targets`, f.`impressions`, f.`reach`, f.`engagement`
  FROM (SELECT `post_id`, `workspace_id`, `day`, `platform`, sum(`targets`) AS `targets`, sum(`impressions`) AS `impressions`,
      sum(`reach`) AS `reach`, sum(`engagement`) AS `engagement` FROM (
    SELECT t.`post_id`, t.`workspace_id`, t.`published_at` - t.`published_at` % 86400000 AS `day`, t.`platform`, 1 AS `targets`, 0 AS `impressions`, 0 AS `reach`, 0 AS `engagement`
    FROM `post_targets` t INDEXED BY `post_targets_post_idx` WHERE t.`post_id` IN (OLD.`post_id`, NEW.`post_id`) AND t.`status` = 'published' AND t.`published_at` IS NOT NULL
    UNION ALL
    SELECT t.`post_id`, c.`workspace_id`, c.`published_at` - c.`published_at` % 86400000, c.`platform`, 0, c.`impressions`, c.`reach`, (c.`likes` + c.`comments` + c.`shares`)
    FROM `post_targets` t INDEXED BY `post_targets_post_idx` JOIN `post_metrics_current` c ON c.`target_id` = t.`id` WHERE t.`post_id` IN (OLD.`post_id`, NEW.`post_id`) AND c.`published_at` IS NOT NULL
  ) GROUP BY `post_id`, `workspace_id`, `day`, `platform`) f
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
DROP TRIGGER `post_content_daily_media_kind_before`;
--> statement-breakpoint
CREATE TRIGGER `post_content_daily_media_kind_before` BEFORE UPDATE OF `file_type`, `duration` ON `media`
WHEN OLD.`file_type` IS NOT NEW.`file_type` OR OLD.`duration` IS NOT NEW.`duration`
BEGIN
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT f.`workspace_id`, f.`day`, f.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN f.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN f.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = f.`post_id` AND m.`file_type` IN ('image', 'video')),
    -f.`targets`, -f.`impressions`, -f.`reach`, -f.`engagement`
  FROM (SELECT `post_id`, `workspace_id`, `day`, `platform`, sum(`targets`) AS `targets`, sum(`impressions`) AS `impressions`,
      sum(`reach`) AS `reach`, sum(`engagement`) AS `engagement` FROM (
    SELECT t.`post_id`, t.`workspace_id`, t.`published_at` - t.`published_at` % 86400000 AS `day`, t.`platform`, 1 AS `targets`, 0 AS `impressions`, 0 AS `reach`, 0 AS `engagement`
    FROM `post_targets` t INDEXED BY `post_targets_post_idx` WHERE t.`post_id` IN (SELECT pm.`post_id` FROM `post_media` pm WHERE pm.`media_id` = NEW.`id`) AND t.`status` = 'published' AND t.`published_at` IS NOT NULL
    UNION ALL
    SELECT t.`post_id`, c.`workspace_id`, c.`published_at` - c.`published_at` % 86400000, c.`platform`, 0, c.`impressions`, c.`reach`, (c.`likes` + c.`comments` + c.`shares`)
    FROM `post_targets` t INDEXED BY `post_targets_post_idx` JOIN `post_metrics_current` c ON c.`target_id` = t.`id` WHERE t.`post_id` IN (SELECT pm.`post_id` FROM `post_media` pm WHERE pm.`media_id` = NEW.`id`) AND c.`published_at` IS NOT NULL
  ) GROUP BY `post_id`, `workspace_id`, `day`, `platform`) f
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
DROP TRIGGER `post_content_daily_media_kind_after`;
--> statement-breakpoint
CREATE TRIGGER `post_content_daily_media_kind_after` AFTER UPDATE OF `file_type`, `duration` ON `media`
WHEN OLD.`file_type` IS NOT NEW.`file_type` OR OLD.`duration` IS NOT NEW.`duration`
BEGIN
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT f.`workspace_id`, f.`day`, f.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN f.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN f.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = f.`post_id` AND m.`file_type` IN ('image', 'video')),
    f.`targets`, f.`impressions`, f.`reach`, f.`engagement`
  FROM (SELECT `post_id`, `workspace_id`, `day`, `platform`, sum(`targets`) AS `targets`, sum(`impressions`) AS `impressions`,
      sum(`reach`) AS `reach`, sum(`engagement`) AS `engagement` FROM (
    SELECT t.`post_id`, t.`workspace_id`, t.`published_at` - t.`published_at` % 86400000 AS `day`, t.`platform`, 1 AS `targets`, 0 AS `impressions`, 0 AS `reach`, 0 AS `engagement`
    FROM `post_targets` t INDEXED BY `post_targets_post_idx` WHERE t.`post_id` IN (SELECT pm.`post_id` FROM `post_media` pm WHERE pm.`media_id` = NEW.`id`) AND t.`status` = 'published' AND t.`published_at` IS NOT NULL
    UNION ALL
    SELECT t.`post_id`, c.`workspace_id`, c.`published_at` - c.`published_at` % 86400000, c.`platform`, 0, c.`impressions`, c.`reach`, (c.`likes` + c.`comments` + c.`shares`)
    FROM `post_targets` t INDEXED BY `post_targets_post_idx` JOIN `post_metrics_current` c ON c.`target_id` = t.`id` WHERE t.`post_id` IN (SELECT pm.`post_id` FROM `post_media` pm WHERE pm.`media_id` = NEW.`id`) AND c.`published_at` IS NOT NULL
  ) GROUP BY `post_id`, `workspace_id`, `day`, `platform`) f
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;

CREATE TABLE `post_content_daily` (
	`workspace_id` text NOT NULL,
	`day` integer NOT NULL,
	`platform` text NOT NULL,
	`content_type` text NOT NULL,
	`targets` integer DEFAULT 0 NOT NULL,
	`impressions` integer DEFAULT 0 NOT NULL,
	`reach` integer DEFAULT 0 NOT NULL,
	`engagement` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`workspace_id`, `day`, `platform`, `content_type`)
);
--> statement-breakpoint
CREATE TABLE `post_content_weekly` (
	`workspace_id` text NOT NULL,
	`week` integer NOT NULL,
	`platform` text NOT NULL,
	`content_type` text NOT NULL,
	`targets` integer DEFAULT 0 NOT NULL,
	`impressions` integer DEFAULT 0 NOT NULL,
	`reach` integer DEFAULT 0 NOT NULL,
	`engagement` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`workspace_id`, `week`, `platform`, `content_type`)
);
--> statement-breakpoint
CREATE TABLE `post_published_daily` (
	`workspace_id` text NOT NULL,
	`day` integer NOT NULL,
	`platform` text NOT NULL,
	`targets` text DEFAULT '[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]' NOT NULL,
	PRIMARY KEY(`workspace_id`, `day`, `platform`)
);
--> statement-breakpoint
-- Content-type rollup (ADR 023): the Content tab's figures per (workspace, UTC day of publishing, platform,
-- content type). The type is content-type.ts's contentTypeOf over the post's media, in SQL: no media is text
-- (video on YouTube), several a carousel, one image a single image, one Instagram video up to 90 s a reel, else
-- video. Triggers follow the published targets and their current metrics like post_hashtag_daily, and the post's
-- media: a BEFORE trigger takes the post's figures out under its type as it is, the AFTER trigger puts them back
-- under its type as it becomes (post_media inserts, deletes and updates; media kind or duration changes).
CREATE TRIGGER `post_content_daily_target_insert` AFTER INSERT ON `post_targets`
WHEN NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN NEW.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN NEW.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = NEW.`post_id` AND m.`file_type` IN ('image', 'video')), 1, 0, 0, 0
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_content_daily_target_update` AFTER UPDATE OF `status`, `published_at`, `workspace_id`, `platform`, `post_id` ON `post_targets`
WHEN (OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL) OR (NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL)
BEGIN
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT OLD.`workspace_id`, OLD.`published_at` - OLD.`published_at` % 86400000, OLD.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN OLD.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN OLD.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = OLD.`post_id` AND m.`file_type` IN ('image', 'video')), -1, 0, 0, 0
  WHERE OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN NEW.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN NEW.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = NEW.`post_id` AND m.`file_type` IN ('image', 'video')), 1, 0, 0, 0
  WHERE NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_content_daily_target_delete` AFTER DELETE ON `post_targets`
WHEN OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT OLD.`workspace_id`, OLD.`published_at` - OLD.`published_at` % 86400000, OLD.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN OLD.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN OLD.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = OLD.`post_id` AND m.`file_type` IN ('image', 'video')), -1, 0, 0, 0
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_content_daily_current_insert` AFTER INSERT ON `post_metrics_current`
WHEN NEW.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN NEW.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN NEW.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = NEW.`post_id` AND m.`file_type` IN ('image', 'video')), 0, NEW.`impressions`, NEW.`reach`, (NEW.`likes` + NEW.`comments` + NEW.`shares`)
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
-- A re-sync moves the current row within its cell (same workspace, post, platform, UTC day): one upsert of the
-- difference, none when the figures did not change (as 0029 does for hashtags).
CREATE TRIGGER `post_content_daily_current_update` AFTER UPDATE ON `post_metrics_current`
BEGIN
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN NEW.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN NEW.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = NEW.`post_id` AND m.`file_type` IN ('image', 'video')), 0, NEW.`impressions` - OLD.`impressions`, NEW.`reach` - OLD.`reach`, (NEW.`likes` + NEW.`comments` + NEW.`shares`) - (OLD.`likes` + OLD.`comments` + OLD.`shares`)
  WHERE OLD.`published_at` IS NOT NULL AND NEW.`published_at` IS NOT NULL AND OLD.`workspace_id` = NEW.`workspace_id` AND OLD.`post_id` = NEW.`post_id`
    AND OLD.`platform` = NEW.`platform` AND OLD.`published_at` - OLD.`published_at` % 86400000 = NEW.`published_at` - NEW.`published_at` % 86400000
    AND (NEW.`impressions` <> OLD.`impressions` OR NEW.`reach` <> OLD.`reach` OR (NEW.`likes` + NEW.`comments` + NEW.`shares`) <> (OLD.`likes` + OLD.`comments` + OLD.`shares`))
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT OLD.`workspace_id`, OLD.`published_at` - OLD.`published_at` % 86400000, OLD.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN OLD.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN OLD.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = OLD.`post_id` AND m.`file_type` IN ('image', 'video')), 0, -OLD.`impressions`, -OLD.`reach`, -(OLD.`likes` + OLD.`comments` + OLD.`shares`)
  WHERE OLD.`published_at` IS NOT NULL AND NOT (OLD.`published_at` IS NOT NULL AND NEW.`published_at` IS NOT NULL AND OLD.`workspace_id` = NEW.`workspace_id` AND OLD.`post_id` = NEW.`post_id`
    AND OLD.`platform` = NEW.`platform` AND OLD.`published_at` - OLD.`published_at` % 86400000 = NEW.`published_at` - NEW.`published_at` % 86400000)
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN NEW.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN NEW.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = NEW.`post_id` AND m.`file_type` IN ('image', 'video')), 0, NEW.`impressions`, NEW.`reach`, (NEW.`likes` + NEW.`comments` + NEW.`shares`)
  WHERE NEW.`published_at` IS NOT NULL AND NOT (OLD.`published_at` IS NOT NULL AND NEW.`published_at` IS NOT NULL AND OLD.`workspace_id` = NEW.`workspace_id` AND OLD.`post_id` = NEW.`post_id`
    AND OLD.`platform` = NEW.`platform` AND OLD.`published_at` - OLD.`published_at` % 86400000 = NEW.`published_at` - NEW.`published_at` % 86400000)
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_content_daily_current_delete` AFTER DELETE ON `post_metrics_current`
WHEN OLD.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT OLD.`workspace_id`, OLD.`published_at` - OLD.`published_at` % 86400000, OLD.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN OLD.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN OLD.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = OLD.`post_id` AND m.`file_type` IN ('image', 'video')), 0, -OLD.`impressions`, -OLD.`reach`, -(OLD.`likes` + OLD.`comments` + OLD.`shares`)
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_content_daily_media_insert_before` BEFORE INSERT ON `post_media`
BEGIN
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT f.`workspace_id`, f.`day`, f.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN f.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN f.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = f.`post_id` AND m.`file_type` IN ('image', 'video')),
    -f.`targets`, -f.`impressions`, -f.`reach`, -f.`engagement`
  FROM (SELECT `post_id`, `workspace_id`, `day`, `platform`, sum(`targets`) AS `targets`, sum(`impressions`) AS `impressions`,
      sum(`reach`) AS `reach`, sum(`engagement`) AS `engagement` FROM (
    SELECT t.`post_id`, t.`workspace_id`, t.`published_at` - t.`published_at` % 86400000 AS `day`, t.`platform`, 1 AS `targets`, 0 AS `impressions`, 0 AS `reach`, 0 AS `engagement`
    FROM `post_targets` t WHERE t.`post_id` = NEW.`post_id` AND t.`status` = 'published' AND t.`published_at` IS NOT NULL
    UNION ALL
    SELECT t.`post_id`, c.`workspace_id`, c.`published_at` - c.`published_at` % 86400000, c.`platform`, 0, c.`impressions`, c.`reach`, (c.`likes` + c.`comments` + c.`shares`)
    FROM `post_targets` t JOIN `post_metrics_current` c ON c.`target_id` = t.`id` WHERE t.`post_id` = NEW.`post_id` AND c.`published_at` IS NOT NULL
  ) GROUP BY `post_id`, `workspace_id`, `day`, `platform`) f
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_content_daily_media_insert_after` AFTER INSERT ON `post_media`
BEGIN
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT f.`workspace_id`, f.`day`, f.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN f.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN f.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = f.`post_id` AND m.`file_type` IN ('image', 'video')),
    f.`targets`, f.`impressions`, f.`reach`, f.`engagement`
  FROM (SELECT `post_id`, `workspace_id`, `day`, `platform`, sum(`targets`) AS `targets`, sum(`impressions`) AS `impressions`,
      sum(`reach`) AS `reach`, sum(`engagement`) AS `engagement` FROM (
    SELECT t.`post_id`, t.`workspace_id`, t.`published_at` - t.`published_at` % 86400000 AS `day`, t.`platform`, 1 AS `targets`, 0 AS `impressions`, 0 AS `reach`, 0 AS `engagement`
    FROM `post_targets` t WHERE t.`post_id` = NEW.`post_id` AND t.`status` = 'published' AND t.`published_at` IS NOT NULL
    UNION ALL
    SELECT t.`post_id`, c.`workspace_id`, c.`published_at` - c.`published_at` % 86400000, c.`platform`, 0, c.`impressions`, c.`reach`, (c.`likes` + c.`comments` + c.`shares`)
    FROM `post_targets` t JOIN `post_metrics_current` c ON c.`target_id` = t.`id` WHERE t.`post_id` = NEW.`post_id` AND c.`published_at` IS NOT NULL
  ) GROUP BY `post_id`, `workspace_id`, `day`, `platform`) f
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_content_daily_media_delete_before` BEFORE DELETE ON `post_media`
BEGIN
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT f.`workspace_id`, f.`day`, f.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN f.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN f.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = f.`post_id` AND m.`file_type` IN ('image', 'video')),
    -f.`targets`, -f.`impressions`, -f.`reach`, -f.`engagement`
  FROM (SELECT `post_id`, `workspace_id`, `day`, `platform`, sum(`targets`) AS `targets`, sum(`impressions`) AS `impressions`,
      sum(`reach`) AS `reach`, sum(`engagement`) AS `engagement` FROM (
    SELECT t.`post_id`, t.`workspace_id`, t.`published_at` - t.`published_at` % 86400000 AS `day`, t.`platform`, 1 AS `targets`, 0 AS `impressions`, 0 AS `reach`, 0 AS `engagement`
    FROM `post_targets` t WHERE t.`post_id` = OLD.`post_id` AND t.`status` = 'published' AND t.`published_at` IS NOT NULL
    UNION ALL
    SELECT t.`post_id`, c.`workspace_id`, c.`published_at` - c.`published_at` % 86400000, c.`platform`, 0, c.`impressions`, c.`reach`, (c.`likes` + c.`comments` + c.`shares`)
    FROM `post_targets` t JOIN `post_metrics_current` c ON c.`target_id` = t.`id` WHERE t.`post_id` = OLD.`post_id` AND c.`published_at` IS NOT NULL
  ) GROUP BY `post_id`, `workspace_id`, `day`, `platform`) f
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_content_daily_media_delete_after` AFTER DELETE ON `post_media`
BEGIN
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT f.`workspace_id`, f.`day`, f.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN f.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN f.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = f.`post_id` AND m.`file_type` IN ('image', 'video')),
    f.`targets`, f.`impressions`, f.`reach`, f.`engagement`
  FROM (SELECT `post_id`, `workspace_id`, `day`, `platform`, sum(`targets`) AS `targets`, sum(`impressions`) AS `impressions`,
      sum(`reach`) AS `reach`, sum(`engagement`) AS `engagement` FROM (
    SELECT t.`post_id`, t.`workspace_id`, t.`published_at` - t.`published_at` % 86400000 AS `day`, t.`platform`, 1 AS `targets`, 0 AS `impressions`, 0 AS `reach`, 0 AS `engagement`
    FROM `post_targets` t WHERE t.`post_id` = OLD.`post_id` AND t.`status` = 'published' AND t.`published_at` IS NOT NULL
    UNION ALL
    SELECT t.`post_id`, c.`workspace_id`, c.`published_at` - c.`published_at` % 86400000, c.`platform`, 0, c.`impressions`, c.`reach`, (c.`likes` + c.`comments` + c.`shares`)
    FROM `post_targets` t JOIN `post_metrics_current` c ON c.`target_id` = t.`id` WHERE t.`post_id` = OLD.`post_id` AND c.`published_at` IS NOT NULL
  ) GROUP BY `post_id`, `workspace_id`, `day`, `platform`) f
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_content_daily_media_update_before` BEFORE UPDATE OF `post_id`, `media_id` ON `post_media`
BEGIN
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT f.`workspace_id`, f.`day`, f.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN f.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN f.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = f.`post_id` AND m.`file_type` IN ('image', 'video')),
    -f.`targets`, -f.`impressions`, -f.`reach`, -f.`engagement`
  FROM (SELECT `post_id`, `workspace_id`, `day`, `platform`, sum(`targets`) AS `targets`, sum(`impressions`) AS `impressions`,
      sum(`reach`) AS `reach`, sum(`engagement`) AS `engagement` FROM (
    SELECT t.`post_id`, t.`workspace_id`, t.`published_at` - t.`published_at` % 86400000 AS `day`, t.`platform`, 1 AS `targets`, 0 AS `impressions`, 0 AS `reach`, 0 AS `engagement`
    FROM `post_targets` t WHERE t.`post_id` IN (OLD.`post_id`, NEW.`post_id`) AND t.`status` = 'published' AND t.`published_at` IS NOT NULL
    UNION ALL
    SELECT t.`post_id`, c.`workspace_id`, c.`published_at` - c.`published_at` % 86400000, c.`platform`, 0, c.`impressions`, c.`reach`, (c.`likes` + c.`comments` + c.`shares`)
    FROM `post_targets` t JOIN `post_metrics_current` c ON c.`target_id` = t.`id` WHERE t.`post_id` IN (OLD.`post_id`, NEW.`post_id`) AND c.`published_at` IS NOT NULL
  ) GROUP BY `post_id`, `workspace_id`, `day`, `platform`) f
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_content_daily_media_update_after` AFTER UPDATE OF `post_id`, `media_id` ON `post_media`
BEGIN
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT f.`workspace_id`, f.`day`, f.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN f.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN f.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = f.`post_id` AND m.`file_type` IN ('image', 'video')),
    f.`targets`, f.`impressions`, f.`reach`, f.`engagement`
  FROM (SELECT `post_id`, `workspace_id`, `day`, `platform`, sum(`targets`) AS `targets`, sum(`impressions`) AS `impressions`,
      sum(`reach`) AS `reach`, sum(`engagement`) AS `engagement` FROM (
    SELECT t.`post_id`, t.`workspace_id`, t.`published_at` - t.`published_at` % 86400000 AS `day`, t.`platform`, 1 AS `targets`, 0 AS `impressions`, 0 AS `reach`, 0 AS `engagement`
    FROM `post_targets` t WHERE t.`post_id` IN (OLD.`post_id`, NEW.`post_id`) AND t.`status` = 'published' AND t.`published_at` IS NOT NULL
    UNION ALL
    SELECT t.`post_id`, c.`workspace_id`, c.`published_at` - c.`published_at` % 86400000, c.`platform`, 0, c.`impressions`, c.`reach`, (c.`likes` + c.`comments` + c.`shares`)
    FROM `post_targets` t JOIN `post_metrics_current` c ON c.`target_id` = t.`id` WHERE t.`post_id` IN (OLD.`post_id`, NEW.`post_id`) AND c.`published_at` IS NOT NULL
  ) GROUP BY `post_id`, `workspace_id`, `day`, `platform`) f
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
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
    FROM `post_targets` t WHERE t.`post_id` IN (SELECT pm.`post_id` FROM `post_media` pm WHERE pm.`media_id` = NEW.`id`) AND t.`status` = 'published' AND t.`published_at` IS NOT NULL
    UNION ALL
    SELECT t.`post_id`, c.`workspace_id`, c.`published_at` - c.`published_at` % 86400000, c.`platform`, 0, c.`impressions`, c.`reach`, (c.`likes` + c.`comments` + c.`shares`)
    FROM `post_targets` t JOIN `post_metrics_current` c ON c.`target_id` = t.`id` WHERE t.`post_id` IN (SELECT pm.`post_id` FROM `post_media` pm WHERE pm.`media_id` = NEW.`id`) AND c.`published_at` IS NOT NULL
  ) GROUP BY `post_id`, `workspace_id`, `day`, `platform`) f
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
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
    FROM `post_targets` t WHERE t.`post_id` IN (SELECT pm.`post_id` FROM `post_media` pm WHERE pm.`media_id` = NEW.`id`) AND t.`status` = 'published' AND t.`published_at` IS NOT NULL
    UNION ALL
    SELECT t.`post_id`, c.`workspace_id`, c.`published_at` - c.`published_at` % 86400000, c.`platform`, 0, c.`impressions`, c.`reach`, (c.`likes` + c.`comments` + c.`shares`)
    FROM `post_targets` t JOIN `post_metrics_current` c ON c.`target_id` = t.`id` WHERE t.`post_id` IN (SELECT pm.`post_id` FROM `post_media` pm WHERE pm.`media_id` = NEW.`id`) AND c.`published_at` IS NOT NULL
  ) GROUP BY `post_id`, `workspace_id`, `day`, `platform`) f
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
-- A media item's delete cascades to post_media after the media row is gone, when its kind can no longer be
-- read: its post_media rows go first, while it is still there, so the triggers above move the posts' figures.
CREATE TRIGGER `post_content_daily_media_delete` BEFORE DELETE ON `media`
BEGIN
  DELETE FROM `post_media` WHERE `media_id` = OLD.`id`;
END;
--> statement-breakpoint
-- The weekly sums (epoch-aligned UTC weeks) add each daily row's change, like post_hashtag_weekly (0028); created
-- before the backfill, whose daily inserts fill them.
CREATE TRIGGER `post_content_weekly_insert` AFTER INSERT ON `post_content_daily`
BEGIN
  INSERT INTO `post_content_weekly` (`workspace_id`, `week`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  VALUES (NEW.`workspace_id`, NEW.`day` - NEW.`day` % 604800000, NEW.`platform`, NEW.`content_type`, NEW.`targets`, NEW.`impressions`, NEW.`reach`, NEW.`engagement`)
  ON CONFLICT (`workspace_id`, `week`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`, `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_content_weekly_update` AFTER UPDATE ON `post_content_daily`
BEGIN
  UPDATE `post_content_weekly` SET `targets` = `targets` - OLD.`targets`, `impressions` = `impressions` - OLD.`impressions`, `reach` = `reach` - OLD.`reach`, `engagement` = `engagement` - OLD.`engagement`
  WHERE `workspace_id` = OLD.`workspace_id` AND `week` = OLD.`day` - OLD.`day` % 604800000 AND `platform` = OLD.`platform` AND `content_type` = OLD.`content_type`;
  INSERT INTO `post_content_weekly` (`workspace_id`, `week`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  VALUES (NEW.`workspace_id`, NEW.`day` - NEW.`day` % 604800000, NEW.`platform`, NEW.`content_type`, NEW.`targets`, NEW.`impressions`, NEW.`reach`, NEW.`engagement`)
  ON CONFLICT (`workspace_id`, `week`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`, `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_content_weekly_delete` AFTER DELETE ON `post_content_daily`
BEGIN
  UPDATE `post_content_weekly` SET `targets` = `targets` - OLD.`targets`, `impressions` = `impressions` - OLD.`impressions`, `reach` = `reach` - OLD.`reach`, `engagement` = `engagement` - OLD.`engagement`
  WHERE `workspace_id` = OLD.`workspace_id` AND `week` = OLD.`day` - OLD.`day` % 604800000 AND `platform` = OLD.`platform` AND `content_type` = OLD.`content_type`;
END;
--> statement-breakpoint
-- Backfill from what is stored (the statement workers/analytics/content-rollup.ts rebuilds with); the weekly
-- triggers above sum it into post_content_weekly.
INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
SELECT f.`workspace_id`, f.`day`, f.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN f.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN f.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = f.`post_id` AND m.`file_type` IN ('image', 'video')) AS `content_type`,
  sum(f.`targets`), sum(f.`impressions`), sum(f.`reach`), sum(f.`engagement`)
FROM (
  SELECT `post_id`, `workspace_id`, `published_at` - `published_at` % 86400000 AS `day`, `platform`, 1 AS `targets`, 0 AS `impressions`, 0 AS `reach`, 0 AS `engagement`
  FROM `post_targets` WHERE `status` = 'published' AND `published_at` IS NOT NULL
  UNION ALL
  SELECT `post_id`, `workspace_id`, `published_at` - `published_at` % 86400000, `platform`, 0, `impressions`, `reach`, `likes` + `comments` + `shares`
  FROM `post_metrics_current` WHERE `published_at` IS NOT NULL
) f GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- Posting patterns' rollup (ADR 023): every published target, measured or not, per quarter-hour of its UTC day of
-- publishing and platform, kept by triggers on post_targets like post_best_times_daily's arrays.
CREATE TRIGGER `post_published_daily_target_insert` AFTER INSERT ON `post_targets`
WHEN NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_published_daily` (`workspace_id`, `day`, `platform`)
  SELECT NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`platform` WHERE NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL ON CONFLICT DO NOTHING;
  UPDATE `post_published_daily` SET `targets` = json_set(`targets`, '$[' || (NEW.`published_at` % 86400000 / 900000) || ']', json_extract(`targets`, '$[' || (NEW.`published_at` % 86400000 / 900000) || ']') + 1)
  WHERE `workspace_id` = NEW.`workspace_id` AND `day` = NEW.`published_at` - NEW.`published_at` % 86400000 AND `platform` = NEW.`platform`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_published_daily_target_update` AFTER UPDATE OF `status`, `published_at`, `workspace_id`, `platform` ON `post_targets`
WHEN (OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL) OR (NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL)
BEGIN
  UPDATE `post_published_daily` SET `targets` = json_set(`targets`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']', json_extract(`targets`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']') - 1)
  WHERE `workspace_id` = OLD.`workspace_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000 AND `platform` = OLD.`platform` AND OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL;
  INSERT INTO `post_published_daily` (`workspace_id`, `day`, `platform`)
  SELECT NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`platform` WHERE NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL ON CONFLICT DO NOTHING;
  UPDATE `post_published_daily` SET `targets` = json_set(`targets`, '$[' || (NEW.`published_at` % 86400000 / 900000) || ']', json_extract(`targets`, '$[' || (NEW.`published_at` % 86400000 / 900000) || ']') + 1)
  WHERE `workspace_id` = NEW.`workspace_id` AND `day` = NEW.`published_at` - NEW.`published_at` % 86400000 AND `platform` = NEW.`platform` AND NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `post_published_daily_target_delete` AFTER DELETE ON `post_targets`
WHEN OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL
BEGIN
  UPDATE `post_published_daily` SET `targets` = json_set(`targets`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']', json_extract(`targets`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']') - 1)
  WHERE `workspace_id` = OLD.`workspace_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000 AND `platform` = OLD.`platform`;
END;
--> statement-breakpoint
INSERT INTO `post_published_daily` (`workspace_id`, `day`, `platform`, `targets`)
WITH RECURSIVE slots(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM slots WHERE i < 95),
s AS (
  SELECT workspace_id AS w, published_at - published_at % 86400000 AS d, platform AS p, published_at % 86400000 / 900000 AS slot, count(*) AS n
  FROM post_targets WHERE status = 'published' AND published_at IS NOT NULL GROUP BY 1, 2, 3, 4
),
k AS (SELECT DISTINCT w, d, p FROM s)
SELECT k.w, k.d, k.p, json_group_array(coalesce(s.n, 0) ORDER BY slots.i)
FROM k CROSS JOIN slots LEFT JOIN s ON s.w = k.w AND s.d = k.d AND s.p = k.p AND s.slot = slots.i
GROUP BY k.w, k.d, k.p;

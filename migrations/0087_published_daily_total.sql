CREATE TABLE `post_published_daily_total` (
	`workspace_id` text NOT NULL,
	`day` integer NOT NULL,
	`targets` text DEFAULT '[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]' NOT NULL,
	`engagement` text DEFAULT '[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]' NOT NULL,
	PRIMARY KEY(`workspace_id`, `day`)
);
--> statement-breakpoint
-- Every day so far, from the two platform rollups (ADR 137): a day of either gets a row (zeros by default), then each
-- array is the sum of that day's platform arrays, where it has any. The file is applied as one batch, so no write
-- lands between these sums and the triggers below.
INSERT INTO `post_published_daily_total` (`workspace_id`, `day`)
SELECT `workspace_id`, `day` FROM `post_published_daily` UNION SELECT `workspace_id`, `day` FROM `post_best_times_daily`;
--> statement-breakpoint
UPDATE `post_published_daily_total` AS t SET `targets` = (SELECT json_group_array(`v` ORDER BY `i`) FROM (SELECT j.`key` AS `i`, sum(j.`value`) AS `v`
    FROM `post_published_daily` p, json_each(p.`targets`) j WHERE p.`workspace_id` = t.`workspace_id` AND p.`day` = t.`day` GROUP BY j.`key`))
WHERE EXISTS (SELECT 1 FROM `post_published_daily` p WHERE p.`workspace_id` = t.`workspace_id` AND p.`day` = t.`day`);
--> statement-breakpoint
UPDATE `post_published_daily_total` AS t SET `engagement` = (SELECT json_group_array(`v` ORDER BY `i`) FROM (SELECT j.`key` AS `i`, sum(j.`value`) AS `v`
    FROM `post_best_times_daily` p, json_each(p.`engagement`) j WHERE p.`workspace_id` = t.`workspace_id` AND p.`day` = t.`day` GROUP BY j.`key`))
WHERE EXISTS (SELECT 1 FROM `post_best_times_daily` p WHERE p.`workspace_id` = t.`workspace_id` AND p.`day` = t.`day`);
--> statement-breakpoint
-- Written by `npm run db:rollups` from workers/analytics/rollups.sql (ADR 052): the triggers are changed there, not here.
-- Changed: post_best_times_daily_current_insert, post_best_times_daily_current_update,
--   post_best_times_daily_current_delete, post_published_daily_target_insert, post_published_daily_target_update,
--   post_published_daily_target_delete
-- Created again, unchanged, to keep the order they fire in: post_metrics_post_daily_target_insert,
--   post_metrics_post_daily_target_update, post_metrics_post_daily_target_delete, post_platform_daily_target_insert,
--   post_platform_daily_target_update, post_platform_daily_target_delete, post_metrics_hourly_target_insert,
--   post_metrics_hourly_target_update, post_metrics_hourly_target_delete, post_platform_daily_current_insert,
--   post_platform_daily_current_update, post_platform_daily_current_delete, post_hashtag_daily_current_insert,
--   post_hashtag_daily_current_delete, post_hashtag_daily_current_update, post_content_daily_current_insert,
--   post_content_daily_current_update, post_content_daily_current_delete, post_best_times_weekly_current_insert,
--   post_best_times_weekly_current_update, post_best_times_weekly_current_delete, post_metrics_hourly_current_insert,
--   post_metrics_hourly_current_update, post_metrics_hourly_current_delete
DROP TRIGGER `post_best_times_daily_current_insert`;
--> statement-breakpoint
DROP TRIGGER `post_best_times_daily_current_update`;
--> statement-breakpoint
DROP TRIGGER `post_best_times_daily_current_delete`;
--> statement-breakpoint
DROP TRIGGER `post_platform_daily_current_insert`;
--> statement-breakpoint
DROP TRIGGER `post_platform_daily_current_update`;
--> statement-breakpoint
DROP TRIGGER `post_platform_daily_current_delete`;
--> statement-breakpoint
DROP TRIGGER `post_hashtag_daily_current_insert`;
--> statement-breakpoint
DROP TRIGGER `post_hashtag_daily_current_delete`;
--> statement-breakpoint
DROP TRIGGER `post_hashtag_daily_current_update`;
--> statement-breakpoint
DROP TRIGGER `post_content_daily_current_insert`;
--> statement-breakpoint
DROP TRIGGER `post_content_daily_current_update`;
--> statement-breakpoint
DROP TRIGGER `post_content_daily_current_delete`;
--> statement-breakpoint
DROP TRIGGER `post_published_daily_target_insert`;
--> statement-breakpoint
DROP TRIGGER `post_published_daily_target_update`;
--> statement-breakpoint
DROP TRIGGER `post_published_daily_target_delete`;
--> statement-breakpoint
DROP TRIGGER `post_metrics_post_daily_target_insert`;
--> statement-breakpoint
DROP TRIGGER `post_metrics_post_daily_target_update`;
--> statement-breakpoint
DROP TRIGGER `post_metrics_post_daily_target_delete`;
--> statement-breakpoint
DROP TRIGGER `post_platform_daily_target_insert`;
--> statement-breakpoint
DROP TRIGGER `post_platform_daily_target_update`;
--> statement-breakpoint
DROP TRIGGER `post_platform_daily_target_delete`;
--> statement-breakpoint
DROP TRIGGER `post_best_times_weekly_current_insert`;
--> statement-breakpoint
DROP TRIGGER `post_best_times_weekly_current_update`;
--> statement-breakpoint
DROP TRIGGER `post_best_times_weekly_current_delete`;
--> statement-breakpoint
DROP TRIGGER `post_metrics_hourly_target_insert`;
--> statement-breakpoint
DROP TRIGGER `post_metrics_hourly_target_update`;
--> statement-breakpoint
DROP TRIGGER `post_metrics_hourly_target_delete`;
--> statement-breakpoint
DROP TRIGGER `post_metrics_hourly_current_insert`;
--> statement-breakpoint
DROP TRIGGER `post_metrics_hourly_current_update`;
--> statement-breakpoint
DROP TRIGGER `post_metrics_hourly_current_delete`;
--> statement-breakpoint
CREATE TRIGGER `post_best_times_daily_current_insert` AFTER INSERT ON `post_metrics_current`
WHEN NEW.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_best_times_daily` (`workspace_id`, `day`, `platform`)
  VALUES (NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`platform`) ON CONFLICT DO NOTHING;
  UPDATE `post_best_times_daily` SET
    `posts` = json_set(`posts`, '$[' || (NEW.`published_at` % 86400000 / 900000) || ']', json_extract(`posts`, '$[' || (NEW.`published_at` % 86400000 / 900000) || ']') + 1),
    `engagement` = json_set(`engagement`, '$[' || (NEW.`published_at` % 86400000 / 900000) || ']', json_extract(`engagement`, '$[' || (NEW.`published_at` % 86400000 / 900000) || ']') + (NEW.`likes` + NEW.`comments` + NEW.`shares`))
  WHERE `workspace_id` = NEW.`workspace_id` AND `day` = NEW.`published_at` - NEW.`published_at` % 86400000 AND `platform` = NEW.`platform`;
  INSERT INTO `post_published_daily_total` (`workspace_id`, `day`)
  VALUES (NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000) ON CONFLICT DO NOTHING;
  UPDATE `post_published_daily_total` SET
    `engagement` = json_set(`engagement`, '$[' || (NEW.`published_at` % 86400000 / 900000) || ']', json_extract(`engagement`, '$[' || (NEW.`published_at` % 86400000 / 900000) || ']') + (NEW.`likes` + NEW.`comments` + NEW.`shares`))
  WHERE `workspace_id` = NEW.`workspace_id` AND `day` = NEW.`published_at` - NEW.`published_at` % 86400000;
END;
--> statement-breakpoint
CREATE TRIGGER `post_best_times_daily_current_update` AFTER UPDATE ON `post_metrics_current`
BEGIN
  UPDATE `post_best_times_daily` SET
    `posts` = json_set(`posts`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']', json_extract(`posts`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']') - 1),
    `engagement` = json_set(`engagement`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']', json_extract(`engagement`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']') - (OLD.`likes` + OLD.`comments` + OLD.`shares`))
  WHERE OLD.`published_at` IS NOT NULL AND `workspace_id` = OLD.`workspace_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000 AND `platform` = OLD.`platform`;
  INSERT INTO `post_best_times_daily` (`workspace_id`, `day`, `platform`)
  SELECT NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`platform`
  WHERE NEW.`published_at` IS NOT NULL ON CONFLICT DO NOTHING;
  UPDATE `post_best_times_daily` SET
    `posts` = json_set(`posts`, '$[' || (NEW.`published_at` % 86400000 / 900000) || ']', json_extract(`posts`, '$[' || (NEW.`published_at` % 86400000 / 900000) || ']') + 1),
    `engagement` = json_set(`engagement`, '$[' || (NEW.`published_at` % 86400000 / 900000) || ']', json_extract(`engagement`, '$[' || (NEW.`published_at` % 86400000 / 900000) || ']') + (NEW.`likes` + NEW.`comments` + NEW.`shares`))
  WHERE NEW.`published_at` IS NOT NULL AND `workspace_id` = NEW.`workspace_id` AND `day` = NEW.`published_at` - NEW.`published_at` % 86400000 AND `platform` = NEW.`platform`;
  UPDATE `post_published_daily_total` SET
    `engagement` = json_set(`engagement`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']', json_extract(`engagement`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']') - (OLD.`likes` + OLD.`comments` + OLD.`shares`))
  WHERE OLD.`published_at` IS NOT NULL AND `workspace_id` = OLD.`workspace_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000;
  INSERT INTO `post_published_daily_total` (`workspace_id`, `day`)
  SELECT NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000
  WHERE NEW.`published_at` IS NOT NULL ON CONFLICT DO NOTHING;
  UPDATE `post_published_daily_total` SET
    `engagement` = json_set(`engagement`, '$[' || (NEW.`published_at` % 86400000 / 900000) || ']', json_extract(`engagement`, '$[' || (NEW.`published_at` % 86400000 / 900000) || ']') + (NEW.`likes` + NEW.`comments` + NEW.`shares`))
  WHERE NEW.`published_at` IS NOT NULL AND `workspace_id` = NEW.`workspace_id` AND `day` = NEW.`published_at` - NEW.`published_at` % 86400000;
END;
--> statement-breakpoint
CREATE TRIGGER `post_best_times_daily_current_delete` AFTER DELETE ON `post_metrics_current`
WHEN OLD.`published_at` IS NOT NULL
BEGIN
  UPDATE `post_best_times_daily` SET
    `posts` = json_set(`posts`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']', json_extract(`posts`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']') - 1),
    `engagement` = json_set(`engagement`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']', json_extract(`engagement`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']') - (OLD.`likes` + OLD.`comments` + OLD.`shares`))
  WHERE `workspace_id` = OLD.`workspace_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000 AND `platform` = OLD.`platform`;
  UPDATE `post_published_daily_total` SET
    `engagement` = json_set(`engagement`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']', json_extract(`engagement`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']') - (OLD.`likes` + OLD.`comments` + OLD.`shares`))
  WHERE `workspace_id` = OLD.`workspace_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000;
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
CREATE TRIGGER `post_hashtag_daily_current_insert` AFTER INSERT ON `post_metrics_current`
WHEN NEW.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_hashtag_daily` (`workspace_id`, `day`, `platform`, `tag`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`platform`, g.`tag`, 0, NEW.`impressions`, NEW.`reach`, (NEW.`likes` + NEW.`comments` + NEW.`shares`)
  FROM (SELECT DISTINCT lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) AS `tag` FROM json_each(CASE WHEN json_valid((SELECT p.`hashtags` FROM `posts` p WHERE p.`id` = NEW.`post_id`)) THEN (SELECT p.`hashtags` FROM `posts` p WHERE p.`id` = NEW.`post_id`) ELSE '[]' END) j
    WHERE typeof(j.`key`) = 'integer' AND j.`type` = 'text' AND lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) <> '') g
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `tag`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_hashtag_daily_current_delete` AFTER DELETE ON `post_metrics_current`
WHEN OLD.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_hashtag_daily` (`workspace_id`, `day`, `platform`, `tag`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT OLD.`workspace_id`, OLD.`published_at` - OLD.`published_at` % 86400000, OLD.`platform`, g.`tag`, 0, -OLD.`impressions`, -OLD.`reach`, -(OLD.`likes` + OLD.`comments` + OLD.`shares`)
  FROM (SELECT DISTINCT lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) AS `tag` FROM json_each(CASE WHEN json_valid((SELECT p.`hashtags` FROM `posts` p WHERE p.`id` = OLD.`post_id`)) THEN (SELECT p.`hashtags` FROM `posts` p WHERE p.`id` = OLD.`post_id`) ELSE '[]' END) j
    WHERE typeof(j.`key`) = 'integer' AND j.`type` = 'text' AND lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) <> '') g
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `tag`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_hashtag_daily_current_update` AFTER UPDATE ON `post_metrics_current`
BEGIN
  INSERT INTO `post_hashtag_daily` (`workspace_id`, `day`, `platform`, `tag`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`platform`, g.`tag`, 0, NEW.`impressions` - OLD.`impressions`, NEW.`reach` - OLD.`reach`,
    (NEW.`likes` + NEW.`comments` + NEW.`shares`) - (OLD.`likes` + OLD.`comments` + OLD.`shares`)
  FROM (SELECT DISTINCT lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) AS `tag` FROM json_each(CASE WHEN json_valid((SELECT p.`hashtags` FROM `posts` p WHERE p.`id` = NEW.`post_id`)) THEN (SELECT p.`hashtags` FROM `posts` p WHERE p.`id` = NEW.`post_id`) ELSE '[]' END) j
    WHERE typeof(j.`key`) = 'integer' AND j.`type` = 'text' AND lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) <> '') g
  WHERE OLD.`published_at` IS NOT NULL AND NEW.`published_at` IS NOT NULL AND OLD.`workspace_id` = NEW.`workspace_id` AND OLD.`post_id` = NEW.`post_id`
    AND OLD.`platform` = NEW.`platform` AND OLD.`published_at` - OLD.`published_at` % 86400000 = NEW.`published_at` - NEW.`published_at` % 86400000
    AND (NEW.`impressions` <> OLD.`impressions` OR NEW.`reach` <> OLD.`reach`
      OR NEW.`likes` + NEW.`comments` + NEW.`shares` <> OLD.`likes` + OLD.`comments` + OLD.`shares`)
  ON CONFLICT (`workspace_id`, `day`, `platform`, `tag`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
  INSERT INTO `post_hashtag_daily` (`workspace_id`, `day`, `platform`, `tag`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT OLD.`workspace_id`, OLD.`published_at` - OLD.`published_at` % 86400000, OLD.`platform`, g.`tag`, 0, -OLD.`impressions`, -OLD.`reach`, -(OLD.`likes` + OLD.`comments` + OLD.`shares`)
  FROM (SELECT DISTINCT lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) AS `tag` FROM json_each(CASE WHEN json_valid((SELECT p.`hashtags` FROM `posts` p WHERE p.`id` = OLD.`post_id`)) THEN (SELECT p.`hashtags` FROM `posts` p WHERE p.`id` = OLD.`post_id`) ELSE '[]' END) j
    WHERE typeof(j.`key`) = 'integer' AND j.`type` = 'text' AND lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) <> '') g
  WHERE OLD.`published_at` IS NOT NULL AND NOT (OLD.`published_at` IS NOT NULL AND NEW.`published_at` IS NOT NULL AND OLD.`workspace_id` = NEW.`workspace_id` AND OLD.`post_id` = NEW.`post_id`
    AND OLD.`platform` = NEW.`platform` AND OLD.`published_at` - OLD.`published_at` % 86400000 = NEW.`published_at` - NEW.`published_at` % 86400000)
  ON CONFLICT (`workspace_id`, `day`, `platform`, `tag`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
  INSERT INTO `post_hashtag_daily` (`workspace_id`, `day`, `platform`, `tag`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`platform`, g.`tag`, 0, NEW.`impressions`, NEW.`reach`, (NEW.`likes` + NEW.`comments` + NEW.`shares`)
  FROM (SELECT DISTINCT lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) AS `tag` FROM json_each(CASE WHEN json_valid((SELECT p.`hashtags` FROM `posts` p WHERE p.`id` = NEW.`post_id`)) THEN (SELECT p.`hashtags` FROM `posts` p WHERE p.`id` = NEW.`post_id`) ELSE '[]' END) j
    WHERE typeof(j.`key`) = 'integer' AND j.`type` = 'text' AND lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) <> '') g
  WHERE NEW.`published_at` IS NOT NULL AND NOT (OLD.`published_at` IS NOT NULL AND NEW.`published_at` IS NOT NULL AND OLD.`workspace_id` = NEW.`workspace_id` AND OLD.`post_id` = NEW.`post_id`
    AND OLD.`platform` = NEW.`platform` AND OLD.`published_at` - OLD.`published_at` % 86400000 = NEW.`published_at` - NEW.`published_at` % 86400000)
  ON CONFLICT (`workspace_id`, `day`, `platform`, `tag`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
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
CREATE TRIGGER `post_published_daily_target_insert` AFTER INSERT ON `post_targets`
WHEN NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_published_daily` (`workspace_id`, `day`, `platform`)
  SELECT NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`platform` WHERE NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL ON CONFLICT DO NOTHING;
  UPDATE `post_published_daily` SET `targets` = json_set(`targets`, '$[' || (NEW.`published_at` % 86400000 / 900000) || ']', json_extract(`targets`, '$[' || (NEW.`published_at` % 86400000 / 900000) || ']') + 1)
  WHERE `workspace_id` = NEW.`workspace_id` AND `day` = NEW.`published_at` - NEW.`published_at` % 86400000 AND `platform` = NEW.`platform`;
  INSERT INTO `post_published_daily_total` (`workspace_id`, `day`)
  VALUES (NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000) ON CONFLICT DO NOTHING;
  UPDATE `post_published_daily_total` SET `targets` = json_set(`targets`, '$[' || (NEW.`published_at` % 86400000 / 900000) || ']', json_extract(`targets`, '$[' || (NEW.`published_at` % 86400000 / 900000) || ']') + 1)
  WHERE `workspace_id` = NEW.`workspace_id` AND `day` = NEW.`published_at` - NEW.`published_at` % 86400000;
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
  UPDATE `post_published_daily_total` SET `targets` = json_set(`targets`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']', json_extract(`targets`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']') - 1)
  WHERE `workspace_id` = OLD.`workspace_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000 AND OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL;
  INSERT INTO `post_published_daily_total` (`workspace_id`, `day`)
  SELECT NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000 WHERE NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL ON CONFLICT DO NOTHING;
  UPDATE `post_published_daily_total` SET `targets` = json_set(`targets`, '$[' || (NEW.`published_at` % 86400000 / 900000) || ']', json_extract(`targets`, '$[' || (NEW.`published_at` % 86400000 / 900000) || ']') + 1)
  WHERE `workspace_id` = NEW.`workspace_id` AND `day` = NEW.`published_at` - NEW.`published_at` % 86400000 AND NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `post_published_daily_target_delete` AFTER DELETE ON `post_targets`
WHEN OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL
BEGIN
  UPDATE `post_published_daily` SET `targets` = json_set(`targets`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']', json_extract(`targets`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']') - 1)
  WHERE `workspace_id` = OLD.`workspace_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000 AND `platform` = OLD.`platform`;
  UPDATE `post_published_daily_total` SET `targets` = json_set(`targets`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']', json_extract(`targets`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']') - 1)
  WHERE `workspace_id` = OLD.`workspace_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000;
END;
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
--> statement-breakpoint
CREATE TRIGGER `post_best_times_weekly_current_insert` AFTER INSERT ON `post_metrics_current`
WHEN NEW.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_best_times_weekly` (`workspace_id`, `week`, `platform`)
  VALUES (NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 604800000, NEW.`platform`) ON CONFLICT DO NOTHING;
  UPDATE `post_best_times_weekly` SET
    `posts` = json_set(`posts`, '$[' || (NEW.`published_at` % 604800000 / 900000) || ']', json_extract(`posts`, '$[' || (NEW.`published_at` % 604800000 / 900000) || ']') + 1),
    `engagement` = json_set(`engagement`, '$[' || (NEW.`published_at` % 604800000 / 900000) || ']', json_extract(`engagement`, '$[' || (NEW.`published_at` % 604800000 / 900000) || ']') + (NEW.`likes` + NEW.`comments` + NEW.`shares`))
  WHERE `workspace_id` = NEW.`workspace_id` AND `week` = NEW.`published_at` - NEW.`published_at` % 604800000 AND `platform` = NEW.`platform`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_best_times_weekly_current_update` AFTER UPDATE ON `post_metrics_current`
BEGIN
  UPDATE `post_best_times_weekly` SET
    `posts` = json_set(`posts`, '$[' || (OLD.`published_at` % 604800000 / 900000) || ']', json_extract(`posts`, '$[' || (OLD.`published_at` % 604800000 / 900000) || ']') - 1),
    `engagement` = json_set(`engagement`, '$[' || (OLD.`published_at` % 604800000 / 900000) || ']', json_extract(`engagement`, '$[' || (OLD.`published_at` % 604800000 / 900000) || ']') - (OLD.`likes` + OLD.`comments` + OLD.`shares`))
  WHERE OLD.`published_at` IS NOT NULL AND `workspace_id` = OLD.`workspace_id` AND `week` = OLD.`published_at` - OLD.`published_at` % 604800000 AND `platform` = OLD.`platform`;
  INSERT INTO `post_best_times_weekly` (`workspace_id`, `week`, `platform`)
  SELECT NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 604800000, NEW.`platform`
  WHERE NEW.`published_at` IS NOT NULL ON CONFLICT DO NOTHING;
  UPDATE `post_best_times_weekly` SET
    `posts` = json_set(`posts`, '$[' || (NEW.`published_at` % 604800000 / 900000) || ']', json_extract(`posts`, '$[' || (NEW.`published_at` % 604800000 / 900000) || ']') + 1),
    `engagement` = json_set(`engagement`, '$[' || (NEW.`published_at` % 604800000 / 900000) || ']', json_extract(`engagement`, '$[' || (NEW.`published_at` % 604800000 / 900000) || ']') + (NEW.`likes` + NEW.`comments` + NEW.`shares`))
  WHERE NEW.`published_at` IS NOT NULL AND `workspace_id` = NEW.`workspace_id` AND `week` = NEW.`published_at` - NEW.`published_at` % 604800000 AND `platform` = NEW.`platform`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_best_times_weekly_current_delete` AFTER DELETE ON `post_metrics_current`
WHEN OLD.`published_at` IS NOT NULL
BEGIN
  UPDATE `post_best_times_weekly` SET
    `posts` = json_set(`posts`, '$[' || (OLD.`published_at` % 604800000 / 900000) || ']', json_extract(`posts`, '$[' || (OLD.`published_at` % 604800000 / 900000) || ']') - 1),
    `engagement` = json_set(`engagement`, '$[' || (OLD.`published_at` % 604800000 / 900000) || ']', json_extract(`engagement`, '$[' || (OLD.`published_at` % 604800000 / 900000) || ']') - (OLD.`likes` + OLD.`comments` + OLD.`shares`))
  WHERE `workspace_id` = OLD.`workspace_id` AND `week` = OLD.`published_at` - OLD.`published_at` % 604800000 AND `platform` = OLD.`platform`;
END;
--> statement-breakpoint
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

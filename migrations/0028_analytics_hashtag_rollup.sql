CREATE TABLE `post_hashtag_daily` (
	`workspace_id` text NOT NULL,
	`day` integer NOT NULL,
	`platform` text NOT NULL,
	`tag` text NOT NULL,
	`targets` integer DEFAULT 0 NOT NULL,
	`impressions` integer DEFAULT 0 NOT NULL,
	`reach` integer DEFAULT 0 NOT NULL,
	`engagement` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`workspace_id`, `day`, `platform`, `tag`)
);
--> statement-breakpoint
CREATE TABLE `post_hashtag_weekly` (
	`workspace_id` text NOT NULL,
	`week` integer NOT NULL,
	`platform` text NOT NULL,
	`tag` text NOT NULL,
	`targets` integer DEFAULT 0 NOT NULL,
	`impressions` integer DEFAULT 0 NOT NULL,
	`reach` integer DEFAULT 0 NOT NULL,
	`engagement` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`workspace_id`, `week`, `platform`, `tag`)
);
--> statement-breakpoint
-- Hashtag rollup (ADR 023, 039): the Hashtags tab's figures per (workspace, UTC day of publishing, platform, tag),
-- tags normalized as aggregate.normalizeTag does (JS whitespace trimmed, leading # dropped; lower() is ASCII-only,
-- so the reader re-normalizes). A target counts under each distinct tag of its post. Triggers follow the
-- published targets and their current metrics like post_metrics_daily; a hashtag edit moves the post's figures
-- from its old tags to its new ones; a post's delete takes its figures out first (BEFORE: once the row is gone,
-- the cascaded target and current deletes find no tags and change nothing).
CREATE TRIGGER `post_hashtag_daily_target_insert` AFTER INSERT ON `post_targets`
WHEN NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_hashtag_daily` (`workspace_id`, `day`, `platform`, `tag`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`platform`, g.`tag`, 1, 0, 0, 0
  FROM (SELECT DISTINCT lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) AS `tag` FROM json_each(CASE WHEN json_valid((SELECT p.`hashtags` FROM `posts` p WHERE p.`id` = NEW.`post_id`)) THEN (SELECT p.`hashtags` FROM `posts` p WHERE p.`id` = NEW.`post_id`) ELSE '[]' END) j
    WHERE typeof(j.`key`) = 'integer' AND j.`type` = 'text' AND lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) <> '') g
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `tag`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_hashtag_daily_target_update` AFTER UPDATE OF `status`, `published_at`, `workspace_id`, `platform`, `post_id` ON `post_targets`
WHEN (OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL) OR (NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL)
BEGIN
  INSERT INTO `post_hashtag_daily` (`workspace_id`, `day`, `platform`, `tag`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT OLD.`workspace_id`, OLD.`published_at` - OLD.`published_at` % 86400000, OLD.`platform`, g.`tag`, -1, 0, 0, 0
  FROM (SELECT DISTINCT lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) AS `tag` FROM json_each(CASE WHEN json_valid((SELECT p.`hashtags` FROM `posts` p WHERE p.`id` = OLD.`post_id`)) THEN (SELECT p.`hashtags` FROM `posts` p WHERE p.`id` = OLD.`post_id`) ELSE '[]' END) j
    WHERE typeof(j.`key`) = 'integer' AND j.`type` = 'text' AND lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) <> '') g
  WHERE OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL
  ON CONFLICT (`workspace_id`, `day`, `platform`, `tag`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
  INSERT INTO `post_hashtag_daily` (`workspace_id`, `day`, `platform`, `tag`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`platform`, g.`tag`, 1, 0, 0, 0
  FROM (SELECT DISTINCT lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) AS `tag` FROM json_each(CASE WHEN json_valid((SELECT p.`hashtags` FROM `posts` p WHERE p.`id` = NEW.`post_id`)) THEN (SELECT p.`hashtags` FROM `posts` p WHERE p.`id` = NEW.`post_id`) ELSE '[]' END) j
    WHERE typeof(j.`key`) = 'integer' AND j.`type` = 'text' AND lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) <> '') g
  WHERE NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL
  ON CONFLICT (`workspace_id`, `day`, `platform`, `tag`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_hashtag_daily_target_delete` AFTER DELETE ON `post_targets`
WHEN OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_hashtag_daily` (`workspace_id`, `day`, `platform`, `tag`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT OLD.`workspace_id`, OLD.`published_at` - OLD.`published_at` % 86400000, OLD.`platform`, g.`tag`, -1, 0, 0, 0
  FROM (SELECT DISTINCT lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) AS `tag` FROM json_each(CASE WHEN json_valid((SELECT p.`hashtags` FROM `posts` p WHERE p.`id` = OLD.`post_id`)) THEN (SELECT p.`hashtags` FROM `posts` p WHERE p.`id` = OLD.`post_id`) ELSE '[]' END) j
    WHERE typeof(j.`key`) = 'integer' AND j.`type` = 'text' AND lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) <> '') g
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `tag`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
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
CREATE TRIGGER `post_hashtag_daily_current_update` AFTER UPDATE ON `post_metrics_current`
BEGIN
  INSERT INTO `post_hashtag_daily` (`workspace_id`, `day`, `platform`, `tag`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT OLD.`workspace_id`, OLD.`published_at` - OLD.`published_at` % 86400000, OLD.`platform`, g.`tag`, 0, -OLD.`impressions`, -OLD.`reach`, -(OLD.`likes` + OLD.`comments` + OLD.`shares`)
  FROM (SELECT DISTINCT lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) AS `tag` FROM json_each(CASE WHEN json_valid((SELECT p.`hashtags` FROM `posts` p WHERE p.`id` = OLD.`post_id`)) THEN (SELECT p.`hashtags` FROM `posts` p WHERE p.`id` = OLD.`post_id`) ELSE '[]' END) j
    WHERE typeof(j.`key`) = 'integer' AND j.`type` = 'text' AND lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) <> '') g
  WHERE OLD.`published_at` IS NOT NULL
  ON CONFLICT (`workspace_id`, `day`, `platform`, `tag`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
  INSERT INTO `post_hashtag_daily` (`workspace_id`, `day`, `platform`, `tag`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`platform`, g.`tag`, 0, NEW.`impressions`, NEW.`reach`, (NEW.`likes` + NEW.`comments` + NEW.`shares`)
  FROM (SELECT DISTINCT lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) AS `tag` FROM json_each(CASE WHEN json_valid((SELECT p.`hashtags` FROM `posts` p WHERE p.`id` = NEW.`post_id`)) THEN (SELECT p.`hashtags` FROM `posts` p WHERE p.`id` = NEW.`post_id`) ELSE '[]' END) j
    WHERE typeof(j.`key`) = 'integer' AND j.`type` = 'text' AND lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) <> '') g
  WHERE NEW.`published_at` IS NOT NULL
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
CREATE TRIGGER `post_hashtag_daily_post_hashtags` AFTER UPDATE OF `hashtags` ON `posts`
WHEN OLD.`hashtags` IS NOT NEW.`hashtags`
BEGIN
  INSERT INTO `post_hashtag_daily` (`workspace_id`, `day`, `platform`, `tag`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT f.`workspace_id`, f.`day`, f.`platform`, g.`tag`, -f.`targets`, -f.`impressions`, -f.`reach`, -f.`engagement`
  FROM (SELECT `workspace_id`, `day`, `platform`, sum(`targets`) AS `targets`, sum(`impressions`) AS `impressions`,
      sum(`reach`) AS `reach`, sum(`engagement`) AS `engagement` FROM (
    SELECT t.`workspace_id`, t.`published_at` - t.`published_at` % 86400000 AS `day`, t.`platform`, 1 AS `targets`, 0 AS `impressions`,
      0 AS `reach`, 0 AS `engagement`
    FROM `post_targets` t WHERE t.`post_id` = OLD.`id` AND t.`status` = 'published' AND t.`published_at` IS NOT NULL
    UNION ALL
    SELECT c.`workspace_id`, c.`published_at` - c.`published_at` % 86400000, c.`platform`, 0, c.`impressions`, c.`reach`,
      c.`likes` + c.`comments` + c.`shares`
    FROM `post_targets` t JOIN `post_metrics_current` c ON c.`target_id` = t.`id` WHERE t.`post_id` = OLD.`id` AND c.`published_at` IS NOT NULL
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
    FROM `post_targets` t WHERE t.`post_id` = NEW.`id` AND t.`status` = 'published' AND t.`published_at` IS NOT NULL
    UNION ALL
    SELECT c.`workspace_id`, c.`published_at` - c.`published_at` % 86400000, c.`platform`, 0, c.`impressions`, c.`reach`,
      c.`likes` + c.`comments` + c.`shares`
    FROM `post_targets` t JOIN `post_metrics_current` c ON c.`target_id` = t.`id` WHERE t.`post_id` = NEW.`id` AND c.`published_at` IS NOT NULL
  ) GROUP BY `workspace_id`, `day`, `platform`) f,
  (SELECT DISTINCT lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) AS `tag` FROM json_each(CASE WHEN json_valid(NEW.`hashtags`) THEN NEW.`hashtags` ELSE '[]' END) j
    WHERE typeof(j.`key`) = 'integer' AND j.`type` = 'text' AND lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) <> '') g
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `tag`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_hashtag_daily_post_delete` BEFORE DELETE ON `posts`
BEGIN
  INSERT INTO `post_hashtag_daily` (`workspace_id`, `day`, `platform`, `tag`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT f.`workspace_id`, f.`day`, f.`platform`, g.`tag`, -f.`targets`, -f.`impressions`, -f.`reach`, -f.`engagement`
  FROM (SELECT `workspace_id`, `day`, `platform`, sum(`targets`) AS `targets`, sum(`impressions`) AS `impressions`,
      sum(`reach`) AS `reach`, sum(`engagement`) AS `engagement` FROM (
    SELECT t.`workspace_id`, t.`published_at` - t.`published_at` % 86400000 AS `day`, t.`platform`, 1 AS `targets`, 0 AS `impressions`,
      0 AS `reach`, 0 AS `engagement`
    FROM `post_targets` t WHERE t.`post_id` = OLD.`id` AND t.`status` = 'published' AND t.`published_at` IS NOT NULL
    UNION ALL
    SELECT c.`workspace_id`, c.`published_at` - c.`published_at` % 86400000, c.`platform`, 0, c.`impressions`, c.`reach`,
      c.`likes` + c.`comments` + c.`shares`
    FROM `post_targets` t JOIN `post_metrics_current` c ON c.`target_id` = t.`id` WHERE t.`post_id` = OLD.`id` AND c.`published_at` IS NOT NULL
  ) GROUP BY `workspace_id`, `day`, `platform`) f,
  (SELECT DISTINCT lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) AS `tag` FROM json_each(CASE WHEN json_valid(OLD.`hashtags`) THEN OLD.`hashtags` ELSE '[]' END) j
    WHERE typeof(j.`key`) = 'integer' AND j.`type` = 'text' AND lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) <> '') g
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `tag`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
-- The weekly sums (epoch-aligned UTC weeks: week = day - day % 7 days) add each daily row's change, like
-- post_metrics_weekly (0025); created before the backfill, whose daily inserts fill them.
CREATE TRIGGER `post_hashtag_weekly_insert` AFTER INSERT ON `post_hashtag_daily`
BEGIN
  INSERT INTO `post_hashtag_weekly` (`workspace_id`, `week`, `platform`, `tag`, `targets`, `impressions`, `reach`, `engagement`)
  VALUES (NEW.`workspace_id`, NEW.`day` - NEW.`day` % 604800000, NEW.`platform`, NEW.`tag`, NEW.`targets`, NEW.`impressions`, NEW.`reach`, NEW.`engagement`)
  ON CONFLICT (`workspace_id`, `week`, `platform`, `tag`) DO UPDATE SET `targets` = `targets` + excluded.`targets`, `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_hashtag_weekly_update` AFTER UPDATE ON `post_hashtag_daily`
BEGIN
  UPDATE `post_hashtag_weekly` SET `targets` = `targets` - OLD.`targets`, `impressions` = `impressions` - OLD.`impressions`, `reach` = `reach` - OLD.`reach`, `engagement` = `engagement` - OLD.`engagement`
  WHERE `workspace_id` = OLD.`workspace_id` AND `week` = OLD.`day` - OLD.`day` % 604800000 AND `platform` = OLD.`platform` AND `tag` = OLD.`tag`;
  INSERT INTO `post_hashtag_weekly` (`workspace_id`, `week`, `platform`, `tag`, `targets`, `impressions`, `reach`, `engagement`)
  VALUES (NEW.`workspace_id`, NEW.`day` - NEW.`day` % 604800000, NEW.`platform`, NEW.`tag`, NEW.`targets`, NEW.`impressions`, NEW.`reach`, NEW.`engagement`)
  ON CONFLICT (`workspace_id`, `week`, `platform`, `tag`) DO UPDATE SET `targets` = `targets` + excluded.`targets`, `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_hashtag_weekly_delete` AFTER DELETE ON `post_hashtag_daily`
BEGIN
  UPDATE `post_hashtag_weekly` SET `targets` = `targets` - OLD.`targets`, `impressions` = `impressions` - OLD.`impressions`, `reach` = `reach` - OLD.`reach`, `engagement` = `engagement` - OLD.`engagement`
  WHERE `workspace_id` = OLD.`workspace_id` AND `week` = OLD.`day` - OLD.`day` % 604800000 AND `platform` = OLD.`platform` AND `tag` = OLD.`tag`;
END;
--> statement-breakpoint
-- Backfill from what is stored (the statement workers/analytics/hashtag-rollup.ts rebuilds with); the weekly
-- triggers above sum it into post_hashtag_weekly.
INSERT INTO `post_hashtag_daily` (`workspace_id`, `day`, `platform`, `tag`, `targets`, `impressions`, `reach`, `engagement`)
WITH `tags` AS (
  SELECT DISTINCT p.`id` AS `post_id`, lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) AS `tag`
  FROM `posts` p, json_each(CASE WHEN json_valid(p.`hashtags`) THEN p.`hashtags` ELSE '[]' END) j
  WHERE typeof(j.`key`) = 'integer' AND j.`type` = 'text' AND lower(ltrim(trim(j.`value`, char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)), '#')) <> ''
), `f` AS (
  SELECT `post_id`, `workspace_id`, `day`, `platform`, sum(`targets`) AS `targets`, sum(`impressions`) AS `impressions`,
    sum(`reach`) AS `reach`, sum(`engagement`) AS `engagement` FROM (
    SELECT `post_id`, `workspace_id`, `published_at` - `published_at` % 86400000 AS `day`, `platform`, 1 AS `targets`, 0 AS `impressions`,
      0 AS `reach`, 0 AS `engagement`
    FROM `post_targets` WHERE `status` = 'published' AND `published_at` IS NOT NULL
    UNION ALL
    SELECT `post_id`, `workspace_id`, `published_at` - `published_at` % 86400000, `platform`, 0, `impressions`, `reach`, `likes` + `comments` + `shares`
    FROM `post_metrics_current` WHERE `published_at` IS NOT NULL
  ) GROUP BY `post_id`, `workspace_id`, `day`, `platform`
)
SELECT f.`workspace_id`, f.`day`, f.`platform`, `tags`.`tag`, sum(f.`targets`), sum(f.`impressions`), sum(f.`reach`), sum(f.`engagement`)
FROM f JOIN `tags` ON `tags`.`post_id` = f.`post_id` GROUP BY 1, 2, 3, 4;

-- A re-sync moves a target's current row within its cell (same workspace, post, platform and UTC day): one upsert
-- of the difference per tag, none when the tab's figures did not change (a redelivery), instead of taking the
-- old figures out and putting the new ones in (two upserts per tag, each echoed into post_hashtag_weekly).
DROP TRIGGER `post_hashtag_daily_current_update`;
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

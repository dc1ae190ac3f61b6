CREATE TABLE `post_engagement_daily_total` (
	`workspace_id` text NOT NULL,
	`day` integer NOT NULL,
	`likes` text DEFAULT '[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]' NOT NULL,
	`comments` text DEFAULT '[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]' NOT NULL,
	`shares` text DEFAULT '[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]' NOT NULL,
	PRIMARY KEY(`workspace_id`, `day`)
);
--> statement-breakpoint
-- Every day so far, from the platforms' rows: the snapshots of days before the retention horizon are gone, and their
-- growth lives on in post_engagement_daily only (ADR 135). The file is applied as one batch, so no snapshot lands
-- between this sum and the triggers below. Each day's arrays are added up on their own: one GROUP BY over every slot
-- of every row took four times as long.
INSERT INTO `post_engagement_daily_total` (`workspace_id`, `day`, `likes`, `comments`, `shares`)
SELECT k.`workspace_id`, k.`day`,
  (SELECT json_group_array(`v` ORDER BY `i`) FROM (SELECT j.`key` AS `i`, sum(j.`value`) AS `v`
    FROM `post_engagement_daily` p, json_each(p.`likes`) j WHERE p.`workspace_id` = k.`workspace_id` AND p.`day` = k.`day` GROUP BY j.`key`)),
  (SELECT json_group_array(`v` ORDER BY `i`) FROM (SELECT j.`key` AS `i`, sum(j.`value`) AS `v`
    FROM `post_engagement_daily` p, json_each(p.`comments`) j WHERE p.`workspace_id` = k.`workspace_id` AND p.`day` = k.`day` GROUP BY j.`key`)),
  (SELECT json_group_array(`v` ORDER BY `i`) FROM (SELECT j.`key` AS `i`, sum(j.`value`) AS `v`
    FROM `post_engagement_daily` p, json_each(p.`shares`) j WHERE p.`workspace_id` = k.`workspace_id` AND p.`day` = k.`day` GROUP BY j.`key`))
FROM (SELECT DISTINCT `workspace_id`, `day` FROM `post_engagement_daily`) k;
--> statement-breakpoint
-- Written by `npm run db:rollups` from workers/analytics/rollups.sql (ADR 052): the triggers are changed there, not here.
-- Changed: post_engagement_daily_insert, post_engagement_daily_update, post_engagement_daily_delete
DROP TRIGGER `post_engagement_daily_insert`;
--> statement-breakpoint
DROP TRIGGER `post_engagement_daily_update`;
--> statement-breakpoint
DROP TRIGGER `post_engagement_daily_delete`;
--> statement-breakpoint
CREATE TRIGGER `post_engagement_daily_insert` AFTER INSERT ON `post_metric_snapshots`
BEGIN
  INSERT INTO `post_engagement_daily` (`workspace_id`, `day`, `platform`)
  VALUES (NEW.`workspace_id`, NEW.`taken_at` - NEW.`taken_at` % 86400000, NEW.`platform`) ON CONFLICT DO NOTHING;
  UPDATE `post_engagement_daily` SET
    `likes` = json_set(`likes`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']', json_extract(`likes`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']') + NEW.`likes_delta`),
    `comments` = json_set(`comments`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']', json_extract(`comments`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']') + NEW.`comments_delta`),
    `shares` = json_set(`shares`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']', json_extract(`shares`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']') + NEW.`shares_delta`)
  WHERE `workspace_id` = NEW.`workspace_id` AND `day` = NEW.`taken_at` - NEW.`taken_at` % 86400000 AND `platform` = NEW.`platform`;
  INSERT INTO `post_engagement_daily_total` (`workspace_id`, `day`)
  VALUES (NEW.`workspace_id`, NEW.`taken_at` - NEW.`taken_at` % 86400000) ON CONFLICT DO NOTHING;
  UPDATE `post_engagement_daily_total` SET
    `likes` = json_set(`likes`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']', json_extract(`likes`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']') + NEW.`likes_delta`),
    `comments` = json_set(`comments`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']', json_extract(`comments`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']') + NEW.`comments_delta`),
    `shares` = json_set(`shares`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']', json_extract(`shares`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']') + NEW.`shares_delta`)
  WHERE `workspace_id` = NEW.`workspace_id` AND `day` = NEW.`taken_at` - NEW.`taken_at` % 86400000;
END;
--> statement-breakpoint
CREATE TRIGGER `post_engagement_daily_update` AFTER UPDATE OF `likes_delta`, `comments_delta`, `shares_delta` ON `post_metric_snapshots`
BEGIN
  UPDATE `post_engagement_daily` SET
    `likes` = json_set(`likes`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']', json_extract(`likes`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']') + NEW.`likes_delta` - OLD.`likes_delta`),
    `comments` = json_set(`comments`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']', json_extract(`comments`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']') + NEW.`comments_delta` - OLD.`comments_delta`),
    `shares` = json_set(`shares`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']', json_extract(`shares`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']') + NEW.`shares_delta` - OLD.`shares_delta`)
  WHERE `workspace_id` = NEW.`workspace_id` AND `day` = NEW.`taken_at` - NEW.`taken_at` % 86400000 AND `platform` = NEW.`platform`;
  UPDATE `post_engagement_daily_total` SET
    `likes` = json_set(`likes`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']', json_extract(`likes`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']') + NEW.`likes_delta` - OLD.`likes_delta`),
    `comments` = json_set(`comments`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']', json_extract(`comments`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']') + NEW.`comments_delta` - OLD.`comments_delta`),
    `shares` = json_set(`shares`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']', json_extract(`shares`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']') + NEW.`shares_delta` - OLD.`shares_delta`)
  WHERE `workspace_id` = NEW.`workspace_id` AND `day` = NEW.`taken_at` - NEW.`taken_at` % 86400000;
END;
--> statement-breakpoint
CREATE TRIGGER `post_engagement_daily_delete` AFTER DELETE ON `post_metric_snapshots`
WHEN (SELECT `running` FROM `analytics_retention` WHERE `id` = 1) IS NOT 1
BEGIN
  UPDATE `post_engagement_daily` SET
    `likes` = json_set(`likes`, '$[' || (OLD.`taken_at` % 86400000 / 900000) || ']', json_extract(`likes`, '$[' || (OLD.`taken_at` % 86400000 / 900000) || ']') - OLD.`likes_delta`),
    `comments` = json_set(`comments`, '$[' || (OLD.`taken_at` % 86400000 / 900000) || ']', json_extract(`comments`, '$[' || (OLD.`taken_at` % 86400000 / 900000) || ']') - OLD.`comments_delta`),
    `shares` = json_set(`shares`, '$[' || (OLD.`taken_at` % 86400000 / 900000) || ']', json_extract(`shares`, '$[' || (OLD.`taken_at` % 86400000 / 900000) || ']') - OLD.`shares_delta`)
  WHERE `workspace_id` = OLD.`workspace_id` AND `day` = OLD.`taken_at` - OLD.`taken_at` % 86400000 AND `platform` = OLD.`platform`;
  UPDATE `post_engagement_daily_total` SET
    `likes` = json_set(`likes`, '$[' || (OLD.`taken_at` % 86400000 / 900000) || ']', json_extract(`likes`, '$[' || (OLD.`taken_at` % 86400000 / 900000) || ']') - OLD.`likes_delta`),
    `comments` = json_set(`comments`, '$[' || (OLD.`taken_at` % 86400000 / 900000) || ']', json_extract(`comments`, '$[' || (OLD.`taken_at` % 86400000 / 900000) || ']') - OLD.`comments_delta`),
    `shares` = json_set(`shares`, '$[' || (OLD.`taken_at` % 86400000 / 900000) || ']', json_extract(`shares`, '$[' || (OLD.`taken_at` % 86400000 / 900000) || ']') - OLD.`shares_delta`)
  WHERE `workspace_id` = OLD.`workspace_id` AND `day` = OLD.`taken_at` - OLD.`taken_at` % 86400000;
END;

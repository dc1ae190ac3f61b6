CREATE TABLE `analytics_retention` (
	`id` integer PRIMARY KEY NOT NULL,
	`horizon` integer DEFAULT 0 NOT NULL,
	`running` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE `post_engagement_daily` (
	`workspace_id` text NOT NULL,
	`day` integer NOT NULL,
	`platform` text NOT NULL,
	`likes` text DEFAULT '[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]' NOT NULL,
	`comments` text DEFAULT '[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]' NOT NULL,
	`shares` text DEFAULT '[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]' NOT NULL,
	PRIMARY KEY(`workspace_id`, `day`, `platform`)
);
--> statement-breakpoint
CREATE TABLE `post_metrics_daily` (
	`workspace_id` text NOT NULL,
	`day` integer NOT NULL,
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
	PRIMARY KEY(`workspace_id`, `day`, `account_id`)
);
--> statement-breakpoint
CREATE INDEX `post_snapshots_taken_idx` ON `post_metric_snapshots` (`taken_at`);--> statement-breakpoint
-- Rollup triggers (ADR 023): every change to a published target, a target's current snapshot or a snapshot's
-- deltas updates the daily rollups in the same statement, so every writer (the sync's batch, the publisher,
-- fixtures, the bench seed) keeps them right. Days are UTC midnights; engagement is filed by quarter-hour.
INSERT INTO `analytics_retention` (`id`, `horizon`, `running`) VALUES (1, 0, 0);
--> statement-breakpoint
CREATE TRIGGER `post_metrics_daily_target_insert` AFTER INSERT ON `post_targets`
WHEN NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_metrics_daily` (`workspace_id`, `day`, `account_id`, `platform`, `targets`)
  VALUES (NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`account_id`, NEW.`platform`, 1)
  ON CONFLICT (`workspace_id`, `day`, `account_id`) DO UPDATE SET `targets` = `targets` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `post_metrics_daily_target_update` AFTER UPDATE OF `status`, `published_at`, `account_id`, `workspace_id` ON `post_targets`
WHEN (OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL) OR (NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL)
BEGIN
  UPDATE `post_metrics_daily` SET `targets` = `targets` - 1
  WHERE OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL AND `workspace_id` = OLD.`workspace_id`
    AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000 AND `account_id` = OLD.`account_id`;
  INSERT INTO `post_metrics_daily` (`workspace_id`, `day`, `account_id`, `platform`, `targets`)
  SELECT NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`account_id`, NEW.`platform`, 1
  WHERE NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL
  ON CONFLICT (`workspace_id`, `day`, `account_id`) DO UPDATE SET `targets` = `targets` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `post_metrics_daily_target_delete` AFTER DELETE ON `post_targets`
WHEN OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL
BEGIN
  UPDATE `post_metrics_daily` SET `targets` = `targets` - 1
  WHERE `workspace_id` = OLD.`workspace_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000 AND `account_id` = OLD.`account_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_metrics_daily_current_insert` AFTER INSERT ON `post_metrics_current`
WHEN NEW.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_metrics_daily` (`workspace_id`, `day`, `account_id`, `platform`,
    `impressions`, `reach`, `likes`, `comments`, `shares`, `saves`, `clicks`, `video_views`)
  VALUES (NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`account_id`, NEW.`platform`,
    NEW.`impressions`, NEW.`reach`, NEW.`likes`, NEW.`comments`, NEW.`shares`, NEW.`saves`, NEW.`clicks`, NEW.`video_views`)
  ON CONFLICT (`workspace_id`, `day`, `account_id`) DO UPDATE SET
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `likes` = `likes` + excluded.`likes`,
    `comments` = `comments` + excluded.`comments`, `shares` = `shares` + excluded.`shares`, `saves` = `saves` + excluded.`saves`,
    `clicks` = `clicks` + excluded.`clicks`, `video_views` = `video_views` + excluded.`video_views`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_metrics_daily_current_update` AFTER UPDATE ON `post_metrics_current`
BEGIN
  UPDATE `post_metrics_daily` SET
    `impressions` = `impressions` - OLD.`impressions`, `reach` = `reach` - OLD.`reach`, `likes` = `likes` - OLD.`likes`,
    `comments` = `comments` - OLD.`comments`, `shares` = `shares` - OLD.`shares`, `saves` = `saves` - OLD.`saves`,
    `clicks` = `clicks` - OLD.`clicks`, `video_views` = `video_views` - OLD.`video_views`
  WHERE OLD.`published_at` IS NOT NULL AND `workspace_id` = OLD.`workspace_id`
    AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000 AND `account_id` = OLD.`account_id`;
  INSERT INTO `post_metrics_daily` (`workspace_id`, `day`, `account_id`, `platform`,
    `impressions`, `reach`, `likes`, `comments`, `shares`, `saves`, `clicks`, `video_views`)
  SELECT NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`account_id`, NEW.`platform`,
    NEW.`impressions`, NEW.`reach`, NEW.`likes`, NEW.`comments`, NEW.`shares`, NEW.`saves`, NEW.`clicks`, NEW.`video_views`
  WHERE NEW.`published_at` IS NOT NULL
  ON CONFLICT (`workspace_id`, `day`, `account_id`) DO UPDATE SET
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `likes` = `likes` + excluded.`likes`,
    `comments` = `comments` + excluded.`comments`, `shares` = `shares` + excluded.`shares`, `saves` = `saves` + excluded.`saves`,
    `clicks` = `clicks` + excluded.`clicks`, `video_views` = `video_views` + excluded.`video_views`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_metrics_daily_current_delete` AFTER DELETE ON `post_metrics_current`
WHEN OLD.`published_at` IS NOT NULL
BEGIN
  UPDATE `post_metrics_daily` SET
    `impressions` = `impressions` - OLD.`impressions`, `reach` = `reach` - OLD.`reach`, `likes` = `likes` - OLD.`likes`,
    `comments` = `comments` - OLD.`comments`, `shares` = `shares` - OLD.`shares`, `saves` = `saves` - OLD.`saves`,
    `clicks` = `clicks` - OLD.`clicks`, `video_views` = `video_views` - OLD.`video_views`
  WHERE `workspace_id` = OLD.`workspace_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000 AND `account_id` = OLD.`account_id`;
END;
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
END;
--> statement-breakpoint
CREATE TRIGGER `post_engagement_daily_update` AFTER UPDATE OF `likes_delta`, `comments_delta`, `shares_delta` ON `post_metric_snapshots`
BEGIN
  UPDATE `post_engagement_daily` SET
    `likes` = json_set(`likes`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']', json_extract(`likes`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']') + NEW.`likes_delta` - OLD.`likes_delta`),
    `comments` = json_set(`comments`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']', json_extract(`comments`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']') + NEW.`comments_delta` - OLD.`comments_delta`),
    `shares` = json_set(`shares`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']', json_extract(`shares`, '$[' || (NEW.`taken_at` % 86400000 / 900000) || ']') + NEW.`shares_delta` - OLD.`shares_delta`)
  WHERE `workspace_id` = NEW.`workspace_id` AND `day` = NEW.`taken_at` - NEW.`taken_at` % 86400000 AND `platform` = NEW.`platform`;
END;
--> statement-breakpoint
-- A deleted target or post takes its growth out; the retention job's deletes (running = 1) leave it in.
CREATE TRIGGER `post_engagement_daily_delete` AFTER DELETE ON `post_metric_snapshots`
WHEN (SELECT `running` FROM `analytics_retention` WHERE `id` = 1) IS NOT 1
BEGIN
  UPDATE `post_engagement_daily` SET
    `likes` = json_set(`likes`, '$[' || (OLD.`taken_at` % 86400000 / 900000) || ']', json_extract(`likes`, '$[' || (OLD.`taken_at` % 86400000 / 900000) || ']') - OLD.`likes_delta`),
    `comments` = json_set(`comments`, '$[' || (OLD.`taken_at` % 86400000 / 900000) || ']', json_extract(`comments`, '$[' || (OLD.`taken_at` % 86400000 / 900000) || ']') - OLD.`comments_delta`),
    `shares` = json_set(`shares`, '$[' || (OLD.`taken_at` % 86400000 / 900000) || ']', json_extract(`shares`, '$[' || (OLD.`taken_at` % 86400000 / 900000) || ']') - OLD.`shares_delta`)
  WHERE `workspace_id` = OLD.`workspace_id` AND `day` = OLD.`taken_at` - OLD.`taken_at` % 86400000 AND `platform` = OLD.`platform`;
END;
--> statement-breakpoint
-- Backfill from what is stored (the same statements as workers/analytics/rollups.ts rebuilds with).
INSERT INTO `post_metrics_daily` (`workspace_id`, `day`, `account_id`, `platform`, `targets`)
SELECT `workspace_id`, `published_at` - `published_at` % 86400000, `account_id`, `platform`, count(*) FROM `post_targets`
WHERE `status` = 'published' AND `published_at` IS NOT NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO `post_metrics_daily` (`workspace_id`, `day`, `account_id`, `platform`,
  `impressions`, `reach`, `likes`, `comments`, `shares`, `saves`, `clicks`, `video_views`)
SELECT `workspace_id`, `published_at` - `published_at` % 86400000, `account_id`, `platform`, sum(`impressions`), sum(`reach`), sum(`likes`),
  sum(`comments`), sum(`shares`), sum(`saves`), sum(`clicks`), sum(`video_views`)
FROM `post_metrics_current` WHERE `published_at` IS NOT NULL GROUP BY 1, 2, 3
ON CONFLICT (`workspace_id`, `day`, `account_id`) DO UPDATE SET
  `impressions` = excluded.`impressions`, `reach` = excluded.`reach`, `likes` = excluded.`likes`, `comments` = excluded.`comments`,
  `shares` = excluded.`shares`, `saves` = excluded.`saves`, `clicks` = excluded.`clicks`, `video_views` = excluded.`video_views`;
--> statement-breakpoint
INSERT INTO `post_engagement_daily` (`workspace_id`, `day`, `platform`, `likes`, `comments`, `shares`)
WITH RECURSIVE `slots`(`i`) AS (SELECT 0 UNION ALL SELECT `i` + 1 FROM `slots` WHERE `i` < 95),
`s` AS (
  SELECT `workspace_id` AS `w`, `taken_at` - `taken_at` % 86400000 AS `d`, `platform` AS `p`, `taken_at` % 86400000 / 900000 AS `slot`,
    sum(`likes_delta`) AS `l`, sum(`comments_delta`) AS `c`, sum(`shares_delta`) AS `sh`
  FROM `post_metric_snapshots` GROUP BY 1, 2, 3, 4
),
`k` AS (SELECT DISTINCT `w`, `d`, `p` FROM `s`)
SELECT `k`.`w`, `k`.`d`, `k`.`p`, json_group_array(coalesce(`s`.`l`, 0) ORDER BY `slots`.`i`),
  json_group_array(coalesce(`s`.`c`, 0) ORDER BY `slots`.`i`), json_group_array(coalesce(`s`.`sh`, 0) ORDER BY `slots`.`i`)
FROM `k` CROSS JOIN `slots` LEFT JOIN `s` ON `s`.`w` = `k`.`w` AND `s`.`d` = `k`.`d` AND `s`.`p` = `k`.`p` AND `s`.`slot` = `slots`.`i`
GROUP BY `k`.`w`, `k`.`d`, `k`.`p`;

CREATE TABLE `post_metrics_post_weekly` (
	`workspace_id` text NOT NULL,
	`post_id` text NOT NULL,
	`week` integer NOT NULL,
	`targets` integer DEFAULT 0 NOT NULL,
	`engagement` integer DEFAULT 0 NOT NULL,
	`reach` integer DEFAULT 0 NOT NULL,
	`first_published_at` integer,
	PRIMARY KEY(`workspace_id`, `post_id`, `week`)
);
--> statement-breakpoint
CREATE INDEX `post_metrics_post_weekly_top_idx` ON `post_metrics_post_weekly` (`workspace_id`,`week`,"engagement" desc,"reach" desc,`first_published_at`);--> statement-breakpoint
CREATE TABLE `post_metrics_weekly` (
	`workspace_id` text NOT NULL,
	`week` integer NOT NULL,
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
	PRIMARY KEY(`workspace_id`, `week`, `account_id`)
);
--> statement-breakpoint
-- Weekly rollups (ADR 023), kept from the daily ones in the same statement: post_metrics_weekly adds each daily
-- row's change; post_metrics_post_weekly recomputes the week's row of the post from its (at most seven) days.
-- Weeks are epoch-aligned UTC: week = day - day % 7 days.
CREATE TRIGGER `post_metrics_weekly_insert` AFTER INSERT ON `post_metrics_daily`
BEGIN
  INSERT INTO `post_metrics_weekly` (`workspace_id`, `week`, `account_id`, `platform`, `targets`, `impressions`, `reach`, `likes`, `comments`, `shares`, `saves`, `clicks`, `video_views`)
  VALUES (NEW.`workspace_id`, NEW.`day` - NEW.`day` % 604800000, NEW.`account_id`, NEW.`platform`, NEW.`targets`, NEW.`impressions`, NEW.`reach`, NEW.`likes`, NEW.`comments`, NEW.`shares`, NEW.`saves`, NEW.`clicks`, NEW.`video_views`)
  ON CONFLICT (`workspace_id`, `week`, `account_id`) DO UPDATE SET `targets` = `targets` + excluded.`targets`, `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `likes` = `likes` + excluded.`likes`, `comments` = `comments` + excluded.`comments`, `shares` = `shares` + excluded.`shares`, `saves` = `saves` + excluded.`saves`, `clicks` = `clicks` + excluded.`clicks`, `video_views` = `video_views` + excluded.`video_views`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_metrics_weekly_update` AFTER UPDATE ON `post_metrics_daily`
BEGIN
  UPDATE `post_metrics_weekly` SET `targets` = `targets` - OLD.`targets`, `impressions` = `impressions` - OLD.`impressions`, `reach` = `reach` - OLD.`reach`, `likes` = `likes` - OLD.`likes`, `comments` = `comments` - OLD.`comments`, `shares` = `shares` - OLD.`shares`, `saves` = `saves` - OLD.`saves`, `clicks` = `clicks` - OLD.`clicks`, `video_views` = `video_views` - OLD.`video_views`
  WHERE `workspace_id` = OLD.`workspace_id` AND `week` = OLD.`day` - OLD.`day` % 604800000 AND `account_id` = OLD.`account_id`;
  INSERT INTO `post_metrics_weekly` (`workspace_id`, `week`, `account_id`, `platform`, `targets`, `impressions`, `reach`, `likes`, `comments`, `shares`, `saves`, `clicks`, `video_views`)
  VALUES (NEW.`workspace_id`, NEW.`day` - NEW.`day` % 604800000, NEW.`account_id`, NEW.`platform`, NEW.`targets`, NEW.`impressions`, NEW.`reach`, NEW.`likes`, NEW.`comments`, NEW.`shares`, NEW.`saves`, NEW.`clicks`, NEW.`video_views`)
  ON CONFLICT (`workspace_id`, `week`, `account_id`) DO UPDATE SET `targets` = `targets` + excluded.`targets`, `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `likes` = `likes` + excluded.`likes`, `comments` = `comments` + excluded.`comments`, `shares` = `shares` + excluded.`shares`, `saves` = `saves` + excluded.`saves`, `clicks` = `clicks` + excluded.`clicks`, `video_views` = `video_views` + excluded.`video_views`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_metrics_weekly_delete` AFTER DELETE ON `post_metrics_daily`
BEGIN
  UPDATE `post_metrics_weekly` SET `targets` = `targets` - OLD.`targets`, `impressions` = `impressions` - OLD.`impressions`, `reach` = `reach` - OLD.`reach`, `likes` = `likes` - OLD.`likes`, `comments` = `comments` - OLD.`comments`, `shares` = `shares` - OLD.`shares`, `saves` = `saves` - OLD.`saves`, `clicks` = `clicks` - OLD.`clicks`, `video_views` = `video_views` - OLD.`video_views`
  WHERE `workspace_id` = OLD.`workspace_id` AND `week` = OLD.`day` - OLD.`day` % 604800000 AND `account_id` = OLD.`account_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_metrics_post_weekly_insert` AFTER INSERT ON `post_metrics_post_daily`
BEGIN
  DELETE FROM `post_metrics_post_weekly`
  WHERE `workspace_id` = NEW.`workspace_id` AND `post_id` = NEW.`post_id` AND `week` = NEW.`day` - NEW.`day` % 604800000;
  INSERT INTO `post_metrics_post_weekly` (`workspace_id`, `post_id`, `week`, `targets`, `engagement`, `reach`, `first_published_at`)
  SELECT `workspace_id`, `post_id`, NEW.`day` - NEW.`day` % 604800000, sum(`targets`), sum(`engagement`), sum(`reach`), min(`first_published_at`)
  FROM `post_metrics_post_daily`
  WHERE `workspace_id` = NEW.`workspace_id` AND `post_id` = NEW.`post_id` AND `day` >= NEW.`day` - NEW.`day` % 604800000 AND `day` < NEW.`day` - NEW.`day` % 604800000 + 604800000
  GROUP BY `workspace_id`, `post_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_metrics_post_weekly_update` AFTER UPDATE ON `post_metrics_post_daily`
BEGIN
  DELETE FROM `post_metrics_post_weekly`
  WHERE `workspace_id` = OLD.`workspace_id` AND `post_id` = OLD.`post_id` AND `week` = OLD.`day` - OLD.`day` % 604800000;
  INSERT INTO `post_metrics_post_weekly` (`workspace_id`, `post_id`, `week`, `targets`, `engagement`, `reach`, `first_published_at`)
  SELECT `workspace_id`, `post_id`, OLD.`day` - OLD.`day` % 604800000, sum(`targets`), sum(`engagement`), sum(`reach`), min(`first_published_at`)
  FROM `post_metrics_post_daily`
  WHERE `workspace_id` = OLD.`workspace_id` AND `post_id` = OLD.`post_id` AND `day` >= OLD.`day` - OLD.`day` % 604800000 AND `day` < OLD.`day` - OLD.`day` % 604800000 + 604800000
  GROUP BY `workspace_id`, `post_id`;
  DELETE FROM `post_metrics_post_weekly`
  WHERE `workspace_id` = NEW.`workspace_id` AND `post_id` = NEW.`post_id` AND `week` = NEW.`day` - NEW.`day` % 604800000;
  INSERT INTO `post_metrics_post_weekly` (`workspace_id`, `post_id`, `week`, `targets`, `engagement`, `reach`, `first_published_at`)
  SELECT `workspace_id`, `post_id`, NEW.`day` - NEW.`day` % 604800000, sum(`targets`), sum(`engagement`), sum(`reach`), min(`first_published_at`)
  FROM `post_metrics_post_daily`
  WHERE `workspace_id` = NEW.`workspace_id` AND `post_id` = NEW.`post_id` AND `day` >= NEW.`day` - NEW.`day` % 604800000 AND `day` < NEW.`day` - NEW.`day` % 604800000 + 604800000
  GROUP BY `workspace_id`, `post_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `post_metrics_post_weekly_delete` AFTER DELETE ON `post_metrics_post_daily`
BEGIN
  DELETE FROM `post_metrics_post_weekly`
  WHERE `workspace_id` = OLD.`workspace_id` AND `post_id` = OLD.`post_id` AND `week` = OLD.`day` - OLD.`day` % 604800000;
  INSERT INTO `post_metrics_post_weekly` (`workspace_id`, `post_id`, `week`, `targets`, `engagement`, `reach`, `first_published_at`)
  SELECT `workspace_id`, `post_id`, OLD.`day` - OLD.`day` % 604800000, sum(`targets`), sum(`engagement`), sum(`reach`), min(`first_published_at`)
  FROM `post_metrics_post_daily`
  WHERE `workspace_id` = OLD.`workspace_id` AND `post_id` = OLD.`post_id` AND `day` >= OLD.`day` - OLD.`day` % 604800000 AND `day` < OLD.`day` - OLD.`day` % 604800000 + 604800000
  GROUP BY `workspace_id`, `post_id`;
END;
--> statement-breakpoint
-- Backfill from the daily rollups (the same sums as workers/analytics/rollups.ts rebuilds with).
INSERT INTO `post_metrics_weekly` (`workspace_id`, `week`, `account_id`, `platform`, `targets`, `impressions`, `reach`, `likes`, `comments`, `shares`, `saves`, `clicks`, `video_views`)
SELECT `workspace_id`, `day` - `day` % 604800000, `account_id`, max(`platform`), sum(`targets`), sum(`impressions`), sum(`reach`), sum(`likes`), sum(`comments`), sum(`shares`), sum(`saves`), sum(`clicks`), sum(`video_views`)
FROM `post_metrics_daily` GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO `post_metrics_post_weekly` (`workspace_id`, `post_id`, `week`, `targets`, `engagement`, `reach`, `first_published_at`)
SELECT `workspace_id`, `post_id`, `day` - `day` % 604800000, sum(`targets`), sum(`engagement`), sum(`reach`), min(`first_published_at`)
FROM `post_metrics_post_daily` GROUP BY 1, 2, 3;

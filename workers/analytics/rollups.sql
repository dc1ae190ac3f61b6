-- Every trigger in the database, as the migrations leave it (ADR 052). They all keep analytics' derived tables:
-- every writer (the sync's batch, the publisher, fixtures, the bench seed) keeps those right in the statement of
-- its own write without knowing about them (ADRs 008, 023). `rebuildRollups` (rollups.ts, hashtag-rollup.ts,
-- content-rollup.ts) recomputes the same tables from scratch, and rollups.test.ts holds the two equal.
--
-- This file is where the triggers are read and changed. After an edit, `npm run db:rollups` writes the next
-- migration: it drops the triggers that changed or went and creates the changed and new ones.
-- trigger-set.test.ts fails, naming the trigger, until the migrated database's triggers equal these (whitespace aside).
-- The order here is for reading. SQLite fires a table's triggers for one event newest first, which the file does
-- not say and the migration keeps: a changed trigger is created again with those created after it on its table.
-- Each text is SQLite's own (sqlite_schema.sql): migration 0011's column rename left "workspace_id" in double
-- quotes in post_metric_snapshots_current.
--
-- Throughout: a target counts once its status is 'published' and it has a published_at. Days are UTC midnights
-- (t - t % 86400000), weeks epoch-aligned UTC weeks (day - day % 604800000), slots quarter-hours of the day
-- (t % 86400000 / 900000). Current metrics move by taking OLD's figures out and putting NEW's in.

-- =================================================================================================================
-- post_metric_snapshots (0010): each snapshot's growth (likes_delta, comments_delta, shares_delta) since the
-- target's previous snapshot, by taken_at then rowid. The first counts from zero; an insert out of time order also
-- re-bases the snapshot after it. post_engagement_daily adds these deltas up.
-- =================================================================================================================

CREATE TRIGGER `post_metric_snapshots_deltas` AFTER INSERT ON `post_metric_snapshots`
BEGIN
  UPDATE `post_metric_snapshots` SET (`likes_delta`, `comments_delta`, `shares_delta`) = (
    SELECT NEW.`likes` - coalesce(sum(p.`likes`), 0), NEW.`comments` - coalesce(sum(p.`comments`), 0), NEW.`shares` - coalesce(sum(p.`shares`), 0)
    FROM (
      SELECT `likes`, `comments`, `shares` FROM `post_metric_snapshots`
      WHERE `target_id` = NEW.`target_id` AND (`taken_at` < NEW.`taken_at` OR (`taken_at` = NEW.`taken_at` AND rowid < NEW.rowid))
      ORDER BY `taken_at` DESC, rowid DESC LIMIT 1
    ) p
  )
  WHERE rowid = NEW.rowid;
  UPDATE `post_metric_snapshots` SET
    `likes_delta` = `likes` - NEW.`likes`,
    `comments_delta` = `comments` - NEW.`comments`,
    `shares_delta` = `shares` - NEW.`shares`
  WHERE rowid = (
    SELECT rowid FROM `post_metric_snapshots`
    WHERE `target_id` = NEW.`target_id` AND (`taken_at` > NEW.`taken_at` OR (`taken_at` = NEW.`taken_at` AND rowid > NEW.rowid))
    ORDER BY `taken_at`, rowid LIMIT 1
  );
END;

-- =================================================================================================================
-- post_metrics_current (0010): each target's latest snapshot (a later or equal taken_at replaces it), with the
-- target's published_at. Every rollup below reads a target's figures from here, never from the snapshots.
-- =================================================================================================================

CREATE TRIGGER `post_metric_snapshots_current` AFTER INSERT ON `post_metric_snapshots`
BEGIN
  INSERT INTO `post_metrics_current` (`target_id`, `post_id`, `account_id`, "workspace_id", `platform`, `published_at`, `snapshot_id`, `taken_at`,
    `impressions`, `reach`, `likes`, `comments`, `shares`, `saves`, `clicks`, `video_views`)
  VALUES (NEW.`target_id`, NEW.`post_id`, NEW.`account_id`, NEW."workspace_id", NEW.`platform`,
    (SELECT `published_at` FROM `post_targets` WHERE `id` = NEW.`target_id`), NEW.`id`, NEW.`taken_at`,
    NEW.`impressions`, NEW.`reach`, NEW.`likes`, NEW.`comments`, NEW.`shares`, NEW.`saves`, NEW.`clicks`, NEW.`video_views`)
  ON CONFLICT (`target_id`) DO UPDATE SET
    `published_at` = excluded.`published_at`, `snapshot_id` = excluded.`snapshot_id`, `taken_at` = excluded.`taken_at`,
    `impressions` = excluded.`impressions`, `reach` = excluded.`reach`, `likes` = excluded.`likes`, `comments` = excluded.`comments`,
    `shares` = excluded.`shares`, `saves` = excluded.`saves`, `clicks` = excluded.`clicks`, `video_views` = excluded.`video_views`
  WHERE excluded.`taken_at` >= `post_metrics_current`.`taken_at`;
END;

-- =================================================================================================================
-- post_metrics_daily (0018): per (workspace, day of publishing, account) the published targets and the sum of
-- their current metrics.
-- =================================================================================================================

CREATE TRIGGER `post_metrics_daily_target_insert` AFTER INSERT ON `post_targets`
WHEN NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_metrics_daily` (`workspace_id`, `day`, `account_id`, `platform`, `targets`)
  VALUES (NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`account_id`, NEW.`platform`, 1)
  ON CONFLICT (`workspace_id`, `day`, `account_id`) DO UPDATE SET `targets` = `targets` + 1;
END;

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

CREATE TRIGGER `post_metrics_daily_target_delete` AFTER DELETE ON `post_targets`
WHEN OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL
BEGIN
  UPDATE `post_metrics_daily` SET `targets` = `targets` - 1
  WHERE `workspace_id` = OLD.`workspace_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000 AND `account_id` = OLD.`account_id`;
END;

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

CREATE TRIGGER `post_metrics_daily_current_delete` AFTER DELETE ON `post_metrics_current`
WHEN OLD.`published_at` IS NOT NULL
BEGIN
  UPDATE `post_metrics_daily` SET
    `impressions` = `impressions` - OLD.`impressions`, `reach` = `reach` - OLD.`reach`, `likes` = `likes` - OLD.`likes`,
    `comments` = `comments` - OLD.`comments`, `shares` = `shares` - OLD.`shares`, `saves` = `saves` - OLD.`saves`,
    `clicks` = `clicks` - OLD.`clicks`, `video_views` = `video_views` - OLD.`video_views`
  WHERE `workspace_id` = OLD.`workspace_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000 AND `account_id` = OLD.`account_id`;
END;

-- =================================================================================================================
-- post_metrics_hourly (0076): post_metrics_daily per UTC hour of publishing, the same triggers with hours for days; a
-- period's partial days at its edges read their whole hours here (ADR 023, "Partial days").
-- =================================================================================================================

CREATE TRIGGER `post_metrics_hourly_target_insert` AFTER INSERT ON `post_targets`
WHEN NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_metrics_hourly` (`workspace_id`, `hour`, `account_id`, `platform`, `targets`)
  VALUES (NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 3600000, NEW.`account_id`, NEW.`platform`, 1)
  ON CONFLICT (`workspace_id`, `hour`, `account_id`) DO UPDATE SET `targets` = `targets` + 1;
END;

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

CREATE TRIGGER `post_metrics_hourly_target_delete` AFTER DELETE ON `post_targets`
WHEN OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL
BEGIN
  UPDATE `post_metrics_hourly` SET `targets` = `targets` - 1
  WHERE `workspace_id` = OLD.`workspace_id` AND `hour` = OLD.`published_at` - OLD.`published_at` % 3600000 AND `account_id` = OLD.`account_id`;
END;

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

CREATE TRIGGER `post_metrics_hourly_current_delete` AFTER DELETE ON `post_metrics_current`
WHEN OLD.`published_at` IS NOT NULL
BEGIN
  UPDATE `post_metrics_hourly` SET
    `impressions` = `impressions` - OLD.`impressions`, `reach` = `reach` - OLD.`reach`, `likes` = `likes` - OLD.`likes`,
    `comments` = `comments` - OLD.`comments`, `shares` = `shares` - OLD.`shares`, `saves` = `saves` - OLD.`saves`,
    `clicks` = `clicks` - OLD.`clicks`, `video_views` = `video_views` - OLD.`video_views`
  WHERE `workspace_id` = OLD.`workspace_id` AND `hour` = OLD.`published_at` - OLD.`published_at` % 3600000 AND `account_id` = OLD.`account_id`;
END;

-- =================================================================================================================
-- post_metrics_weekly (0025): post_metrics_daily per week, adding each daily row's change; a range reads its whole
-- weeks here and the days around them from the daily table.
-- =================================================================================================================

CREATE TRIGGER `post_metrics_weekly_insert` AFTER INSERT ON `post_metrics_daily`
BEGIN
  INSERT INTO `post_metrics_weekly` (`workspace_id`, `week`, `account_id`, `platform`, `targets`, `impressions`, `reach`, `likes`, `comments`, `shares`, `saves`, `clicks`, `video_views`)
  VALUES (NEW.`workspace_id`, NEW.`day` - NEW.`day` % 604800000, NEW.`account_id`, NEW.`platform`, NEW.`targets`, NEW.`impressions`, NEW.`reach`, NEW.`likes`, NEW.`comments`, NEW.`shares`, NEW.`saves`, NEW.`clicks`, NEW.`video_views`)
  ON CONFLICT (`workspace_id`, `week`, `account_id`) DO UPDATE SET `targets` = `targets` + excluded.`targets`, `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `likes` = `likes` + excluded.`likes`, `comments` = `comments` + excluded.`comments`, `shares` = `shares` + excluded.`shares`, `saves` = `saves` + excluded.`saves`, `clicks` = `clicks` + excluded.`clicks`, `video_views` = `video_views` + excluded.`video_views`;
END;

CREATE TRIGGER `post_metrics_weekly_update` AFTER UPDATE ON `post_metrics_daily`
BEGIN
  UPDATE `post_metrics_weekly` SET `targets` = `targets` - OLD.`targets`, `impressions` = `impressions` - OLD.`impressions`, `reach` = `reach` - OLD.`reach`, `likes` = `likes` - OLD.`likes`, `comments` = `comments` - OLD.`comments`, `shares` = `shares` - OLD.`shares`, `saves` = `saves` - OLD.`saves`, `clicks` = `clicks` - OLD.`clicks`, `video_views` = `video_views` - OLD.`video_views`
  WHERE `workspace_id` = OLD.`workspace_id` AND `week` = OLD.`day` - OLD.`day` % 604800000 AND `account_id` = OLD.`account_id`;
  INSERT INTO `post_metrics_weekly` (`workspace_id`, `week`, `account_id`, `platform`, `targets`, `impressions`, `reach`, `likes`, `comments`, `shares`, `saves`, `clicks`, `video_views`)
  VALUES (NEW.`workspace_id`, NEW.`day` - NEW.`day` % 604800000, NEW.`account_id`, NEW.`platform`, NEW.`targets`, NEW.`impressions`, NEW.`reach`, NEW.`likes`, NEW.`comments`, NEW.`shares`, NEW.`saves`, NEW.`clicks`, NEW.`video_views`)
  ON CONFLICT (`workspace_id`, `week`, `account_id`) DO UPDATE SET `targets` = `targets` + excluded.`targets`, `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `likes` = `likes` + excluded.`likes`, `comments` = `comments` + excluded.`comments`, `shares` = `shares` + excluded.`shares`, `saves` = `saves` + excluded.`saves`, `clicks` = `clicks` + excluded.`clicks`, `video_views` = `video_views` + excluded.`video_views`;
END;

CREATE TRIGGER `post_metrics_weekly_delete` AFTER DELETE ON `post_metrics_daily`
BEGIN
  UPDATE `post_metrics_weekly` SET `targets` = `targets` - OLD.`targets`, `impressions` = `impressions` - OLD.`impressions`, `reach` = `reach` - OLD.`reach`, `likes` = `likes` - OLD.`likes`, `comments` = `comments` - OLD.`comments`, `shares` = `shares` - OLD.`shares`, `saves` = `saves` - OLD.`saves`, `clicks` = `clicks` - OLD.`clicks`, `video_views` = `video_views` - OLD.`video_views`
  WHERE `workspace_id` = OLD.`workspace_id` AND `week` = OLD.`day` - OLD.`day` % 604800000 AND `account_id` = OLD.`account_id`;
END;

-- =================================================================================================================
-- post_metrics_post_daily (0021, 0023, 0031): the top-post rollup, per (workspace, post, day of publishing): targets,
-- engagement (likes + comments + shares) and reach. `split` (the post's published targets fall on more than one day)
-- and the day's first publish (the ranking's tie-break) are recomputed from the post's targets, read through the
-- post's own index, whenever one is published, moved or deleted.
-- =================================================================================================================

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

CREATE TRIGGER `post_metrics_post_daily_current_insert` AFTER INSERT ON `post_metrics_current`
WHEN NEW.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_metrics_post_daily` (`workspace_id`, `post_id`, `day`, `engagement`, `reach`)
  VALUES (NEW.`workspace_id`, NEW.`post_id`, NEW.`published_at` - NEW.`published_at` % 86400000,
    NEW.`likes` + NEW.`comments` + NEW.`shares`, NEW.`reach`)
  ON CONFLICT (`workspace_id`, `post_id`, `day`) DO UPDATE SET
    `engagement` = `engagement` + excluded.`engagement`, `reach` = `reach` + excluded.`reach`;
END;

CREATE TRIGGER `post_metrics_post_daily_current_update` AFTER UPDATE ON `post_metrics_current`
BEGIN
  UPDATE `post_metrics_post_daily` SET
    `engagement` = `engagement` - (OLD.`likes` + OLD.`comments` + OLD.`shares`), `reach` = `reach` - OLD.`reach`
  WHERE OLD.`published_at` IS NOT NULL AND `workspace_id` = OLD.`workspace_id` AND `post_id` = OLD.`post_id`
    AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000;
  INSERT INTO `post_metrics_post_daily` (`workspace_id`, `post_id`, `day`, `engagement`, `reach`)
  SELECT NEW.`workspace_id`, NEW.`post_id`, NEW.`published_at` - NEW.`published_at` % 86400000,
    NEW.`likes` + NEW.`comments` + NEW.`shares`, NEW.`reach`
  WHERE NEW.`published_at` IS NOT NULL
  ON CONFLICT (`workspace_id`, `post_id`, `day`) DO UPDATE SET
    `engagement` = `engagement` + excluded.`engagement`, `reach` = `reach` + excluded.`reach`;
END;

CREATE TRIGGER `post_metrics_post_daily_current_delete` AFTER DELETE ON `post_metrics_current`
WHEN OLD.`published_at` IS NOT NULL
BEGIN
  UPDATE `post_metrics_post_daily` SET
    `engagement` = `engagement` - (OLD.`likes` + OLD.`comments` + OLD.`shares`), `reach` = `reach` - OLD.`reach`
  WHERE `workspace_id` = OLD.`workspace_id` AND `post_id` = OLD.`post_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000;
END;

-- =================================================================================================================
-- post_metrics_post_weekly (0025): the post's week recomputed from its (at most seven) daily rows on each change.
-- =================================================================================================================

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

-- =================================================================================================================
-- post_platform_daily (0026, 0031): post_metrics_post_daily with the platform in the key, plus `multi` (the post
-- went out on more than one platform): the top post under a platform filter.
-- =================================================================================================================

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

CREATE TRIGGER `post_platform_daily_current_insert` AFTER INSERT ON `post_metrics_current`
WHEN NEW.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_platform_daily` (`workspace_id`, `platform`, `post_id`, `day`, `engagement`, `reach`)
  VALUES ( NEW.`workspace_id`, NEW.`platform`, NEW.`post_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`likes` + NEW.`comments` + NEW.`shares`, NEW.`reach`)
  ON CONFLICT (`workspace_id`, `platform`, `post_id`, `day`) DO UPDATE SET
    `engagement` = `engagement` + excluded.`engagement`, `reach` = `reach` + excluded.`reach`;
END;

CREATE TRIGGER `post_platform_daily_current_update` AFTER UPDATE ON `post_metrics_current`
BEGIN
  UPDATE `post_platform_daily` SET `engagement` = `engagement` - (OLD.`likes` + OLD.`comments` + OLD.`shares`), `reach` = `reach` - OLD.`reach`
  WHERE OLD.`published_at` IS NOT NULL AND `workspace_id` = OLD.`workspace_id` AND `platform` = OLD.`platform` AND `post_id` = OLD.`post_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000;
  INSERT INTO `post_platform_daily` (`workspace_id`, `platform`, `post_id`, `day`, `engagement`, `reach`)
  SELECT NEW.`workspace_id`, NEW.`platform`, NEW.`post_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`likes` + NEW.`comments` + NEW.`shares`, NEW.`reach` WHERE NEW.`published_at` IS NOT NULL
  ON CONFLICT (`workspace_id`, `platform`, `post_id`, `day`) DO UPDATE SET
    `engagement` = `engagement` + excluded.`engagement`, `reach` = `reach` + excluded.`reach`;
END;

CREATE TRIGGER `post_platform_daily_current_delete` AFTER DELETE ON `post_metrics_current`
WHEN OLD.`published_at` IS NOT NULL
BEGIN
  UPDATE `post_platform_daily` SET `engagement` = `engagement` - (OLD.`likes` + OLD.`comments` + OLD.`shares`), `reach` = `reach` - OLD.`reach`
  WHERE `workspace_id` = OLD.`workspace_id` AND `platform` = OLD.`platform` AND `post_id` = OLD.`post_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000;
END;

-- =================================================================================================================
-- post_platform_weekly (0026): the post's week on the platform, recomputed from its daily rows like
-- post_metrics_post_weekly.
-- =================================================================================================================

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

-- =================================================================================================================
-- post_engagement_daily (0018): the snapshots' growth per (workspace, day taken, platform), as JSON arrays of 96
-- quarter-hours of likes, comments and shares. A deleted snapshot (its target or post deleted) takes its growth
-- out, except while the retention job runs (analytics_retention.running): the growth of the snapshots it deletes
-- lives on here only. The insert trigger, created after post_metric_snapshots_deltas, fires before it and makes the
-- day's row, into which the update trigger then files the deltas it writes. Each trigger files the same growth into
-- post_engagement_daily_total (0085), the day's row for every platform together (ADR 135).
-- =================================================================================================================

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

-- =================================================================================================================
-- post_best_times_daily (0024): per (workspace, day of publishing, platform), as 96 quarter-hours of publish time,
-- the measured targets (`posts`) and their engagement: each target with current metrics counts once, in its slot. Each
-- trigger files the same engagement into post_published_daily_total (0087), the day's row for every platform together
-- (ADR 137).
-- =================================================================================================================

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

-- =================================================================================================================
-- post_best_times_weekly (0033): the same per week, as the week's 672 quarter-hours; best times reads only this table.
-- =================================================================================================================

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

CREATE TRIGGER `post_best_times_weekly_current_delete` AFTER DELETE ON `post_metrics_current`
WHEN OLD.`published_at` IS NOT NULL
BEGIN
  UPDATE `post_best_times_weekly` SET
    `posts` = json_set(`posts`, '$[' || (OLD.`published_at` % 604800000 / 900000) || ']', json_extract(`posts`, '$[' || (OLD.`published_at` % 604800000 / 900000) || ']') - 1),
    `engagement` = json_set(`engagement`, '$[' || (OLD.`published_at` % 604800000 / 900000) || ']', json_extract(`engagement`, '$[' || (OLD.`published_at` % 604800000 / 900000) || ']') - (OLD.`likes` + OLD.`comments` + OLD.`shares`))
  WHERE `workspace_id` = OLD.`workspace_id` AND `week` = OLD.`published_at` - OLD.`published_at` % 604800000 AND `platform` = OLD.`platform`;
END;

-- =================================================================================================================
-- best_times_versions (0079): per workspace, how often its post_best_times_weekly rows changed, so a best-times answer
-- kept at a version is current while the version is (ADR 116). A delete only bumps an existing row: deleting a
-- workspace deletes its version row before its weekly rows, and must not bring it back.
-- =================================================================================================================

CREATE TRIGGER `best_times_versions_weekly_insert` AFTER INSERT ON `post_best_times_weekly`
BEGIN
  INSERT INTO `best_times_versions` (`workspace_id`, `version`) VALUES (NEW.`workspace_id`, 1)
  ON CONFLICT (`workspace_id`) DO UPDATE SET `version` = `version` + 1;
END;

CREATE TRIGGER `best_times_versions_weekly_update` AFTER UPDATE ON `post_best_times_weekly`
BEGIN
  INSERT INTO `best_times_versions` (`workspace_id`, `version`) VALUES (NEW.`workspace_id`, 1)
  ON CONFLICT (`workspace_id`) DO UPDATE SET `version` = `version` + 1;
END;

CREATE TRIGGER `best_times_versions_weekly_delete` AFTER DELETE ON `post_best_times_weekly`
BEGIN
  UPDATE `best_times_versions` SET `version` = `version` + 1 WHERE `workspace_id` = OLD.`workspace_id`;
END;

-- =================================================================================================================
-- top_post_versions (0086): per workspace, how often its post_metrics_post_daily rows changed. Every change a top post
-- depends on (a target published, moved or deleted, a target measured) changes those rows, so a top post found at a
-- version stays the top post while the version does and its targets stay in the period (ADR 136). A delete only bumps
-- an existing row, as for best_times_versions.
-- =================================================================================================================

CREATE TRIGGER `top_post_versions_daily_insert` AFTER INSERT ON `post_metrics_post_daily`
BEGIN
  INSERT INTO `top_post_versions` (`workspace_id`, `version`) VALUES (NEW.`workspace_id`, 1)
  ON CONFLICT (`workspace_id`) DO UPDATE SET `version` = `version` + 1;
END;

CREATE TRIGGER `top_post_versions_daily_update` AFTER UPDATE ON `post_metrics_post_daily`
BEGIN
  INSERT INTO `top_post_versions` (`workspace_id`, `version`) VALUES (NEW.`workspace_id`, 1)
  ON CONFLICT (`workspace_id`) DO UPDATE SET `version` = `version` + 1;
END;

CREATE TRIGGER `top_post_versions_daily_delete` AFTER DELETE ON `post_metrics_post_daily`
BEGIN
  UPDATE `top_post_versions` SET `version` = `version` + 1 WHERE `workspace_id` = OLD.`workspace_id`;
END;

-- =================================================================================================================
-- post_published_daily (0030): posting patterns, every published target, measured or not, per quarter-hour of its
-- day of publishing and platform. Each trigger counts the same target into post_published_daily_total (0087) too.
-- =================================================================================================================

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

CREATE TRIGGER `post_published_daily_target_delete` AFTER DELETE ON `post_targets`
WHEN OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL
BEGIN
  UPDATE `post_published_daily` SET `targets` = json_set(`targets`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']', json_extract(`targets`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']') - 1)
  WHERE `workspace_id` = OLD.`workspace_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000 AND `platform` = OLD.`platform`;
  UPDATE `post_published_daily_total` SET `targets` = json_set(`targets`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']', json_extract(`targets`, '$[' || (OLD.`published_at` % 86400000 / 900000) || ']') - 1)
  WHERE `workspace_id` = OLD.`workspace_id` AND `day` = OLD.`published_at` - OLD.`published_at` % 86400000;
END;

-- =================================================================================================================
-- post_hashtag_daily (0028, 0029, 0034): the Hashtags tab per (workspace, day of publishing, platform, tag); a target
-- counts under each distinct tag of its post, normalized as aggregate.normalizeTag does (whitespace trimmed, leading
-- # dropped; lower() is ASCII-only, so the reader re-normalizes). Targets and current metrics as post_metrics_daily,
-- but a re-sync within its cell upserts only the difference (none when nothing changed). A hashtag edit moves the
-- post's figures from its old tags to its new ones; a post's delete takes them out BEFORE the row goes (the cascaded
-- deletes after it find no tags). The triggers on posts read the post's targets through its own index.
-- =================================================================================================================

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

-- =================================================================================================================
-- post_hashtag_weekly (0028): post_hashtag_daily per week, adding each daily row's change.
-- =================================================================================================================

CREATE TRIGGER `post_hashtag_weekly_insert` AFTER INSERT ON `post_hashtag_daily`
BEGIN
  INSERT INTO `post_hashtag_weekly` (`workspace_id`, `week`, `platform`, `tag`, `targets`, `impressions`, `reach`, `engagement`)
  VALUES (NEW.`workspace_id`, NEW.`day` - NEW.`day` % 604800000, NEW.`platform`, NEW.`tag`, NEW.`targets`, NEW.`impressions`, NEW.`reach`, NEW.`engagement`)
  ON CONFLICT (`workspace_id`, `week`, `platform`, `tag`) DO UPDATE SET `targets` = `targets` + excluded.`targets`, `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;

CREATE TRIGGER `post_hashtag_weekly_update` AFTER UPDATE ON `post_hashtag_daily`
BEGIN
  UPDATE `post_hashtag_weekly` SET `targets` = `targets` - OLD.`targets`, `impressions` = `impressions` - OLD.`impressions`, `reach` = `reach` - OLD.`reach`, `engagement` = `engagement` - OLD.`engagement`
  WHERE `workspace_id` = OLD.`workspace_id` AND `week` = OLD.`day` - OLD.`day` % 604800000 AND `platform` = OLD.`platform` AND `tag` = OLD.`tag`;
  INSERT INTO `post_hashtag_weekly` (`workspace_id`, `week`, `platform`, `tag`, `targets`, `impressions`, `reach`, `engagement`)
  VALUES (NEW.`workspace_id`, NEW.`day` - NEW.`day` % 604800000, NEW.`platform`, NEW.`tag`, NEW.`targets`, NEW.`impressions`, NEW.`reach`, NEW.`engagement`)
  ON CONFLICT (`workspace_id`, `week`, `platform`, `tag`) DO UPDATE SET `targets` = `targets` + excluded.`targets`, `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;

CREATE TRIGGER `post_hashtag_weekly_delete` AFTER DELETE ON `post_hashtag_daily`
BEGIN
  UPDATE `post_hashtag_weekly` SET `targets` = `targets` - OLD.`targets`, `impressions` = `impressions` - OLD.`impressions`, `reach` = `reach` - OLD.`reach`, `engagement` = `engagement` - OLD.`engagement`
  WHERE `workspace_id` = OLD.`workspace_id` AND `week` = OLD.`day` - OLD.`day` % 604800000 AND `platform` = OLD.`platform` AND `tag` = OLD.`tag`;
END;

-- =================================================================================================================
-- post_content_daily (0030, 0034): the Content tab per (workspace, day of publishing, platform, content type). The
-- type is content-type.ts's contentTypeOf over the post's media, in SQL: no media is text (video on YouTube), several
-- a carousel, one image a single image, one Instagram video up to 90 s a reel, else video. Targets and current metrics
-- as post_hashtag_daily. When the post's media change (post_media rows, a media item's kind or duration), a BEFORE
-- trigger takes the post's figures out under its type as it is and the AFTER trigger puts them back under its type as
-- it becomes. A media item's delete first deletes its post_media rows, while its kind can still be read.
-- =================================================================================================================

CREATE TRIGGER `post_content_daily_target_insert` AFTER INSERT ON `post_targets`
WHEN NEW.`status` = 'published' AND NEW.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN NEW.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN NEW.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = NEW.`post_id` AND m.`file_type` IN ('image', 'video')), 1, 0, 0, 0
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;

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

CREATE TRIGGER `post_content_daily_target_delete` AFTER DELETE ON `post_targets`
WHEN OLD.`status` = 'published' AND OLD.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT OLD.`workspace_id`, OLD.`published_at` - OLD.`published_at` % 86400000, OLD.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN OLD.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN OLD.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = OLD.`post_id` AND m.`file_type` IN ('image', 'video')), -1, 0, 0, 0
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;

CREATE TRIGGER `post_content_daily_current_insert` AFTER INSERT ON `post_metrics_current`
WHEN NEW.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT NEW.`workspace_id`, NEW.`published_at` - NEW.`published_at` % 86400000, NEW.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN NEW.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN NEW.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = NEW.`post_id` AND m.`file_type` IN ('image', 'video')), 0, NEW.`impressions`, NEW.`reach`, (NEW.`likes` + NEW.`comments` + NEW.`shares`)
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;

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

CREATE TRIGGER `post_content_daily_current_delete` AFTER DELETE ON `post_metrics_current`
WHEN OLD.`published_at` IS NOT NULL
BEGIN
  INSERT INTO `post_content_daily` (`workspace_id`, `day`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  SELECT OLD.`workspace_id`, OLD.`published_at` - OLD.`published_at` % 86400000, OLD.`platform`, (SELECT CASE WHEN count(*) = 0 THEN CASE WHEN OLD.`platform` = 'youtube' THEN 'video' ELSE 'text' END WHEN count(*) > 1 THEN 'carousel' WHEN max(m.`file_type`) = 'image' THEN 'single_image' WHEN OLD.`platform` = 'instagram' AND coalesce(max(m.`duration`) <= 90, 0) THEN 'reel' ELSE 'video' END FROM `post_media` pm JOIN `media` m ON m.`id` = pm.`media_id` WHERE pm.`post_id` = OLD.`post_id` AND m.`file_type` IN ('image', 'video')), 0, -OLD.`impressions`, -OLD.`reach`, -(OLD.`likes` + OLD.`comments` + OLD.`shares`)
  WHERE true
  ON CONFLICT (`workspace_id`, `day`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`,
    `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;

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

CREATE TRIGGER `post_content_daily_media_delete` BEFORE DELETE ON `media`
BEGIN
  DELETE FROM `post_media` WHERE `media_id` = OLD.`id`;
END;

-- =================================================================================================================
-- post_content_weekly (0030): post_content_daily per week, adding each daily row's change.
-- =================================================================================================================

CREATE TRIGGER `post_content_weekly_insert` AFTER INSERT ON `post_content_daily`
BEGIN
  INSERT INTO `post_content_weekly` (`workspace_id`, `week`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  VALUES (NEW.`workspace_id`, NEW.`day` - NEW.`day` % 604800000, NEW.`platform`, NEW.`content_type`, NEW.`targets`, NEW.`impressions`, NEW.`reach`, NEW.`engagement`)
  ON CONFLICT (`workspace_id`, `week`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`, `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;

CREATE TRIGGER `post_content_weekly_update` AFTER UPDATE ON `post_content_daily`
BEGIN
  UPDATE `post_content_weekly` SET `targets` = `targets` - OLD.`targets`, `impressions` = `impressions` - OLD.`impressions`, `reach` = `reach` - OLD.`reach`, `engagement` = `engagement` - OLD.`engagement`
  WHERE `workspace_id` = OLD.`workspace_id` AND `week` = OLD.`day` - OLD.`day` % 604800000 AND `platform` = OLD.`platform` AND `content_type` = OLD.`content_type`;
  INSERT INTO `post_content_weekly` (`workspace_id`, `week`, `platform`, `content_type`, `targets`, `impressions`, `reach`, `engagement`)
  VALUES (NEW.`workspace_id`, NEW.`day` - NEW.`day` % 604800000, NEW.`platform`, NEW.`content_type`, NEW.`targets`, NEW.`impressions`, NEW.`reach`, NEW.`engagement`)
  ON CONFLICT (`workspace_id`, `week`, `platform`, `content_type`) DO UPDATE SET `targets` = `targets` + excluded.`targets`, `impressions` = `impressions` + excluded.`impressions`, `reach` = `reach` + excluded.`reach`, `engagement` = `engagement` + excluded.`engagement`;
END;

CREATE TRIGGER `post_content_weekly_delete` AFTER DELETE ON `post_content_daily`
BEGIN
  UPDATE `post_content_weekly` SET `targets` = `targets` - OLD.`targets`, `impressions` = `impressions` - OLD.`impressions`, `reach` = `reach` - OLD.`reach`, `engagement` = `engagement` - OLD.`engagement`
  WHERE `workspace_id` = OLD.`workspace_id` AND `week` = OLD.`day` - OLD.`day` % 604800000 AND `platform` = OLD.`platform` AND `content_type` = OLD.`content_type`;
END;

-- Derived analytics state kept by the database itself, so every writer (the sync, fixtures, the bench seed,
-- a repair script) keeps it right in the same statement as the snapshot insert. See ADR 008.
-- 1. Each snapshot's growth since the target's previous snapshot (by taken_at, then rowid): the first one
--    counts from zero. An insert out of time order also re-bases the snapshot that follows it.
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
--> statement-breakpoint
-- 2. post_metrics_current: the target's latest snapshot (a later or equal taken_at replaces it).
CREATE TRIGGER `post_metric_snapshots_current` AFTER INSERT ON `post_metric_snapshots`
BEGIN
  INSERT INTO `post_metrics_current` (`target_id`, `post_id`, `account_id`, `user_id`, `platform`, `published_at`, `snapshot_id`, `taken_at`,
    `impressions`, `reach`, `likes`, `comments`, `shares`, `saves`, `clicks`, `video_views`)
  VALUES (NEW.`target_id`, NEW.`post_id`, NEW.`account_id`, NEW.`user_id`, NEW.`platform`,
    (SELECT `published_at` FROM `post_targets` WHERE `id` = NEW.`target_id`), NEW.`id`, NEW.`taken_at`,
    NEW.`impressions`, NEW.`reach`, NEW.`likes`, NEW.`comments`, NEW.`shares`, NEW.`saves`, NEW.`clicks`, NEW.`video_views`)
  ON CONFLICT (`target_id`) DO UPDATE SET
    `published_at` = excluded.`published_at`, `snapshot_id` = excluded.`snapshot_id`, `taken_at` = excluded.`taken_at`,
    `impressions` = excluded.`impressions`, `reach` = excluded.`reach`, `likes` = excluded.`likes`, `comments` = excluded.`comments`,
    `shares` = excluded.`shares`, `saves` = excluded.`saves`, `clicks` = excluded.`clicks`, `video_views` = excluded.`video_views`
  WHERE excluded.`taken_at` >= `post_metrics_current`.`taken_at`;
END;
--> statement-breakpoint
-- 3. Backfill both from the snapshots already stored.
UPDATE `post_metric_snapshots` SET `likes_delta` = d.`l`, `comments_delta` = d.`c`, `shares_delta` = d.`s`
FROM (
  SELECT rowid AS `rid`,
    `likes` - coalesce(lag(`likes`) OVER w, 0) AS `l`,
    `comments` - coalesce(lag(`comments`) OVER w, 0) AS `c`,
    `shares` - coalesce(lag(`shares`) OVER w, 0) AS `s`
  FROM `post_metric_snapshots` WINDOW w AS (PARTITION BY `target_id` ORDER BY `taken_at`, rowid)
) d
WHERE `post_metric_snapshots`.rowid = d.`rid`;
--> statement-breakpoint
INSERT OR REPLACE INTO `post_metrics_current` (`target_id`, `post_id`, `account_id`, `user_id`, `platform`, `published_at`, `snapshot_id`, `taken_at`,
  `impressions`, `reach`, `likes`, `comments`, `shares`, `saves`, `clicks`, `video_views`)
SELECT s.`target_id`, s.`post_id`, s.`account_id`, s.`user_id`, s.`platform`, t.`published_at`, s.`id`, s.`taken_at`,
  s.`impressions`, s.`reach`, s.`likes`, s.`comments`, s.`shares`, s.`saves`, s.`clicks`, s.`video_views`
FROM (
  SELECT *, row_number() OVER (PARTITION BY `target_id` ORDER BY `taken_at` DESC, rowid DESC) AS `n` FROM `post_metric_snapshots`
) s
JOIN `post_targets` t ON t.`id` = s.`target_id`
WHERE s.`n` = 1;

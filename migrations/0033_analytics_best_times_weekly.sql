CREATE TABLE `post_best_times_weekly` (
	`workspace_id` text NOT NULL,
	`week` integer NOT NULL,
	`platform` text NOT NULL,
	`posts` text DEFAULT '[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]' NOT NULL,
	`engagement` text DEFAULT '[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]' NOT NULL,
	PRIMARY KEY(`workspace_id`, `week`, `platform`)
);
--> statement-breakpoint
-- post_best_times_daily's arrays per epoch-aligned UTC week (ADR 023): the same triggers on post_metrics_current with
-- the week's 672 quarter-hours, kept equal to `recomputedWeeklyBestTimes`; best times reads only this table.
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
INSERT INTO `post_best_times_weekly` (`workspace_id`, `week`, `platform`, `posts`, `engagement`)
WITH RECURSIVE slots(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM slots WHERE i < 671),
s AS (
  SELECT workspace_id AS w, published_at - published_at % 604800000 AS d, platform AS p, published_at % 604800000 / 900000 AS slot,
    count(*) AS n, sum(likes + comments + shares) AS e
  FROM post_metrics_current WHERE published_at IS NOT NULL GROUP BY 1, 2, 3, 4
),
k AS (SELECT DISTINCT w, d, p FROM s)
SELECT k.w, k.d, k.p, json_group_array(coalesce(s.n, 0) ORDER BY slots.i), json_group_array(coalesce(s.e, 0) ORDER BY slots.i)
FROM k CROSS JOIN slots LEFT JOIN s ON s.w = k.w AND s.d = k.d AND s.p = k.p AND s.slot = slots.i
GROUP BY k.w, k.d, k.p;

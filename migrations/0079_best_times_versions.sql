-- best_times_versions (ADR 116): bumped by the triggers below whenever a workspace's post_best_times_weekly rows change.
CREATE TABLE `best_times_versions` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Workspaces with weekly rows already start at version 1, so that a delete of their rows (which only bumps a row that
-- exists) is seen too.
INSERT INTO `best_times_versions` (`workspace_id`, `version`) SELECT DISTINCT `workspace_id`, 1 FROM `post_best_times_weekly`;
--> statement-breakpoint
-- Written by `npm run db:rollups` from workers/analytics/rollups.sql (ADR 052): the triggers are changed there, not here.
-- New: best_times_versions_weekly_insert, best_times_versions_weekly_update, best_times_versions_weekly_delete
CREATE TRIGGER `best_times_versions_weekly_insert` AFTER INSERT ON `post_best_times_weekly`
BEGIN
  INSERT INTO `best_times_versions` (`workspace_id`, `version`) VALUES (NEW.`workspace_id`, 1)
  ON CONFLICT (`workspace_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `best_times_versions_weekly_update` AFTER UPDATE ON `post_best_times_weekly`
BEGIN
  INSERT INTO `best_times_versions` (`workspace_id`, `version`) VALUES (NEW.`workspace_id`, 1)
  ON CONFLICT (`workspace_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `best_times_versions_weekly_delete` AFTER DELETE ON `post_best_times_weekly`
BEGIN
  UPDATE `best_times_versions` SET `version` = `version` + 1 WHERE `workspace_id` = OLD.`workspace_id`;
END;

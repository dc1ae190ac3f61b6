-- top_post_versions (ADR 136): bumped by the triggers below whenever a workspace's post_metrics_post_daily rows change.
CREATE TABLE `top_post_versions` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Workspaces with daily rows already start at version 1, so that a delete of their rows (which only bumps a row that
-- exists) is seen too.
INSERT INTO `top_post_versions` (`workspace_id`, `version`) SELECT DISTINCT `workspace_id`, 1 FROM `post_metrics_post_daily`;
--> statement-breakpoint
-- Written by `npm run db:rollups` from workers/analytics/rollups.sql (ADR 052): the triggers are changed there, not here.
-- New: top_post_versions_daily_insert, top_post_versions_daily_update, top_post_versions_daily_delete
CREATE TRIGGER `top_post_versions_daily_insert` AFTER INSERT ON `post_metrics_post_daily`
BEGIN
  INSERT INTO `top_post_versions` (`workspace_id`, `version`) VALUES (NEW.`workspace_id`, 1)
  ON CONFLICT (`workspace_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `top_post_versions_daily_update` AFTER UPDATE ON `post_metrics_post_daily`
BEGIN
  INSERT INTO `top_post_versions` (`workspace_id`, `version`) VALUES (NEW.`workspace_id`, 1)
  ON CONFLICT (`workspace_id`) DO UPDATE SET `version` = `version` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `top_post_versions_daily_delete` AFTER DELETE ON `post_metrics_post_daily`
BEGIN
  UPDATE `top_post_versions` SET `version` = `version` + 1 WHERE `workspace_id` = OLD.`workspace_id`;
END;

-- dashboard_cache (ADR 133): the dashboard's answer per workspace while fresh, kept with the workspace's data.
CREATE TABLE `dashboard_cache` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`body` text NOT NULL,
	`expires_at` integer NOT NULL
);

CREATE TABLE `instance_apps` (
	`platform` text NOT NULL,
	`instance` text NOT NULL,
	`redirect_uri` text NOT NULL,
	`client_id` text NOT NULL,
	`client_secret_enc` text NOT NULL,
	`scopes` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`platform`, `instance`, `redirect_uri`)
);
--> statement-breakpoint
ALTER TABLE `oauth_states` ADD `instance` text;
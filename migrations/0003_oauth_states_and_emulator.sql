CREATE TABLE `oauth_states` (
	`id` text PRIMARY KEY NOT NULL,
	`state_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`session_id` text NOT NULL,
	`platform` text NOT NULL,
	`variant` text,
	`code_verifier_enc` text,
	`redirect_uri` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `oauth_states_hash` ON `oauth_states` (`state_hash`);--> statement-breakpoint
CREATE INDEX `oauth_states_user_idx` ON `oauth_states` (`user_id`);--> statement-breakpoint
CREATE TABLE `emu_codes` (
	`code` text PRIMARY KEY NOT NULL,
	`platform` text NOT NULL,
	`client_id` text NOT NULL,
	`redirect_uri` text NOT NULL,
	`scopes` text NOT NULL,
	`code_challenge` text,
	`grant` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
CREATE TABLE `emu_faults` (
	`platform` text PRIMARY KEY NOT NULL,
	`mode` text NOT NULL,
	`remaining` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `emu_objects` (
	`id` text PRIMARY KEY NOT NULL,
	`platform` text NOT NULL,
	`kind` text NOT NULL,
	`owner` text NOT NULL,
	`status` text,
	`data` text NOT NULL,
	`created_at` integer NOT NULL,
	`ready_at` integer
);
--> statement-breakpoint
CREATE INDEX `emu_objects_owner_idx` ON `emu_objects` (`platform`,`kind`,`owner`,`created_at`);--> statement-breakpoint
CREATE TABLE `emu_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `emu_tokens` (
	`token` text PRIMARY KEY NOT NULL,
	`platform` text NOT NULL,
	`kind` text NOT NULL,
	`grant` text NOT NULL,
	`scopes` text NOT NULL,
	`issued_at` integer NOT NULL,
	`expires_at` integer,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE INDEX `emu_tokens_platform_idx` ON `emu_tokens` (`platform`,`kind`);
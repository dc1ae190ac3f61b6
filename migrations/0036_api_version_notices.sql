CREATE TABLE `api_version_notices` (
	`workspace_id` text NOT NULL,
	`setting` text NOT NULL,
	`version` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`workspace_id`, `setting`, `version`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);

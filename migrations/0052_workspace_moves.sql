ALTER TABLE `workspaces` ADD `moving_to` text;--> statement-breakpoint
ALTER TABLE `workspaces` ADD `move_step` text;

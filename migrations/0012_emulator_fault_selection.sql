ALTER TABLE `emu_faults` ADD `method` text;--> statement-breakpoint
ALTER TABLE `emu_faults` ADD `path_pattern` text;--> statement-breakpoint
ALTER TABLE `emu_faults` ADD `skip` integer DEFAULT 0 NOT NULL;
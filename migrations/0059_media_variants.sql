ALTER TABLE `media` ADD `variant_of` text REFERENCES media(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `media` ADD `prepared_for` text;--> statement-breakpoint
ALTER TABLE `media` ADD `crop` text;--> statement-breakpoint
CREATE INDEX `media_variant_of_idx` ON `media` (`variant_of`);
-- post_targets.queue_slot (ADR 126): the queue slot a channel was placed in; one queued channel per account and slot.
ALTER TABLE `post_targets` ADD `queue_slot` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `post_targets_queue_slot_uq` ON `post_targets` (`account_id`,`due_at`) WHERE queue_slot = due_at AND status NOT IN ('draft', 'failed');
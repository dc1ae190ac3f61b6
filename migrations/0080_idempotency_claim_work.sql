-- idempotency_keys.claim_id and work (ADR 125): a claim is marked with its work in the batch that commits the work.
ALTER TABLE `idempotency_keys` ADD `claim_id` text;--> statement-breakpoint
ALTER TABLE `idempotency_keys` ADD `work` text;
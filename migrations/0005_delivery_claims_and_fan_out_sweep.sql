ALTER TABLE `events` ADD `fanned_out_at` integer;--> statement-breakpoint
CREATE INDEX `events_unfanned_idx` ON `events` (`fanned_out_at`,`published_at`);--> statement-breakpoint
ALTER TABLE `webhook_deliveries` ADD `claimed_until` integer;--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due_idx` ON `webhook_deliveries` (`status`,`next_attempt_at`);
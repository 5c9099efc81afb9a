CREATE TABLE `agent_bot_inboxes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`inbox_id` integer NOT NULL,
	`agent_bot_id` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`inbox_id`) REFERENCES `inboxes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agent_bot_inboxes_inbox_unique` ON `agent_bot_inboxes` (`inbox_id`);--> statement-breakpoint
CREATE INDEX `agent_bot_inboxes_bot_idx` ON `agent_bot_inboxes` (`agent_bot_id`,`account_id`);--> statement-breakpoint
ALTER TABLE `agent_bots` ADD `secret` text;--> statement-breakpoint
ALTER TABLE `webhook_deliveries` ADD `agent_bot_id` integer;--> statement-breakpoint
CREATE INDEX `webhook_deliveries_agent_bot_idx` ON `webhook_deliveries` (`agent_bot_id`,`id`);
CREATE TABLE `agent_capacity_policies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`exclusion_rules` text DEFAULT '{}' NOT NULL,
	`overall_conversation_limit` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `agent_capacity_policies_account_idx` ON `agent_capacity_policies` (`account_id`);--> statement-breakpoint
CREATE TABLE `inbox_capacity_limits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`agent_capacity_policy_id` integer NOT NULL,
	`inbox_id` integer NOT NULL,
	`conversation_limit` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`agent_capacity_policy_id`) REFERENCES `agent_capacity_policies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`inbox_id`) REFERENCES `inboxes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inbox_capacity_limits_policy_inbox_unique` ON `inbox_capacity_limits` (`agent_capacity_policy_id`,`inbox_id`);--> statement-breakpoint
CREATE INDEX `inbox_capacity_limits_inbox_idx` ON `inbox_capacity_limits` (`inbox_id`);--> statement-breakpoint
ALTER TABLE `account_users` ADD `agent_capacity_policy_id` integer REFERENCES agent_capacity_policies(id);--> statement-breakpoint
ALTER TABLE `conversations` ADD `auto_assign_held_at` integer;
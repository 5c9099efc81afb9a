PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_account_users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`role` text NOT NULL,
	`inviter_id` integer,
	`availability` text DEFAULT 'online' NOT NULL,
	`auto_offline` integer DEFAULT true NOT NULL,
	`connected` integer DEFAULT false NOT NULL,
	`active_at` integer,
	`agent_capacity_policy_id` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`agent_capacity_policy_id`) REFERENCES `agent_capacity_policies`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_account_users`("id", "account_id", "user_id", "role", "inviter_id", "availability", "auto_offline", "connected", "active_at", "agent_capacity_policy_id", "created_at", "updated_at") SELECT "id", "account_id", "user_id", "role", "inviter_id", "availability", "auto_offline", "connected", "active_at", "agent_capacity_policy_id", "created_at", "updated_at" FROM `account_users`;--> statement-breakpoint
DROP TABLE `account_users`;--> statement-breakpoint
ALTER TABLE `__new_account_users` RENAME TO `account_users`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `account_users_account_user_unique` ON `account_users` (`account_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `account_users_user_idx` ON `account_users` (`user_id`);
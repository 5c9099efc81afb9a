CREATE TABLE `notification_settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`selected_email_flags` text DEFAULT '[]' NOT NULL,
	`selected_push_flags` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notification_settings_account_user_unique` ON `notification_settings` (`account_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `notification_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`subscription_type` text NOT NULL,
	`subscription_attributes` text NOT NULL,
	`identifier` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notification_subscriptions_identifier_unique` ON `notification_subscriptions` (`identifier`);--> statement-breakpoint
CREATE INDEX `notification_subscriptions_user_idx` ON `notification_subscriptions` (`user_id`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`notification_type` text NOT NULL,
	`primary_actor_type` text DEFAULT 'Conversation' NOT NULL,
	`primary_actor_id` integer NOT NULL,
	`secondary_actor_type` text,
	`secondary_actor_id` integer,
	`source_key` text NOT NULL,
	`read_at` integer,
	`snoozed_until` integer,
	`last_activity_at` integer DEFAULT (unixepoch()) NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_source_unique` ON `notifications` (`user_id`,`notification_type`,`source_key`);--> statement-breakpoint
CREATE INDEX `notifications_account_user_idx` ON `notifications` (`account_id`,`user_id`,`id`);
CREATE TABLE `report_rollups` (
	`account_id` integer NOT NULL,
	`dimension` text NOT NULL,
	`dimension_id` integer NOT NULL,
	`name` text NOT NULL,
	`span` integer NOT NULL,
	`bucket` integer NOT NULL,
	`count` integer NOT NULL,
	`total` integer NOT NULL,
	PRIMARY KEY(`account_id`, `dimension`, `dimension_id`, `name`, `span`, `bucket`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `reporting_events` (
	`id` integer PRIMARY KEY NOT NULL,
	`account_id` integer NOT NULL,
	`name` text NOT NULL,
	`value` integer,
	`conversation_id` integer,
	`inbox_id` integer NOT NULL,
	`user_id` integer,
	`team_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reporting_events_account_name_time_idx` ON `reporting_events` (`account_id`,`name`,`created_at`);--> statement-breakpoint
CREATE INDEX `reporting_events_conversation_idx` ON `reporting_events` (`conversation_id`,`name`);
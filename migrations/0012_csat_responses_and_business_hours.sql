CREATE TABLE `csat_survey_responses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`conversation_id` integer NOT NULL,
	`message_id` integer NOT NULL,
	`contact_id` integer NOT NULL,
	`assigned_agent_id` integer,
	`rating` integer NOT NULL,
	`feedback_message` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `csat_survey_responses_message_unique` ON `csat_survey_responses` (`message_id`);--> statement-breakpoint
CREATE INDEX `csat_survey_responses_account_time_idx` ON `csat_survey_responses` (`account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `csat_survey_responses_agent_idx` ON `csat_survey_responses` (`account_id`,`assigned_agent_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `csat_survey_responses_conversation_idx` ON `csat_survey_responses` (`conversation_id`);--> statement-breakpoint
ALTER TABLE `report_rollups` ADD `total_in_business_hours` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `reporting_events` ADD `value_in_business_hours` integer;--> statement-breakpoint
CREATE INDEX `messages_account_csat_idx` ON `messages` (`account_id`,`created_at`) WHERE content_type = 'input_csat';
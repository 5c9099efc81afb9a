CREATE TABLE `inbound_phone_message_ids` (
	`account_id` integer NOT NULL,
	`inbox_id` integer NOT NULL,
	`message_sid` text NOT NULL,
	`message_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`inbox_id`, `message_sid`),
	FOREIGN KEY (`inbox_id`) REFERENCES `inboxes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inbound_phone_message_ids_message_idx` ON `inbound_phone_message_ids` (`message_id`);--> statement-breakpoint
CREATE TABLE `twilio_channels` (
	`inbox_id` integer PRIMARY KEY NOT NULL,
	`account_id` integer NOT NULL,
	`twilio_account_sid` text NOT NULL,
	`auth_token_encrypted` text NOT NULL,
	`phone_number` text,
	`messaging_service_sid` text,
	`medium` text DEFAULT 'sms' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`inbox_id`) REFERENCES `inboxes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `twilio_channels_sid_number_unique` ON `twilio_channels` (`twilio_account_sid`,`phone_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `twilio_channels_sid_service_unique` ON `twilio_channels` (`twilio_account_sid`,`messaging_service_sid`);--> statement-breakpoint
ALTER TABLE `contact_inboxes` ADD `opted_out_at` integer;--> statement-breakpoint
ALTER TABLE `contact_inboxes` ADD `last_inbound_at` integer;
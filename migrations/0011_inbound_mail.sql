CREATE TABLE `inbound_mail_ids` (
	`account_id` integer NOT NULL,
	`inbox_id` integer NOT NULL,
	`mail_id` text NOT NULL,
	`message_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`inbox_id`, `mail_id`),
	FOREIGN KEY (`inbox_id`) REFERENCES `inboxes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inbound_mail_ids_message_idx` ON `inbound_mail_ids` (`message_id`);--> statement-breakpoint
CREATE INDEX `messages_inbox_source_idx` ON `messages` (`inbox_id`,`source_id`);
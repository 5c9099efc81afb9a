CREATE TABLE `access_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_type` text NOT NULL,
	`owner_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `access_tokens_hash_unique` ON `access_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `access_tokens_owner_idx` ON `access_tokens` (`owner_type`,`owner_id`);--> statement-breakpoint
CREATE TABLE `account_users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`role` text NOT NULL,
	`inviter_id` integer,
	`availability` text DEFAULT 'offline' NOT NULL,
	`auto_offline` integer DEFAULT true NOT NULL,
	`active_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_users_account_user_unique` ON `account_users` (`account_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `account_users_user_idx` ON `account_users` (`user_id`);--> statement-breakpoint
CREATE TABLE `accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`locale` text DEFAULT 'en' NOT NULL,
	`domain` text,
	`support_email` text,
	`status` text DEFAULT 'active' NOT NULL,
	`features` text DEFAULT '{}' NOT NULL,
	`limits` text DEFAULT '{}' NOT NULL,
	`custom_attributes` text DEFAULT '{}' NOT NULL,
	`settings` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `agent_bots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer,
	`name` text NOT NULL,
	`description` text,
	`outgoing_url` text,
	`avatar_url` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `attachments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`message_id` integer NOT NULL,
	`file_type` text NOT NULL,
	`object_key` text NOT NULL,
	`content_type` text NOT NULL,
	`file_name` text NOT NULL,
	`extension` text,
	`file_size` integer NOT NULL,
	`width` integer,
	`height` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `attachments_message_idx` ON `attachments` (`message_id`);--> statement-breakpoint
CREATE TABLE `checklist_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`conversation_id` integer NOT NULL,
	`stage_id` integer NOT NULL,
	`title` text NOT NULL,
	`required` integer DEFAULT false NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`checked_at` integer,
	`checked_by_id` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `checklist_items_conversation_stage_idx` ON `checklist_items` (`conversation_id`,`stage_id`);--> statement-breakpoint
CREATE TABLE `contact_inboxes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`contact_id` integer NOT NULL,
	`inbox_id` integer NOT NULL,
	`source_id` text NOT NULL,
	`pubsub_token` text NOT NULL,
	`hmac_verified` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`inbox_id`) REFERENCES `inboxes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contact_inboxes_inbox_source_unique` ON `contact_inboxes` (`inbox_id`,`source_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `contact_inboxes_pubsub_unique` ON `contact_inboxes` (`pubsub_token`);--> statement-breakpoint
CREATE INDEX `contact_inboxes_contact_idx` ON `contact_inboxes` (`contact_id`);--> statement-breakpoint
CREATE TABLE `contact_labels` (
	`account_id` integer NOT NULL,
	`contact_id` integer NOT NULL,
	`label` text NOT NULL,
	PRIMARY KEY(`contact_id`, `label`),
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `contacts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`email` text,
	`phone_number` text,
	`identifier` text,
	`blocked` integer DEFAULT false NOT NULL,
	`avatar_key` text,
	`additional_attributes` text DEFAULT '{}' NOT NULL,
	`custom_attributes` text DEFAULT '{}' NOT NULL,
	`last_activity_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contacts_account_email_unique` ON `contacts` (`account_id`,`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `contacts_account_phone_unique` ON `contacts` (`account_id`,`phone_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `contacts_account_identifier_unique` ON `contacts` (`account_id`,`identifier`);--> statement-breakpoint
CREATE INDEX `contacts_account_name_idx` ON `contacts` (`account_id`,`name`);--> statement-breakpoint
CREATE INDEX `contacts_account_activity_idx` ON `contacts` (`account_id`,`last_activity_at`);--> statement-breakpoint
CREATE INDEX `contacts_account_created_idx` ON `contacts` (`account_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `conversation_labels` (
	`account_id` integer NOT NULL,
	`conversation_id` integer NOT NULL,
	`label` text NOT NULL,
	PRIMARY KEY(`conversation_id`, `label`),
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conversation_labels_account_label_idx` ON `conversation_labels` (`account_id`,`label`);--> statement-breakpoint
CREATE TABLE `conversation_products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`conversation_id` integer NOT NULL,
	`product_name` text NOT NULL,
	`product_value_minor` integer NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	`notes` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `conversation_products_conversation_idx` ON `conversation_products` (`conversation_id`);--> statement-breakpoint
CREATE TABLE `conversation_stages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`conversation_id` integer NOT NULL,
	`funnel_id` integer NOT NULL,
	`stage_id` integer NOT NULL,
	`entered_at` integer NOT NULL,
	`alerted_at` integer,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`funnel_id`) REFERENCES `funnels`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stage_id`) REFERENCES `funnel_stages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversation_stages_unique` ON `conversation_stages` (`conversation_id`,`funnel_id`);--> statement-breakpoint
CREATE INDEX `conversation_stages_stage_idx` ON `conversation_stages` (`stage_id`,`entered_at`);--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`display_id` integer NOT NULL,
	`uuid` text NOT NULL,
	`inbox_id` integer NOT NULL,
	`contact_id` integer NOT NULL,
	`contact_inbox_id` integer,
	`status` text DEFAULT 'open' NOT NULL,
	`priority` text,
	`assignee_id` integer,
	`assignee_type` text,
	`team_id` integer,
	`snoozed_until` integer,
	`waiting_since` integer,
	`first_reply_created_at` integer,
	`last_activity_at` integer DEFAULT (unixepoch()) NOT NULL,
	`agent_last_seen_at` integer,
	`assignee_last_seen_at` integer,
	`contact_last_seen_at` integer,
	`muted` integer DEFAULT false NOT NULL,
	`labels` text DEFAULT '[]' NOT NULL,
	`custom_attributes` text DEFAULT '{}' NOT NULL,
	`additional_attributes` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`inbox_id`) REFERENCES `inboxes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_inbox_id`) REFERENCES `contact_inboxes`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_account_display_unique` ON `conversations` (`account_id`,`display_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_uuid_unique` ON `conversations` (`uuid`);--> statement-breakpoint
CREATE INDEX `conversations_account_status_activity_idx` ON `conversations` (`account_id`,`status`,`last_activity_at`);--> statement-breakpoint
CREATE INDEX `conversations_inbox_idx` ON `conversations` (`inbox_id`,`status`);--> statement-breakpoint
CREATE INDEX `conversations_contact_idx` ON `conversations` (`contact_id`);--> statement-breakpoint
CREATE INDEX `conversations_assignee_idx` ON `conversations` (`account_id`,`assignee_id`);--> statement-breakpoint
CREATE INDEX `conversations_team_idx` ON `conversations` (`account_id`,`team_id`);--> statement-breakpoint
CREATE INDEX `conversations_snoozed_idx` ON `conversations` (`status`,`snoozed_until`);--> statement-breakpoint
CREATE TABLE `custom_attribute_definitions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`attribute_key` text NOT NULL,
	`attribute_display_name` text NOT NULL,
	`attribute_display_type` text NOT NULL,
	`attribute_model` text NOT NULL,
	`attribute_description` text,
	`attribute_values` text DEFAULT '[]' NOT NULL,
	`regex_pattern` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_attribute_definitions_unique` ON `custom_attribute_definitions` (`account_id`,`attribute_model`,`attribute_key`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`kind` text NOT NULL,
	`conversation_id` integer,
	`message_id` integer,
	`contact_id` integer,
	`inbox_id` integer,
	`changed_attributes` text DEFAULT '[]' NOT NULL,
	`data` text DEFAULT '{}' NOT NULL,
	`payload` text,
	`published_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `events_unpublished_idx` ON `events` (`published_at`,`id`);--> statement-breakpoint
CREATE INDEX `events_conversation_idx` ON `events` (`conversation_id`,`id`);--> statement-breakpoint
CREATE TABLE `funnel_stages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`funnel_id` integer NOT NULL,
	`name` text NOT NULL,
	`color` text DEFAULT '#1f93ff' NOT NULL,
	`position` integer NOT NULL,
	`time_limit_minutes` integer,
	`checklist_template` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`funnel_id`) REFERENCES `funnels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `funnel_stages_funnel_idx` ON `funnel_stages` (`funnel_id`,`position`);--> statement-breakpoint
CREATE TABLE `funnels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `funnels_account_idx` ON `funnels` (`account_id`);--> statement-breakpoint
CREATE TABLE `inbox_members` (
	`account_id` integer NOT NULL,
	`inbox_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`inbox_id`, `user_id`),
	FOREIGN KEY (`inbox_id`) REFERENCES `inboxes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inbox_members_user_idx` ON `inbox_members` (`account_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `inboxes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`name` text NOT NULL,
	`channel_type` text NOT NULL,
	`identifier` text,
	`hmac_token` text,
	`hmac_mandatory` integer DEFAULT false NOT NULL,
	`webhook_url` text,
	`email` text,
	`phone_number` text,
	`settings` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inboxes_identifier_unique` ON `inboxes` (`identifier`);--> statement-breakpoint
CREATE INDEX `inboxes_account_idx` ON `inboxes` (`account_id`);--> statement-breakpoint
CREATE TABLE `labels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`color` text DEFAULT '#1f93ff' NOT NULL,
	`show_on_sidebar` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `labels_account_title_unique` ON `labels` (`account_id`,`title`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`inbox_id` integer NOT NULL,
	`conversation_id` integer NOT NULL,
	`message_type` integer NOT NULL,
	`content_type` text DEFAULT 'text' NOT NULL,
	`content` text,
	`content_attributes` text DEFAULT '{}' NOT NULL,
	`additional_attributes` text DEFAULT '{}' NOT NULL,
	`external_source_ids` text DEFAULT '{}' NOT NULL,
	`private` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'sent' NOT NULL,
	`source_id` text,
	`sender_type` text,
	`sender_id` integer,
	`echo_id` text,
	`deleted_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `messages_conversation_idx` ON `messages` (`conversation_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `messages_conversation_echo_unique` ON `messages` (`conversation_id`,`echo_id`);--> statement-breakpoint
CREATE INDEX `messages_account_idx` ON `messages` (`account_id`,`id`);--> statement-breakpoint
CREATE TABLE `platform_app_permissibles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`platform_app_id` integer NOT NULL,
	`permissible_type` text NOT NULL,
	`permissible_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`platform_app_id`) REFERENCES `platform_apps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `platform_app_permissibles_unique` ON `platform_app_permissibles` (`platform_app_id`,`permissible_type`,`permissible_id`);--> statement-breakpoint
CREATE TABLE `platform_apps` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `stage_transitions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`conversation_id` integer NOT NULL,
	`funnel_id` integer NOT NULL,
	`from_stage_id` integer,
	`to_stage_id` integer,
	`actor_type` text,
	`actor_id` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `stage_transitions_conversation_idx` ON `stage_transitions` (`conversation_id`,`id`);--> statement-breakpoint
CREATE TABLE `stopwatches` (
	`conversation_id` integer PRIMARY KEY NOT NULL,
	`account_id` integer NOT NULL,
	`accumulated_seconds` integer DEFAULT 0 NOT NULL,
	`running_since` integer,
	`started_by_id` integer,
	`updated_by_id` integer,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `team_members` (
	`account_id` integer NOT NULL,
	`team_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`team_id`, `user_id`),
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `teams` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`allow_auto_assign` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `teams_account_name_unique` ON `teams` (`account_id`,`name`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`display_name` text,
	`email` text NOT NULL,
	`message_signature` text,
	`ui_settings` text DEFAULT '{}' NOT NULL,
	`custom_attributes` text DEFAULT '{}' NOT NULL,
	`pubsub_token` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`webhook_id` integer,
	`inbox_id` integer,
	`event_id` integer NOT NULL,
	`event` text NOT NULL,
	`message_id` text NOT NULL,
	`url` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_response_code` integer,
	`last_error` text,
	`next_attempt_at` integer,
	`delivered_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_message_unique` ON `webhook_deliveries` (`message_id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_webhook_idx` ON `webhook_deliveries` (`webhook_id`,`id`);--> statement-breakpoint
CREATE TABLE `webhooks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`inbox_id` integer,
	`name` text,
	`url` text NOT NULL,
	`subscriptions` text NOT NULL,
	`secret` text NOT NULL,
	`disabled_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhooks_account_idx` ON `webhooks` (`account_id`);
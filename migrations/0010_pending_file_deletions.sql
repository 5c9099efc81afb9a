CREATE TABLE `pending_file_deletions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` integer NOT NULL,
	`object_key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `pending_file_deletions_account_idx` ON `pending_file_deletions` (`account_id`,`id`);--> statement-breakpoint
CREATE INDEX `pending_file_deletions_key_idx` ON `pending_file_deletions` (`object_key`);
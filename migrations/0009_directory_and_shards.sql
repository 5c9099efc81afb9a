CREATE TABLE `account_shards` (
	`account_id` integer PRIMARY KEY NOT NULL,
	`shard` integer NOT NULL,
	`read_only` integer DEFAULT false NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `inbox_routes` (
	`identifier` text PRIMARY KEY NOT NULL,
	`account_id` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inbox_routes_account_idx` ON `inbox_routes` (`account_id`);
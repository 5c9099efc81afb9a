-- Contact search reads its candidates newest first (issue 34), as message search does since 0027:
-- FTS5 walks a doclist cheaply in rowid order and dearly against it. On the scale bench's shard
-- of 1.1M contacts, the account's newest 31 candidates of `contact`, `contact5` and `contact12`
-- took 2.9–3.7 ms with rowid = contact id read in descending order, and 1.7–1.8 ms with
-- rowid = −(contact id) read in ascending order (node:sqlite, both indexes built the same way).
-- So the index is rebuilt with rowid = −id; everything else is as 0021 made it
-- (worker/db/queries/contact-search-index.ts reads it). Written with
-- `drizzle-kit generate --custom`, since drizzle-kit cannot express FTS5 or triggers.
DROP TRIGGER `contacts_search_insert`;
--> statement-breakpoint
DROP TRIGGER `contacts_search_update`;
--> statement-breakpoint
DROP TRIGGER `contacts_search_delete`;
--> statement-breakpoint
DROP TABLE `contacts_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `contacts_search` USING fts5(
	`name`, `email`, `phone_number`, `identifier`, `account`,
	content='', contentless_delete=1, detail='none', tokenize='trigram'
);
--> statement-breakpoint
INSERT INTO `contacts_search` (`rowid`, `name`, `email`, `phone_number`, `identifier`, `account`)
	SELECT -`id`, `name`, `email`, `phone_number`, `identifier`,
		char(1048576 + ((`account_id` >> 48) & 65535), 1048576 + ((`account_id` >> 32) & 65535), 1048576 + ((`account_id` >> 16) & 65535), 1048576 + (`account_id` & 65535))
	FROM `contacts` ORDER BY `id` DESC;
--> statement-breakpoint
CREATE TRIGGER `contacts_search_insert` AFTER INSERT ON `contacts` BEGIN
	INSERT INTO `contacts_search` (`rowid`, `name`, `email`, `phone_number`, `identifier`, `account`)
		VALUES (-new.`id`, new.`name`, new.`email`, new.`phone_number`, new.`identifier`,
			char(1048576 + ((new.`account_id` >> 48) & 65535), 1048576 + ((new.`account_id` >> 32) & 65535), 1048576 + ((new.`account_id` >> 16) & 65535), 1048576 + (new.`account_id` & 65535)));
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_search_update` AFTER UPDATE OF `id`, `account_id`, `name`, `email`, `phone_number`, `identifier` ON `contacts`
	WHEN old.`id` IS NOT new.`id` OR old.`account_id` IS NOT new.`account_id` OR old.`name` IS NOT new.`name`
		OR old.`email` IS NOT new.`email` OR old.`phone_number` IS NOT new.`phone_number` OR old.`identifier` IS NOT new.`identifier`
BEGIN
	DELETE FROM `contacts_search` WHERE `rowid` = -old.`id`;
	INSERT INTO `contacts_search` (`rowid`, `name`, `email`, `phone_number`, `identifier`, `account`)
		VALUES (-new.`id`, new.`name`, new.`email`, new.`phone_number`, new.`identifier`,
			char(1048576 + ((new.`account_id` >> 48) & 65535), 1048576 + ((new.`account_id` >> 32) & 65535), 1048576 + ((new.`account_id` >> 16) & 65535), 1048576 + (new.`account_id` & 65535)));
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_search_delete` AFTER DELETE ON `contacts` BEGIN
	DELETE FROM `contacts_search` WHERE `rowid` = -old.`id`;
END;

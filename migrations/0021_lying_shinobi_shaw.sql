CREATE INDEX `contacts_account_name_lower_idx` ON `contacts` (`account_id`,lower("name"));
--> statement-breakpoint
-- Contact search per account (issue 34; worker/db/queries/contact-search-index.ts). The trigram
-- index of 0004 had one rowid space for the whole shard, so a MATCH read every tenant's entries
-- and they counted toward its caps. Rebuilt with rowid = account_id * 2^32 + contact id: a
-- MATCH with a rowid range reads only one account's entries, in contact id order. Same options
-- as 0004 (contentless with contentless_delete, detail=none, trigram tokenizer), written by hand
-- after the generated index above: drizzle-kit cannot express FTS5 tables or triggers.
DROP TRIGGER `contacts_search_insert`;
--> statement-breakpoint
DROP TRIGGER `contacts_search_update`;
--> statement-breakpoint
DROP TRIGGER `contacts_search_delete`;
--> statement-breakpoint
DROP TABLE `contacts_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `contacts_search` USING fts5(
	`name`, `email`, `phone_number`, `identifier`,
	content='', contentless_delete=1, detail='none', tokenize='trigram'
);
--> statement-breakpoint
INSERT INTO `contacts_search` (`rowid`, `name`, `email`, `phone_number`, `identifier`)
	SELECT `account_id` * 4294967296 + `id`, `name`, `email`, `phone_number`, `identifier` FROM `contacts`;
--> statement-breakpoint
CREATE TRIGGER `contacts_search_insert` AFTER INSERT ON `contacts` BEGIN
	INSERT INTO `contacts_search` (`rowid`, `name`, `email`, `phone_number`, `identifier`)
		VALUES (new.`account_id` * 4294967296 + new.`id`, new.`name`, new.`email`, new.`phone_number`, new.`identifier`);
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_search_update` AFTER UPDATE OF `id`, `account_id`, `name`, `email`, `phone_number`, `identifier` ON `contacts`
	WHEN old.`id` IS NOT new.`id` OR old.`account_id` IS NOT new.`account_id` OR old.`name` IS NOT new.`name`
		OR old.`email` IS NOT new.`email` OR old.`phone_number` IS NOT new.`phone_number` OR old.`identifier` IS NOT new.`identifier`
BEGIN
	DELETE FROM `contacts_search` WHERE `rowid` = old.`account_id` * 4294967296 + old.`id`;
	INSERT INTO `contacts_search` (`rowid`, `name`, `email`, `phone_number`, `identifier`)
		VALUES (new.`account_id` * 4294967296 + new.`id`, new.`name`, new.`email`, new.`phone_number`, new.`identifier`);
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_search_delete` AFTER DELETE ON `contacts` BEGIN
	DELETE FROM `contacts_search` WHERE `rowid` = old.`account_id` * 4294967296 + old.`id`;
END;

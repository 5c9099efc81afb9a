CREATE INDEX `contacts_account_name_lower_idx` ON `contacts` (`account_id`,lower("name"));
--> statement-breakpoint
-- Contact search per account (issue 34; worker/db/queries/contact-search-index.ts). The trigram
-- index of 0004 was one index for the whole shard, so a MATCH read every tenant's entries and
-- they counted toward its caps. Rebuilt with a fifth column, `account`: the account id as four
-- characters of the private use plane 16, one per 16 bits, so its two trigrams are the
-- account's own. A MATCH that ANDs them with the term's trigrams reaches only this account's
-- rows (FTS5 skips through the account's doclist by its doclist index). Same options as 0004
-- (contentless with contentless_delete, detail=none, trigram tokenizer; rowid = contact id),
-- written by hand after the generated index above: drizzle-kit cannot express FTS5 or triggers.
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
	SELECT `id`, `name`, `email`, `phone_number`, `identifier`,
		char(1048576 + ((`account_id` >> 48) & 65535), 1048576 + ((`account_id` >> 32) & 65535), 1048576 + ((`account_id` >> 16) & 65535), 1048576 + (`account_id` & 65535)) FROM `contacts`;
--> statement-breakpoint
CREATE TRIGGER `contacts_search_insert` AFTER INSERT ON `contacts` BEGIN
	INSERT INTO `contacts_search` (`rowid`, `name`, `email`, `phone_number`, `identifier`, `account`)
		VALUES (new.`id`, new.`name`, new.`email`, new.`phone_number`, new.`identifier`,
			char(1048576 + ((new.`account_id` >> 48) & 65535), 1048576 + ((new.`account_id` >> 32) & 65535), 1048576 + ((new.`account_id` >> 16) & 65535), 1048576 + (new.`account_id` & 65535)));
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_search_update` AFTER UPDATE OF `id`, `account_id`, `name`, `email`, `phone_number`, `identifier` ON `contacts`
	WHEN old.`id` IS NOT new.`id` OR old.`account_id` IS NOT new.`account_id` OR old.`name` IS NOT new.`name`
		OR old.`email` IS NOT new.`email` OR old.`phone_number` IS NOT new.`phone_number` OR old.`identifier` IS NOT new.`identifier`
BEGIN
	DELETE FROM `contacts_search` WHERE `rowid` = old.`id`;
	INSERT INTO `contacts_search` (`rowid`, `name`, `email`, `phone_number`, `identifier`, `account`)
		VALUES (new.`id`, new.`name`, new.`email`, new.`phone_number`, new.`identifier`,
			char(1048576 + ((new.`account_id` >> 48) & 65535), 1048576 + ((new.`account_id` >> 32) & 65535), 1048576 + ((new.`account_id` >> 16) & 65535), 1048576 + (new.`account_id` & 65535)));
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_search_delete` AFTER DELETE ON `contacts` BEGIN
	DELETE FROM `contacts_search` WHERE `rowid` = old.`id`;
END;

-- Contact search (worker/db/queries/contact-search.ts): a trigram index over the four searched
-- columns, used only to narrow the candidates; the exact LIKE/instr predicate still decides.
-- Contentless with contentless_delete (rows are removed by rowid alone, whatever was indexed)
-- and detail=none (rowids only, no positions: queries AND trigrams of the term), so the index
-- stays small. The trigram tokenizer folds case, which finds a superset of both the
-- case-insensitive LIKE and the case-sensitive identifier match.
-- Note: `wrangler d1 export` refuses databases holding FTS5 tables.
CREATE VIRTUAL TABLE `contacts_search` USING fts5(
	`name`, `email`, `phone_number`, `identifier`,
	content='', contentless_delete=1, detail='none', tokenize='trigram'
);
--> statement-breakpoint
INSERT INTO `contacts_search` (`rowid`, `name`, `email`, `phone_number`, `identifier`)
	SELECT `id`, `name`, `email`, `phone_number`, `identifier` FROM `contacts`;
--> statement-breakpoint
CREATE TRIGGER `contacts_search_insert` AFTER INSERT ON `contacts` BEGIN
	INSERT INTO `contacts_search` (`rowid`, `name`, `email`, `phone_number`, `identifier`)
		VALUES (new.`id`, new.`name`, new.`email`, new.`phone_number`, new.`identifier`);
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_search_update` AFTER UPDATE OF `id`, `name`, `email`, `phone_number`, `identifier` ON `contacts`
	WHEN old.`id` IS NOT new.`id` OR old.`name` IS NOT new.`name` OR old.`email` IS NOT new.`email`
		OR old.`phone_number` IS NOT new.`phone_number` OR old.`identifier` IS NOT new.`identifier`
BEGIN
	DELETE FROM `contacts_search` WHERE `rowid` = old.`id`;
	INSERT INTO `contacts_search` (`rowid`, `name`, `email`, `phone_number`, `identifier`)
		VALUES (new.`id`, new.`name`, new.`email`, new.`phone_number`, new.`identifier`);
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_search_delete` AFTER DELETE ON `contacts` BEGIN
	DELETE FROM `contacts_search` WHERE `rowid` = old.`id`;
END;

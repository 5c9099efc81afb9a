-- Message search per account (issue 34; worker/db/queries/conversations/message-search.ts). The
-- conversation list's `q` walked the account's conversations and tested each one's messages with
-- LIKE. This is the index contacts have (0021): a contentless FTS5 table with the trigram
-- tokenizer and no positions (detail=none), rowid = message id, over the text of incoming and
-- outgoing messages (what the search looks in), with a second column `account` holding the
-- account id as four characters of the private use plane 16, so a MATCH that ANDs its two
-- trigrams reaches only this account's messages. Kept by the triggers below; written with
-- `drizzle-kit generate --custom`, since drizzle-kit cannot express FTS5 or triggers.
CREATE VIRTUAL TABLE `messages_search` USING fts5(
	`content`, `account`,
	content='', contentless_delete=1, detail='none', tokenize='trigram'
);
--> statement-breakpoint
INSERT INTO `messages_search` (`rowid`, `content`, `account`)
	SELECT `id`, `content`,
		char(1048576 + ((`account_id` >> 48) & 65535), 1048576 + ((`account_id` >> 32) & 65535), 1048576 + ((`account_id` >> 16) & 65535), 1048576 + (`account_id` & 65535))
	FROM `messages` WHERE `message_type` IN (0, 1) AND `content` <> '';
--> statement-breakpoint
CREATE TRIGGER `messages_search_insert` AFTER INSERT ON `messages`
	WHEN new.`message_type` IN (0, 1) AND new.`content` <> ''
BEGIN
	INSERT INTO `messages_search` (`rowid`, `content`, `account`)
		VALUES (new.`id`, new.`content`,
			char(1048576 + ((new.`account_id` >> 48) & 65535), 1048576 + ((new.`account_id` >> 32) & 65535), 1048576 + ((new.`account_id` >> 16) & 65535), 1048576 + (new.`account_id` & 65535)));
END;
--> statement-breakpoint
CREATE TRIGGER `messages_search_update` AFTER UPDATE OF `id`, `account_id`, `message_type`, `content` ON `messages`
	WHEN old.`id` IS NOT new.`id` OR old.`account_id` IS NOT new.`account_id`
		OR old.`message_type` IS NOT new.`message_type` OR old.`content` IS NOT new.`content`
BEGIN
	DELETE FROM `messages_search` WHERE `rowid` = old.`id`;
	INSERT INTO `messages_search` (`rowid`, `content`, `account`)
		SELECT new.`id`, new.`content`,
			char(1048576 + ((new.`account_id` >> 48) & 65535), 1048576 + ((new.`account_id` >> 32) & 65535), 1048576 + ((new.`account_id` >> 16) & 65535), 1048576 + (new.`account_id` & 65535))
		WHERE new.`message_type` IN (0, 1) AND new.`content` <> '';
END;
--> statement-breakpoint
CREATE TRIGGER `messages_search_delete` AFTER DELETE ON `messages` BEGIN
	DELETE FROM `messages_search` WHERE `rowid` = old.`id`;
END;

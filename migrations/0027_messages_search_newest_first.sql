-- Message search reads its candidates newest first (issue 34). FTS5 walks a doclist cheaply in
-- rowid order and dearly against it: on the scale bench's shard (150,000 messages of one account
-- and 15,000 of a neighbour's), the newest 28 candidates of `conversation 21` took 6.1 ms with
-- rowid = message id read in descending order, and 0.7 ms with rowid = −(message id) read in
-- ascending order; `Message 2 of` 2.6 → 0.25 ms (node:sqlite, median of 21, both indexes built
-- the same way). So the index is rebuilt with rowid = −id; everything else is as 0022 made it
-- (worker/db/queries/conversations/message-search.ts reads it). Written with
-- `drizzle-kit generate --custom`, since drizzle-kit cannot express FTS5 or triggers.
DROP TRIGGER `messages_search_insert`;
--> statement-breakpoint
DROP TRIGGER `messages_search_update`;
--> statement-breakpoint
DROP TRIGGER `messages_search_delete`;
--> statement-breakpoint
DROP TABLE `messages_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `messages_search` USING fts5(
	`content`, `account`,
	content='', contentless_delete=1, detail='none', tokenize='trigram'
);
--> statement-breakpoint
INSERT INTO `messages_search` (`rowid`, `content`, `account`)
	SELECT -`id`, `content`,
		char(1048576 + ((`account_id` >> 48) & 65535), 1048576 + ((`account_id` >> 32) & 65535), 1048576 + ((`account_id` >> 16) & 65535), 1048576 + (`account_id` & 65535))
	FROM `messages` WHERE `message_type` IN (0, 1) AND `content` <> ''
	ORDER BY `id` DESC;
--> statement-breakpoint
CREATE TRIGGER `messages_search_insert` AFTER INSERT ON `messages`
	WHEN new.`message_type` IN (0, 1) AND new.`content` <> ''
BEGIN
	INSERT INTO `messages_search` (`rowid`, `content`, `account`)
		VALUES (-new.`id`, new.`content`,
			char(1048576 + ((new.`account_id` >> 48) & 65535), 1048576 + ((new.`account_id` >> 32) & 65535), 1048576 + ((new.`account_id` >> 16) & 65535), 1048576 + (new.`account_id` & 65535)));
END;
--> statement-breakpoint
CREATE TRIGGER `messages_search_update` AFTER UPDATE OF `id`, `account_id`, `message_type`, `content` ON `messages`
	WHEN old.`id` IS NOT new.`id` OR old.`account_id` IS NOT new.`account_id`
		OR old.`message_type` IS NOT new.`message_type` OR old.`content` IS NOT new.`content`
BEGIN
	DELETE FROM `messages_search` WHERE `rowid` = -old.`id`;
	INSERT INTO `messages_search` (`rowid`, `content`, `account`)
		SELECT -new.`id`, new.`content`,
			char(1048576 + ((new.`account_id` >> 48) & 65535), 1048576 + ((new.`account_id` >> 32) & 65535), 1048576 + ((new.`account_id` >> 16) & 65535), 1048576 + (new.`account_id` & 65535))
		WHERE new.`message_type` IN (0, 1) AND new.`content` <> '';
END;
--> statement-breakpoint
CREATE TRIGGER `messages_search_delete` AFTER DELETE ON `messages` BEGIN
	DELETE FROM `messages_search` WHERE `rowid` = -old.`id`;
END;

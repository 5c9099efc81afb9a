CREATE TABLE `conversation_counters` (
	`account_id` integer NOT NULL,
	`status` text NOT NULL,
	`inbox_id` integer NOT NULL,
	`assignee_type` text NOT NULL,
	`assignee_id` integer NOT NULL,
	`conversation_count` integer NOT NULL,
	PRIMARY KEY(`account_id`, `status`, `inbox_id`, `assignee_type`, `assignee_id`)
);
--> statement-breakpoint
-- Counters of conversations per (account, status, inbox, assignee) bucket, for the list's and
-- meta's counts (worker/db/queries/conversation-counters.ts). Kept by these triggers inside the
-- statement that writes a conversation, whoever writes it (requests, cron, queues, cascades):
-- exact by construction. Unassigned is ('', 0); a bucket that empties is deleted.
INSERT INTO `conversation_counters` (`account_id`, `status`, `inbox_id`, `assignee_type`, `assignee_id`, `conversation_count`)
	SELECT `account_id`, `status`, `inbox_id`,
		CASE WHEN `assignee_id` IS NULL THEN '' ELSE coalesce(`assignee_type`, '') END,
		coalesce(`assignee_id`, 0), count(*)
	FROM `conversations` GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
CREATE TRIGGER `conversation_counters_insert` AFTER INSERT ON `conversations` BEGIN
	INSERT INTO `conversation_counters` (`account_id`, `status`, `inbox_id`, `assignee_type`, `assignee_id`, `conversation_count`)
		VALUES (new.`account_id`, new.`status`, new.`inbox_id`,
			CASE WHEN new.`assignee_id` IS NULL THEN '' ELSE coalesce(new.`assignee_type`, '') END,
			coalesce(new.`assignee_id`, 0), 1)
		ON CONFLICT (`account_id`, `status`, `inbox_id`, `assignee_type`, `assignee_id`)
		DO UPDATE SET `conversation_count` = `conversation_count` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_counters_delete` AFTER DELETE ON `conversations` BEGIN
	UPDATE `conversation_counters` SET `conversation_count` = `conversation_count` - 1
		WHERE `account_id` = old.`account_id` AND `status` = old.`status` AND `inbox_id` = old.`inbox_id`
			AND `assignee_type` = CASE WHEN old.`assignee_id` IS NULL THEN '' ELSE coalesce(old.`assignee_type`, '') END
			AND `assignee_id` = coalesce(old.`assignee_id`, 0);
	DELETE FROM `conversation_counters`
		WHERE `account_id` = old.`account_id` AND `status` = old.`status` AND `inbox_id` = old.`inbox_id`
			AND `assignee_type` = CASE WHEN old.`assignee_id` IS NULL THEN '' ELSE coalesce(old.`assignee_type`, '') END
			AND `assignee_id` = coalesce(old.`assignee_id`, 0) AND `conversation_count` <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `conversation_counters_update` AFTER UPDATE OF `account_id`, `status`, `inbox_id`, `assignee_id`, `assignee_type` ON `conversations`
	WHEN old.`account_id` IS NOT new.`account_id` OR old.`status` IS NOT new.`status` OR old.`inbox_id` IS NOT new.`inbox_id`
		OR old.`assignee_id` IS NOT new.`assignee_id` OR old.`assignee_type` IS NOT new.`assignee_type`
BEGIN
	UPDATE `conversation_counters` SET `conversation_count` = `conversation_count` - 1
		WHERE `account_id` = old.`account_id` AND `status` = old.`status` AND `inbox_id` = old.`inbox_id`
			AND `assignee_type` = CASE WHEN old.`assignee_id` IS NULL THEN '' ELSE coalesce(old.`assignee_type`, '') END
			AND `assignee_id` = coalesce(old.`assignee_id`, 0);
	DELETE FROM `conversation_counters`
		WHERE `account_id` = old.`account_id` AND `status` = old.`status` AND `inbox_id` = old.`inbox_id`
			AND `assignee_type` = CASE WHEN old.`assignee_id` IS NULL THEN '' ELSE coalesce(old.`assignee_type`, '') END
			AND `assignee_id` = coalesce(old.`assignee_id`, 0) AND `conversation_count` <= 0;
	INSERT INTO `conversation_counters` (`account_id`, `status`, `inbox_id`, `assignee_type`, `assignee_id`, `conversation_count`)
		VALUES (new.`account_id`, new.`status`, new.`inbox_id`,
			CASE WHEN new.`assignee_id` IS NULL THEN '' ELSE coalesce(new.`assignee_type`, '') END,
			coalesce(new.`assignee_id`, 0), 1)
		ON CONFLICT (`account_id`, `status`, `inbox_id`, `assignee_type`, `assignee_id`)
		DO UPDATE SET `conversation_count` = `conversation_count` + 1;
END;

DROP INDEX `conversation_stages_stage_idx`;--> statement-breakpoint
CREATE INDEX `conversation_stages_funnel_idx` ON `conversation_stages` (`funnel_id`);--> statement-breakpoint
CREATE INDEX `conversation_stages_stage_idx` ON `conversation_stages` (`stage_id`,`entered_at`,`conversation_id`);--> statement-breakpoint
CREATE INDEX `checklist_items_stage_idx` ON `checklist_items` (`stage_id`);--> statement-breakpoint
CREATE INDEX `conversation_products_line_idx` ON `conversation_products` (`conversation_id`,`product_value_minor`,`quantity`);--> statement-breakpoint
CREATE INDEX `stage_transitions_funnel_idx` ON `stage_transitions` (`funnel_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `webhooks_account_url_unique` ON `webhooks` (`account_id`,`url`);
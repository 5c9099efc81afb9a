-- Custom SQL migration file, put your code below! --
-- Sums every reporting event into report_sums (per minute, hour and day, for the account, agent,
-- inbox and team), as worker/db/queries/reporting-events.ts writes them from now on. The view holds
-- the sums once, in the order of the columns of report_sums. Each INSERT takes one dimension and
-- span of it, which SQLite pushes down into the view, so every statement stays well inside the
-- 30 s limit of D1 on a shard of millions of events.
CREATE VIEW report_sums_backfill AS
SELECT e.account_id, d.dimension, CASE d.dimension WHEN 'account' THEN 0 WHEN 'agent' THEN e.user_id WHEN 'inbox' THEN e.inbox_id ELSE e.team_id END AS dimension_id, s.span,
  e.created_at - e.created_at % s.span AS bucket,
  sum(case when e.name = 'conversation_created' then 1 else 0 end) AS conversation_created_count,
  sum(case when e.name = 'conversation_created' then coalesce(e.value, 0) else 0 end) AS conversation_created_total,
  sum(case when e.name = 'conversation_created' then coalesce(e.value_in_business_hours, e.value, 0) else 0 end) AS conversation_created_total_bh,
  sum(case when e.name = 'incoming_message' then 1 else 0 end) AS incoming_message_count,
  sum(case when e.name = 'incoming_message' then coalesce(e.value, 0) else 0 end) AS incoming_message_total,
  sum(case when e.name = 'incoming_message' then coalesce(e.value_in_business_hours, e.value, 0) else 0 end) AS incoming_message_total_bh,
  sum(case when e.name = 'outgoing_message' then 1 else 0 end) AS outgoing_message_count,
  sum(case when e.name = 'outgoing_message' then coalesce(e.value, 0) else 0 end) AS outgoing_message_total,
  sum(case when e.name = 'outgoing_message' then coalesce(e.value_in_business_hours, e.value, 0) else 0 end) AS outgoing_message_total_bh,
  sum(case when e.name = 'first_response' then 1 else 0 end) AS first_response_count,
  sum(case when e.name = 'first_response' then coalesce(e.value, 0) else 0 end) AS first_response_total,
  sum(case when e.name = 'first_response' then coalesce(e.value_in_business_hours, e.value, 0) else 0 end) AS first_response_total_bh,
  sum(case when e.name = 'reply_time' then 1 else 0 end) AS reply_time_count,
  sum(case when e.name = 'reply_time' then coalesce(e.value, 0) else 0 end) AS reply_time_total,
  sum(case when e.name = 'reply_time' then coalesce(e.value_in_business_hours, e.value, 0) else 0 end) AS reply_time_total_bh,
  sum(case when e.name = 'conversation_resolved' then 1 else 0 end) AS conversation_resolved_count,
  sum(case when e.name = 'conversation_resolved' then coalesce(e.value, 0) else 0 end) AS conversation_resolved_total,
  sum(case when e.name = 'conversation_resolved' then coalesce(e.value_in_business_hours, e.value, 0) else 0 end) AS conversation_resolved_total_bh
FROM (SELECT 'account' AS dimension UNION ALL SELECT 'agent' UNION ALL SELECT 'inbox' UNION ALL SELECT 'team') d
CROSS JOIN (SELECT 60 AS span UNION ALL SELECT 3600 UNION ALL SELECT 86400) s
CROSS JOIN reporting_events e
WHERE CASE d.dimension WHEN 'account' THEN 0 WHEN 'agent' THEN e.user_id WHEN 'inbox' THEN e.inbox_id ELSE e.team_id END IS NOT NULL
GROUP BY 1, 2, 3, 4, 5;
INSERT INTO report_sums SELECT * FROM report_sums_backfill WHERE dimension = 'account' AND span = 60;
INSERT INTO report_sums SELECT * FROM report_sums_backfill WHERE dimension = 'account' AND span = 3600;
INSERT INTO report_sums SELECT * FROM report_sums_backfill WHERE dimension = 'account' AND span = 86400;
INSERT INTO report_sums SELECT * FROM report_sums_backfill WHERE dimension = 'agent' AND span = 60;
INSERT INTO report_sums SELECT * FROM report_sums_backfill WHERE dimension = 'agent' AND span = 3600;
INSERT INTO report_sums SELECT * FROM report_sums_backfill WHERE dimension = 'agent' AND span = 86400;
INSERT INTO report_sums SELECT * FROM report_sums_backfill WHERE dimension = 'inbox' AND span = 60;
INSERT INTO report_sums SELECT * FROM report_sums_backfill WHERE dimension = 'inbox' AND span = 3600;
INSERT INTO report_sums SELECT * FROM report_sums_backfill WHERE dimension = 'inbox' AND span = 86400;
INSERT INTO report_sums SELECT * FROM report_sums_backfill WHERE dimension = 'team' AND span = 60;
INSERT INTO report_sums SELECT * FROM report_sums_backfill WHERE dimension = 'team' AND span = 3600;
INSERT INTO report_sums SELECT * FROM report_sums_backfill WHERE dimension = 'team' AND span = 86400;
DROP VIEW report_sums_backfill;

-- Custom SQL migration file, put your code below! --
-- Sums every reporting event into report_sums (per minute, hour and day; account, agent, inbox
-- and team), as worker/db/queries/reporting-events.ts writes them from now on.
INSERT INTO report_sums (account_id, dimension, dimension_id, span, bucket, conversation_created_count, conversation_created_total, conversation_created_total_bh, incoming_message_count, incoming_message_total, incoming_message_total_bh, outgoing_message_count, outgoing_message_total, outgoing_message_total_bh, first_response_count, first_response_total, first_response_total_bh, reply_time_count, reply_time_total, reply_time_total_bh, conversation_resolved_count, conversation_resolved_total, conversation_resolved_total_bh)
SELECT * FROM (SELECT ev.account_id, d.dimension, case d.dimension when 'account' then 0 when 'agent' then ev.user_id when 'inbox' then ev.inbox_id else ev.team_id end AS dimension_id, s.span,
  ev.created_at - ev.created_at % s.span AS bucket,
  sum(case when ev.name = 'conversation_created' then 1 else 0 end) as c0,
  sum(case when ev.name = 'conversation_created' then coalesce(ev.value, 0) else 0 end) as c1,
  sum(case when ev.name = 'conversation_created' then coalesce(ev.value_in_business_hours, ev.value, 0) else 0 end) as c2,
  sum(case when ev.name = 'incoming_message' then 1 else 0 end) as c3,
  sum(case when ev.name = 'incoming_message' then coalesce(ev.value, 0) else 0 end) as c4,
  sum(case when ev.name = 'incoming_message' then coalesce(ev.value_in_business_hours, ev.value, 0) else 0 end) as c5,
  sum(case when ev.name = 'outgoing_message' then 1 else 0 end) as c6,
  sum(case when ev.name = 'outgoing_message' then coalesce(ev.value, 0) else 0 end) as c7,
  sum(case when ev.name = 'outgoing_message' then coalesce(ev.value_in_business_hours, ev.value, 0) else 0 end) as c8,
  sum(case when ev.name = 'first_response' then 1 else 0 end) as c9,
  sum(case when ev.name = 'first_response' then coalesce(ev.value, 0) else 0 end) as c10,
  sum(case when ev.name = 'first_response' then coalesce(ev.value_in_business_hours, ev.value, 0) else 0 end) as c11,
  sum(case when ev.name = 'reply_time' then 1 else 0 end) as c12,
  sum(case when ev.name = 'reply_time' then coalesce(ev.value, 0) else 0 end) as c13,
  sum(case when ev.name = 'reply_time' then coalesce(ev.value_in_business_hours, ev.value, 0) else 0 end) as c14,
  sum(case when ev.name = 'conversation_resolved' then 1 else 0 end) as c15,
  sum(case when ev.name = 'conversation_resolved' then coalesce(ev.value, 0) else 0 end) as c16,
  sum(case when ev.name = 'conversation_resolved' then coalesce(ev.value_in_business_hours, ev.value, 0) else 0 end) as c17
FROM reporting_events ev
CROSS JOIN (SELECT 'account' AS dimension UNION ALL SELECT 'agent' UNION ALL SELECT 'inbox' UNION ALL SELECT 'team') d
CROSS JOIN (SELECT 60 AS span UNION ALL SELECT 3600 UNION ALL SELECT 86400) s
WHERE case d.dimension when 'account' then 0 when 'agent' then ev.user_id when 'inbox' then ev.inbox_id else ev.team_id end IS NOT NULL
GROUP BY 1, 2, 3, 4, 5)
WHERE c0 <> 0 or c1 <> 0 or c2 <> 0 or c3 <> 0 or c4 <> 0 or c5 <> 0 or c6 <> 0 or c7 <> 0 or c8 <> 0 or c9 <> 0 or c10 <> 0 or c11 <> 0 or c12 <> 0 or c13 <> 0 or c14 <> 0 or c15 <> 0 or c16 <> 0 or c17 <> 0;

-- Custom SQL migration file, put your code below! --
-- Sums every reporting event into report_sums (per minute, hour and day, for the account, agent,
-- inbox and team), as worker/db/queries/reporting-events.ts writes them from now on. One statement
-- per dimension and span keeps each well inside the 30 s limit of D1 on a shard of millions of
-- events: over the 1.24M events of the million-row shard of the bench the slowest took 1.9 s.
INSERT INTO report_sums (account_id, dimension, dimension_id, span, bucket, conversation_created_count, conversation_created_total, conversation_created_total_bh, incoming_message_count, incoming_message_total, incoming_message_total_bh, outgoing_message_count, outgoing_message_total, outgoing_message_total_bh, first_response_count, first_response_total, first_response_total_bh, reply_time_count, reply_time_total, reply_time_total_bh, conversation_resolved_count, conversation_resolved_total, conversation_resolved_total_bh)
SELECT * FROM (SELECT account_id, 'account', 0, 60, created_at - created_at % 60,
  sum(case when name = 'conversation_created' then 1 else 0 end) as c0,
  sum(case when name = 'conversation_created' then coalesce(value, 0) else 0 end) as c1,
  sum(case when name = 'conversation_created' then coalesce(value_in_business_hours, value, 0) else 0 end) as c2,
  sum(case when name = 'incoming_message' then 1 else 0 end) as c3,
  sum(case when name = 'incoming_message' then coalesce(value, 0) else 0 end) as c4,
  sum(case when name = 'incoming_message' then coalesce(value_in_business_hours, value, 0) else 0 end) as c5,
  sum(case when name = 'outgoing_message' then 1 else 0 end) as c6,
  sum(case when name = 'outgoing_message' then coalesce(value, 0) else 0 end) as c7,
  sum(case when name = 'outgoing_message' then coalesce(value_in_business_hours, value, 0) else 0 end) as c8,
  sum(case when name = 'first_response' then 1 else 0 end) as c9,
  sum(case when name = 'first_response' then coalesce(value, 0) else 0 end) as c10,
  sum(case when name = 'first_response' then coalesce(value_in_business_hours, value, 0) else 0 end) as c11,
  sum(case when name = 'reply_time' then 1 else 0 end) as c12,
  sum(case when name = 'reply_time' then coalesce(value, 0) else 0 end) as c13,
  sum(case when name = 'reply_time' then coalesce(value_in_business_hours, value, 0) else 0 end) as c14,
  sum(case when name = 'conversation_resolved' then 1 else 0 end) as c15,
  sum(case when name = 'conversation_resolved' then coalesce(value, 0) else 0 end) as c16,
  sum(case when name = 'conversation_resolved' then coalesce(value_in_business_hours, value, 0) else 0 end) as c17
FROM reporting_events
GROUP BY 1, 3, 5)
WHERE c0 <> 0 or c1 <> 0 or c2 <> 0 or c3 <> 0 or c4 <> 0 or c5 <> 0 or c6 <> 0 or c7 <> 0 or c8 <> 0 or c9 <> 0 or c10 <> 0 or c11 <> 0 or c12 <> 0 or c13 <> 0 or c14 <> 0 or c15 <> 0 or c16 <> 0 or c17 <> 0;
INSERT INTO report_sums (account_id, dimension, dimension_id, span, bucket, conversation_created_count, conversation_created_total, conversation_created_total_bh, incoming_message_count, incoming_message_total, incoming_message_total_bh, outgoing_message_count, outgoing_message_total, outgoing_message_total_bh, first_response_count, first_response_total, first_response_total_bh, reply_time_count, reply_time_total, reply_time_total_bh, conversation_resolved_count, conversation_resolved_total, conversation_resolved_total_bh)
SELECT * FROM (SELECT account_id, 'account', 0, 3600, created_at - created_at % 3600,
  sum(case when name = 'conversation_created' then 1 else 0 end) as c0,
  sum(case when name = 'conversation_created' then coalesce(value, 0) else 0 end) as c1,
  sum(case when name = 'conversation_created' then coalesce(value_in_business_hours, value, 0) else 0 end) as c2,
  sum(case when name = 'incoming_message' then 1 else 0 end) as c3,
  sum(case when name = 'incoming_message' then coalesce(value, 0) else 0 end) as c4,
  sum(case when name = 'incoming_message' then coalesce(value_in_business_hours, value, 0) else 0 end) as c5,
  sum(case when name = 'outgoing_message' then 1 else 0 end) as c6,
  sum(case when name = 'outgoing_message' then coalesce(value, 0) else 0 end) as c7,
  sum(case when name = 'outgoing_message' then coalesce(value_in_business_hours, value, 0) else 0 end) as c8,
  sum(case when name = 'first_response' then 1 else 0 end) as c9,
  sum(case when name = 'first_response' then coalesce(value, 0) else 0 end) as c10,
  sum(case when name = 'first_response' then coalesce(value_in_business_hours, value, 0) else 0 end) as c11,
  sum(case when name = 'reply_time' then 1 else 0 end) as c12,
  sum(case when name = 'reply_time' then coalesce(value, 0) else 0 end) as c13,
  sum(case when name = 'reply_time' then coalesce(value_in_business_hours, value, 0) else 0 end) as c14,
  sum(case when name = 'conversation_resolved' then 1 else 0 end) as c15,
  sum(case when name = 'conversation_resolved' then coalesce(value, 0) else 0 end) as c16,
  sum(case when name = 'conversation_resolved' then coalesce(value_in_business_hours, value, 0) else 0 end) as c17
FROM reporting_events
GROUP BY 1, 3, 5)
WHERE c0 <> 0 or c1 <> 0 or c2 <> 0 or c3 <> 0 or c4 <> 0 or c5 <> 0 or c6 <> 0 or c7 <> 0 or c8 <> 0 or c9 <> 0 or c10 <> 0 or c11 <> 0 or c12 <> 0 or c13 <> 0 or c14 <> 0 or c15 <> 0 or c16 <> 0 or c17 <> 0;
INSERT INTO report_sums (account_id, dimension, dimension_id, span, bucket, conversation_created_count, conversation_created_total, conversation_created_total_bh, incoming_message_count, incoming_message_total, incoming_message_total_bh, outgoing_message_count, outgoing_message_total, outgoing_message_total_bh, first_response_count, first_response_total, first_response_total_bh, reply_time_count, reply_time_total, reply_time_total_bh, conversation_resolved_count, conversation_resolved_total, conversation_resolved_total_bh)
SELECT * FROM (SELECT account_id, 'account', 0, 86400, created_at - created_at % 86400,
  sum(case when name = 'conversation_created' then 1 else 0 end) as c0,
  sum(case when name = 'conversation_created' then coalesce(value, 0) else 0 end) as c1,
  sum(case when name = 'conversation_created' then coalesce(value_in_business_hours, value, 0) else 0 end) as c2,
  sum(case when name = 'incoming_message' then 1 else 0 end) as c3,
  sum(case when name = 'incoming_message' then coalesce(value, 0) else 0 end) as c4,
  sum(case when name = 'incoming_message' then coalesce(value_in_business_hours, value, 0) else 0 end) as c5,
  sum(case when name = 'outgoing_message' then 1 else 0 end) as c6,
  sum(case when name = 'outgoing_message' then coalesce(value, 0) else 0 end) as c7,
  sum(case when name = 'outgoing_message' then coalesce(value_in_business_hours, value, 0) else 0 end) as c8,
  sum(case when name = 'first_response' then 1 else 0 end) as c9,
  sum(case when name = 'first_response' then coalesce(value, 0) else 0 end) as c10,
  sum(case when name = 'first_response' then coalesce(value_in_business_hours, value, 0) else 0 end) as c11,
  sum(case when name = 'reply_time' then 1 else 0 end) as c12,
  sum(case when name = 'reply_time' then coalesce(value, 0) else 0 end) as c13,
  sum(case when name = 'reply_time' then coalesce(value_in_business_hours, value, 0) else 0 end) as c14,
  sum(case when name = 'conversation_resolved' then 1 else 0 end) as c15,
  sum(case when name = 'conversation_resolved' then coalesce(value, 0) else 0 end) as c16,
  sum(case when name = 'conversation_resolved' then coalesce(value_in_business_hours, value, 0) else 0 end) as c17
FROM reporting_events
GROUP BY 1, 3, 5)
WHERE c0 <> 0 or c1 <> 0 or c2 <> 0 or c3 <> 0 or c4 <> 0 or c5 <> 0 or c6 <> 0 or c7 <> 0 or c8 <> 0 or c9 <> 0 or c10 <> 0 or c11 <> 0 or c12 <> 0 or c13 <> 0 or c14 <> 0 or c15 <> 0 or c16 <> 0 or c17 <> 0;
INSERT INTO report_sums (account_id, dimension, dimension_id, span, bucket, conversation_created_count, conversation_created_total, conversation_created_total_bh, incoming_message_count, incoming_message_total, incoming_message_total_bh, outgoing_message_count, outgoing_message_total, outgoing_message_total_bh, first_response_count, first_response_total, first_response_total_bh, reply_time_count, reply_time_total, reply_time_total_bh, conversation_resolved_count, conversation_resolved_total, conversation_resolved_total_bh)
SELECT * FROM (SELECT account_id, 'agent', user_id, 60, created_at - created_at % 60,
  sum(case when name = 'conversation_created' then 1 else 0 end) as c0,
  sum(case when name = 'conversation_created' then coalesce(value, 0) else 0 end) as c1,
  sum(case when name = 'conversation_created' then coalesce(value_in_business_hours, value, 0) else 0 end) as c2,
  sum(case when name = 'incoming_message' then 1 else 0 end) as c3,
  sum(case when name = 'incoming_message' then coalesce(value, 0) else 0 end) as c4,
  sum(case when name = 'incoming_message' then coalesce(value_in_business_hours, value, 0) else 0 end) as c5,
  sum(case when name = 'outgoing_message' then 1 else 0 end) as c6,
  sum(case when name = 'outgoing_message' then coalesce(value, 0) else 0 end) as c7,
  sum(case when name = 'outgoing_message' then coalesce(value_in_business_hours, value, 0) else 0 end) as c8,
  sum(case when name = 'first_response' then 1 else 0 end) as c9,
  sum(case when name = 'first_response' then coalesce(value, 0) else 0 end) as c10,
  sum(case when name = 'first_response' then coalesce(value_in_business_hours, value, 0) else 0 end) as c11,
  sum(case when name = 'reply_time' then 1 else 0 end) as c12,
  sum(case when name = 'reply_time' then coalesce(value, 0) else 0 end) as c13,
  sum(case when name = 'reply_time' then coalesce(value_in_business_hours, value, 0) else 0 end) as c14,
  sum(case when name = 'conversation_resolved' then 1 else 0 end) as c15,
  sum(case when name = 'conversation_resolved' then coalesce(value, 0) else 0 end) as c16,
  sum(case when name = 'conversation_resolved' then coalesce(value_in_business_hours, value, 0) else 0 end) as c17
FROM reporting_events
WHERE user_id IS NOT NULL
GROUP BY 1, 3, 5)
WHERE c0 <> 0 or c1 <> 0 or c2 <> 0 or c3 <> 0 or c4 <> 0 or c5 <> 0 or c6 <> 0 or c7 <> 0 or c8 <> 0 or c9 <> 0 or c10 <> 0 or c11 <> 0 or c12 <> 0 or c13 <> 0 or c14 <> 0 or c15 <> 0 or c16 <> 0 or c17 <> 0;
INSERT INTO report_sums (account_id, dimension, dimension_id, span, bucket, conversation_created_count, conversation_created_total, conversation_created_total_bh, incoming_message_count, incoming_message_total, incoming_message_total_bh, outgoing_message_count, outgoing_message_total, outgoing_message_total_bh, first_response_count, first_response_total, first_response_total_bh, reply_time_count, reply_time_total, reply_time_total_bh, conversation_resolved_count, conversation_resolved_total, conversation_resolved_total_bh)
SELECT * FROM (SELECT account_id, 'agent', user_id, 3600, created_at - created_at % 3600,
  sum(case when name = 'conversation_created' then 1 else 0 end) as c0,
  sum(case when name = 'conversation_created' then coalesce(value, 0) else 0 end) as c1,
  sum(case when name = 'conversation_created' then coalesce(value_in_business_hours, value, 0) else 0 end) as c2,
  sum(case when name = 'incoming_message' then 1 else 0 end) as c3,
  sum(case when name = 'incoming_message' then coalesce(value, 0) else 0 end) as c4,
  sum(case when name = 'incoming_message' then coalesce(value_in_business_hours, value, 0) else 0 end) as c5,
  sum(case when name = 'outgoing_message' then 1 else 0 end) as c6,
  sum(case when name = 'outgoing_message' then coalesce(value, 0) else 0 end) as c7,
  sum(case when name = 'outgoing_message' then coalesce(value_in_business_hours, value, 0) else 0 end) as c8,
  sum(case when name = 'first_response' then 1 else 0 end) as c9,
  sum(case when name = 'first_response' then coalesce(value, 0) else 0 end) as c10,
  sum(case when name = 'first_response' then coalesce(value_in_business_hours, value, 0) else 0 end) as c11,
  sum(case when name = 'reply_time' then 1 else 0 end) as c12,
  sum(case when name = 'reply_time' then coalesce(value, 0) else 0 end) as c13,
  sum(case when name = 'reply_time' then coalesce(value_in_business_hours, value, 0) else 0 end) as c14,
  sum(case when name = 'conversation_resolved' then 1 else 0 end) as c15,
  sum(case when name = 'conversation_resolved' then coalesce(value, 0) else 0 end) as c16,
  sum(case when name = 'conversation_resolved' then coalesce(value_in_business_hours, value, 0) else 0 end) as c17
FROM reporting_events
WHERE user_id IS NOT NULL
GROUP BY 1, 3, 5)
WHERE c0 <> 0 or c1 <> 0 or c2 <> 0 or c3 <> 0 or c4 <> 0 or c5 <> 0 or c6 <> 0 or c7 <> 0 or c8 <> 0 or c9 <> 0 or c10 <> 0 or c11 <> 0 or c12 <> 0 or c13 <> 0 or c14 <> 0 or c15 <> 0 or c16 <> 0 or c17 <> 0;
INSERT INTO report_sums (account_id, dimension, dimension_id, span, bucket, conversation_created_count, conversation_created_total, conversation_created_total_bh, incoming_message_count, incoming_message_total, incoming_message_total_bh, outgoing_message_count, outgoing_message_total, outgoing_message_total_bh, first_response_count, first_response_total, first_response_total_bh, reply_time_count, reply_time_total, reply_time_total_bh, conversation_resolved_count, conversation_resolved_total, conversation_resolved_total_bh)
SELECT * FROM (SELECT account_id, 'agent', user_id, 86400, created_at - created_at % 86400,
  sum(case when name = 'conversation_created' then 1 else 0 end) as c0,
  sum(case when name = 'conversation_created' then coalesce(value, 0) else 0 end) as c1,
  sum(case when name = 'conversation_created' then coalesce(value_in_business_hours, value, 0) else 0 end) as c2,
  sum(case when name = 'incoming_message' then 1 else 0 end) as c3,
  sum(case when name = 'incoming_message' then coalesce(value, 0) else 0 end) as c4,
  sum(case when name = 'incoming_message' then coalesce(value_in_business_hours, value, 0) else 0 end) as c5,
  sum(case when name = 'outgoing_message' then 1 else 0 end) as c6,
  sum(case when name = 'outgoing_message' then coalesce(value, 0) else 0 end) as c7,
  sum(case when name = 'outgoing_message' then coalesce(value_in_business_hours, value, 0) else 0 end) as c8,
  sum(case when name = 'first_response' then 1 else 0 end) as c9,
  sum(case when name = 'first_response' then coalesce(value, 0) else 0 end) as c10,
  sum(case when name = 'first_response' then coalesce(value_in_business_hours, value, 0) else 0 end) as c11,
  sum(case when name = 'reply_time' then 1 else 0 end) as c12,
  sum(case when name = 'reply_time' then coalesce(value, 0) else 0 end) as c13,
  sum(case when name = 'reply_time' then coalesce(value_in_business_hours, value, 0) else 0 end) as c14,
  sum(case when name = 'conversation_resolved' then 1 else 0 end) as c15,
  sum(case when name = 'conversation_resolved' then coalesce(value, 0) else 0 end) as c16,
  sum(case when name = 'conversation_resolved' then coalesce(value_in_business_hours, value, 0) else 0 end) as c17
FROM reporting_events
WHERE user_id IS NOT NULL
GROUP BY 1, 3, 5)
WHERE c0 <> 0 or c1 <> 0 or c2 <> 0 or c3 <> 0 or c4 <> 0 or c5 <> 0 or c6 <> 0 or c7 <> 0 or c8 <> 0 or c9 <> 0 or c10 <> 0 or c11 <> 0 or c12 <> 0 or c13 <> 0 or c14 <> 0 or c15 <> 0 or c16 <> 0 or c17 <> 0;
INSERT INTO report_sums (account_id, dimension, dimension_id, span, bucket, conversation_created_count, conversation_created_total, conversation_created_total_bh, incoming_message_count, incoming_message_total, incoming_message_total_bh, outgoing_message_count, outgoing_message_total, outgoing_message_total_bh, first_response_count, first_response_total, first_response_total_bh, reply_time_count, reply_time_total, reply_time_total_bh, conversation_resolved_count, conversation_resolved_total, conversation_resolved_total_bh)
SELECT * FROM (SELECT account_id, 'inbox', inbox_id, 60, created_at - created_at % 60,
  sum(case when name = 'conversation_created' then 1 else 0 end) as c0,
  sum(case when name = 'conversation_created' then coalesce(value, 0) else 0 end) as c1,
  sum(case when name = 'conversation_created' then coalesce(value_in_business_hours, value, 0) else 0 end) as c2,
  sum(case when name = 'incoming_message' then 1 else 0 end) as c3,
  sum(case when name = 'incoming_message' then coalesce(value, 0) else 0 end) as c4,
  sum(case when name = 'incoming_message' then coalesce(value_in_business_hours, value, 0) else 0 end) as c5,
  sum(case when name = 'outgoing_message' then 1 else 0 end) as c6,
  sum(case when name = 'outgoing_message' then coalesce(value, 0) else 0 end) as c7,
  sum(case when name = 'outgoing_message' then coalesce(value_in_business_hours, value, 0) else 0 end) as c8,
  sum(case when name = 'first_response' then 1 else 0 end) as c9,
  sum(case when name = 'first_response' then coalesce(value, 0) else 0 end) as c10,
  sum(case when name = 'first_response' then coalesce(value_in_business_hours, value, 0) else 0 end) as c11,
  sum(case when name = 'reply_time' then 1 else 0 end) as c12,
  sum(case when name = 'reply_time' then coalesce(value, 0) else 0 end) as c13,
  sum(case when name = 'reply_time' then coalesce(value_in_business_hours, value, 0) else 0 end) as c14,
  sum(case when name = 'conversation_resolved' then 1 else 0 end) as c15,
  sum(case when name = 'conversation_resolved' then coalesce(value, 0) else 0 end) as c16,
  sum(case when name = 'conversation_resolved' then coalesce(value_in_business_hours, value, 0) else 0 end) as c17
FROM reporting_events
WHERE inbox_id IS NOT NULL
GROUP BY 1, 3, 5)
WHERE c0 <> 0 or c1 <> 0 or c2 <> 0 or c3 <> 0 or c4 <> 0 or c5 <> 0 or c6 <> 0 or c7 <> 0 or c8 <> 0 or c9 <> 0 or c10 <> 0 or c11 <> 0 or c12 <> 0 or c13 <> 0 or c14 <> 0 or c15 <> 0 or c16 <> 0 or c17 <> 0;
INSERT INTO report_sums (account_id, dimension, dimension_id, span, bucket, conversation_created_count, conversation_created_total, conversation_created_total_bh, incoming_message_count, incoming_message_total, incoming_message_total_bh, outgoing_message_count, outgoing_message_total, outgoing_message_total_bh, first_response_count, first_response_total, first_response_total_bh, reply_time_count, reply_time_total, reply_time_total_bh, conversation_resolved_count, conversation_resolved_total, conversation_resolved_total_bh)
SELECT * FROM (SELECT account_id, 'inbox', inbox_id, 3600, created_at - created_at % 3600,
  sum(case when name = 'conversation_created' then 1 else 0 end) as c0,
  sum(case when name = 'conversation_created' then coalesce(value, 0) else 0 end) as c1,
  sum(case when name = 'conversation_created' then coalesce(value_in_business_hours, value, 0) else 0 end) as c2,
  sum(case when name = 'incoming_message' then 1 else 0 end) as c3,
  sum(case when name = 'incoming_message' then coalesce(value, 0) else 0 end) as c4,
  sum(case when name = 'incoming_message' then coalesce(value_in_business_hours, value, 0) else 0 end) as c5,
  sum(case when name = 'outgoing_message' then 1 else 0 end) as c6,
  sum(case when name = 'outgoing_message' then coalesce(value, 0) else 0 end) as c7,
  sum(case when name = 'outgoing_message' then coalesce(value_in_business_hours, value, 0) else 0 end) as c8,
  sum(case when name = 'first_response' then 1 else 0 end) as c9,
  sum(case when name = 'first_response' then coalesce(value, 0) else 0 end) as c10,
  sum(case when name = 'first_response' then coalesce(value_in_business_hours, value, 0) else 0 end) as c11,
  sum(case when name = 'reply_time' then 1 else 0 end) as c12,
  sum(case when name = 'reply_time' then coalesce(value, 0) else 0 end) as c13,
  sum(case when name = 'reply_time' then coalesce(value_in_business_hours, value, 0) else 0 end) as c14,
  sum(case when name = 'conversation_resolved' then 1 else 0 end) as c15,
  sum(case when name = 'conversation_resolved' then coalesce(value, 0) else 0 end) as c16,
  sum(case when name = 'conversation_resolved' then coalesce(value_in_business_hours, value, 0) else 0 end) as c17
FROM reporting_events
WHERE inbox_id IS NOT NULL
GROUP BY 1, 3, 5)
WHERE c0 <> 0 or c1 <> 0 or c2 <> 0 or c3 <> 0 or c4 <> 0 or c5 <> 0 or c6 <> 0 or c7 <> 0 or c8 <> 0 or c9 <> 0 or c10 <> 0 or c11 <> 0 or c12 <> 0 or c13 <> 0 or c14 <> 0 or c15 <> 0 or c16 <> 0 or c17 <> 0;
INSERT INTO report_sums (account_id, dimension, dimension_id, span, bucket, conversation_created_count, conversation_created_total, conversation_created_total_bh, incoming_message_count, incoming_message_total, incoming_message_total_bh, outgoing_message_count, outgoing_message_total, outgoing_message_total_bh, first_response_count, first_response_total, first_response_total_bh, reply_time_count, reply_time_total, reply_time_total_bh, conversation_resolved_count, conversation_resolved_total, conversation_resolved_total_bh)
SELECT * FROM (SELECT account_id, 'inbox', inbox_id, 86400, created_at - created_at % 86400,
  sum(case when name = 'conversation_created' then 1 else 0 end) as c0,
  sum(case when name = 'conversation_created' then coalesce(value, 0) else 0 end) as c1,
  sum(case when name = 'conversation_created' then coalesce(value_in_business_hours, value, 0) else 0 end) as c2,
  sum(case when name = 'incoming_message' then 1 else 0 end) as c3,
  sum(case when name = 'incoming_message' then coalesce(value, 0) else 0 end) as c4,
  sum(case when name = 'incoming_message' then coalesce(value_in_business_hours, value, 0) else 0 end) as c5,
  sum(case when name = 'outgoing_message' then 1 else 0 end) as c6,
  sum(case when name = 'outgoing_message' then coalesce(value, 0) else 0 end) as c7,
  sum(case when name = 'outgoing_message' then coalesce(value_in_business_hours, value, 0) else 0 end) as c8,
  sum(case when name = 'first_response' then 1 else 0 end) as c9,
  sum(case when name = 'first_response' then coalesce(value, 0) else 0 end) as c10,
  sum(case when name = 'first_response' then coalesce(value_in_business_hours, value, 0) else 0 end) as c11,
  sum(case when name = 'reply_time' then 1 else 0 end) as c12,
  sum(case when name = 'reply_time' then coalesce(value, 0) else 0 end) as c13,
  sum(case when name = 'reply_time' then coalesce(value_in_business_hours, value, 0) else 0 end) as c14,
  sum(case when name = 'conversation_resolved' then 1 else 0 end) as c15,
  sum(case when name = 'conversation_resolved' then coalesce(value, 0) else 0 end) as c16,
  sum(case when name = 'conversation_resolved' then coalesce(value_in_business_hours, value, 0) else 0 end) as c17
FROM reporting_events
WHERE inbox_id IS NOT NULL
GROUP BY 1, 3, 5)
WHERE c0 <> 0 or c1 <> 0 or c2 <> 0 or c3 <> 0 or c4 <> 0 or c5 <> 0 or c6 <> 0 or c7 <> 0 or c8 <> 0 or c9 <> 0 or c10 <> 0 or c11 <> 0 or c12 <> 0 or c13 <> 0 or c14 <> 0 or c15 <> 0 or c16 <> 0 or c17 <> 0;
INSERT INTO report_sums (account_id, dimension, dimension_id, span, bucket, conversation_created_count, conversation_created_total, conversation_created_total_bh, incoming_message_count, incoming_message_total, incoming_message_total_bh, outgoing_message_count, outgoing_message_total, outgoing_message_total_bh, first_response_count, first_response_total, first_response_total_bh, reply_time_count, reply_time_total, reply_time_total_bh, conversation_resolved_count, conversation_resolved_total, conversation_resolved_total_bh)
SELECT * FROM (SELECT account_id, 'team', team_id, 60, created_at - created_at % 60,
  sum(case when name = 'conversation_created' then 1 else 0 end) as c0,
  sum(case when name = 'conversation_created' then coalesce(value, 0) else 0 end) as c1,
  sum(case when name = 'conversation_created' then coalesce(value_in_business_hours, value, 0) else 0 end) as c2,
  sum(case when name = 'incoming_message' then 1 else 0 end) as c3,
  sum(case when name = 'incoming_message' then coalesce(value, 0) else 0 end) as c4,
  sum(case when name = 'incoming_message' then coalesce(value_in_business_hours, value, 0) else 0 end) as c5,
  sum(case when name = 'outgoing_message' then 1 else 0 end) as c6,
  sum(case when name = 'outgoing_message' then coalesce(value, 0) else 0 end) as c7,
  sum(case when name = 'outgoing_message' then coalesce(value_in_business_hours, value, 0) else 0 end) as c8,
  sum(case when name = 'first_response' then 1 else 0 end) as c9,
  sum(case when name = 'first_response' then coalesce(value, 0) else 0 end) as c10,
  sum(case when name = 'first_response' then coalesce(value_in_business_hours, value, 0) else 0 end) as c11,
  sum(case when name = 'reply_time' then 1 else 0 end) as c12,
  sum(case when name = 'reply_time' then coalesce(value, 0) else 0 end) as c13,
  sum(case when name = 'reply_time' then coalesce(value_in_business_hours, value, 0) else 0 end) as c14,
  sum(case when name = 'conversation_resolved' then 1 else 0 end) as c15,
  sum(case when name = 'conversation_resolved' then coalesce(value, 0) else 0 end) as c16,
  sum(case when name = 'conversation_resolved' then coalesce(value_in_business_hours, value, 0) else 0 end) as c17
FROM reporting_events
WHERE team_id IS NOT NULL
GROUP BY 1, 3, 5)
WHERE c0 <> 0 or c1 <> 0 or c2 <> 0 or c3 <> 0 or c4 <> 0 or c5 <> 0 or c6 <> 0 or c7 <> 0 or c8 <> 0 or c9 <> 0 or c10 <> 0 or c11 <> 0 or c12 <> 0 or c13 <> 0 or c14 <> 0 or c15 <> 0 or c16 <> 0 or c17 <> 0;
INSERT INTO report_sums (account_id, dimension, dimension_id, span, bucket, conversation_created_count, conversation_created_total, conversation_created_total_bh, incoming_message_count, incoming_message_total, incoming_message_total_bh, outgoing_message_count, outgoing_message_total, outgoing_message_total_bh, first_response_count, first_response_total, first_response_total_bh, reply_time_count, reply_time_total, reply_time_total_bh, conversation_resolved_count, conversation_resolved_total, conversation_resolved_total_bh)
SELECT * FROM (SELECT account_id, 'team', team_id, 3600, created_at - created_at % 3600,
  sum(case when name = 'conversation_created' then 1 else 0 end) as c0,
  sum(case when name = 'conversation_created' then coalesce(value, 0) else 0 end) as c1,
  sum(case when name = 'conversation_created' then coalesce(value_in_business_hours, value, 0) else 0 end) as c2,
  sum(case when name = 'incoming_message' then 1 else 0 end) as c3,
  sum(case when name = 'incoming_message' then coalesce(value, 0) else 0 end) as c4,
  sum(case when name = 'incoming_message' then coalesce(value_in_business_hours, value, 0) else 0 end) as c5,
  sum(case when name = 'outgoing_message' then 1 else 0 end) as c6,
  sum(case when name = 'outgoing_message' then coalesce(value, 0) else 0 end) as c7,
  sum(case when name = 'outgoing_message' then coalesce(value_in_business_hours, value, 0) else 0 end) as c8,
  sum(case when name = 'first_response' then 1 else 0 end) as c9,
  sum(case when name = 'first_response' then coalesce(value, 0) else 0 end) as c10,
  sum(case when name = 'first_response' then coalesce(value_in_business_hours, value, 0) else 0 end) as c11,
  sum(case when name = 'reply_time' then 1 else 0 end) as c12,
  sum(case when name = 'reply_time' then coalesce(value, 0) else 0 end) as c13,
  sum(case when name = 'reply_time' then coalesce(value_in_business_hours, value, 0) else 0 end) as c14,
  sum(case when name = 'conversation_resolved' then 1 else 0 end) as c15,
  sum(case when name = 'conversation_resolved' then coalesce(value, 0) else 0 end) as c16,
  sum(case when name = 'conversation_resolved' then coalesce(value_in_business_hours, value, 0) else 0 end) as c17
FROM reporting_events
WHERE team_id IS NOT NULL
GROUP BY 1, 3, 5)
WHERE c0 <> 0 or c1 <> 0 or c2 <> 0 or c3 <> 0 or c4 <> 0 or c5 <> 0 or c6 <> 0 or c7 <> 0 or c8 <> 0 or c9 <> 0 or c10 <> 0 or c11 <> 0 or c12 <> 0 or c13 <> 0 or c14 <> 0 or c15 <> 0 or c16 <> 0 or c17 <> 0;
INSERT INTO report_sums (account_id, dimension, dimension_id, span, bucket, conversation_created_count, conversation_created_total, conversation_created_total_bh, incoming_message_count, incoming_message_total, incoming_message_total_bh, outgoing_message_count, outgoing_message_total, outgoing_message_total_bh, first_response_count, first_response_total, first_response_total_bh, reply_time_count, reply_time_total, reply_time_total_bh, conversation_resolved_count, conversation_resolved_total, conversation_resolved_total_bh)
SELECT * FROM (SELECT account_id, 'team', team_id, 86400, created_at - created_at % 86400,
  sum(case when name = 'conversation_created' then 1 else 0 end) as c0,
  sum(case when name = 'conversation_created' then coalesce(value, 0) else 0 end) as c1,
  sum(case when name = 'conversation_created' then coalesce(value_in_business_hours, value, 0) else 0 end) as c2,
  sum(case when name = 'incoming_message' then 1 else 0 end) as c3,
  sum(case when name = 'incoming_message' then coalesce(value, 0) else 0 end) as c4,
  sum(case when name = 'incoming_message' then coalesce(value_in_business_hours, value, 0) else 0 end) as c5,
  sum(case when name = 'outgoing_message' then 1 else 0 end) as c6,
  sum(case when name = 'outgoing_message' then coalesce(value, 0) else 0 end) as c7,
  sum(case when name = 'outgoing_message' then coalesce(value_in_business_hours, value, 0) else 0 end) as c8,
  sum(case when name = 'first_response' then 1 else 0 end) as c9,
  sum(case when name = 'first_response' then coalesce(value, 0) else 0 end) as c10,
  sum(case when name = 'first_response' then coalesce(value_in_business_hours, value, 0) else 0 end) as c11,
  sum(case when name = 'reply_time' then 1 else 0 end) as c12,
  sum(case when name = 'reply_time' then coalesce(value, 0) else 0 end) as c13,
  sum(case when name = 'reply_time' then coalesce(value_in_business_hours, value, 0) else 0 end) as c14,
  sum(case when name = 'conversation_resolved' then 1 else 0 end) as c15,
  sum(case when name = 'conversation_resolved' then coalesce(value, 0) else 0 end) as c16,
  sum(case when name = 'conversation_resolved' then coalesce(value_in_business_hours, value, 0) else 0 end) as c17
FROM reporting_events
WHERE team_id IS NOT NULL
GROUP BY 1, 3, 5)
WHERE c0 <> 0 or c1 <> 0 or c2 <> 0 or c3 <> 0 or c4 <> 0 or c5 <> 0 or c6 <> 0 or c7 <> 0 or c8 <> 0 or c9 <> 0 or c10 <> 0 or c11 <> 0 or c12 <> 0 or c13 <> 0 or c14 <> 0 or c15 <> 0 or c16 <> 0 or c17 <> 0;

/** Examples for the reports API (Chatwoot's /api/v2 reports). */

const figures = {
  conversations_count: 42,
  incoming_messages_count: 180,
  outgoing_messages_count: 164,
  avg_first_response_time: 312.5,
  avg_resolution_time: 5400,
  resolutions_count: 37,
  reply_time: 240.25,
}

export const ReportSummaryExample = {
  ...figures,
  previous: { ...figures, conversations_count: 35, resolutions_count: 30 },
}

export const ReportSeriesExample = [
  { value: 3, timestamp: 1763856000 },
  { value: 0, timestamp: 1763942400 },
]

export const ReportTimeSeriesExample = [
  { value: 312.5, timestamp: 1763856000, count: 4 },
  { value: 0, timestamp: 1763942400, count: 0 },
]

export const SummaryReportRowsExample = [
  {
    id: 1,
    conversations_count: 12,
    resolved_conversations_count: 9,
    avg_resolution_time: 5400,
    avg_first_response_time: 312.5,
    avg_reply_time: 240.25,
  },
]

import type { Report, ReportFigures } from '../../../dashboard/src/reports/types'

const at = (iso: string) => Date.parse(iso) / 1000

export const figures = (fields: Partial<ReportFigures> = {}): ReportFigures => ({
  conversations_count: 0,
  incoming_messages_count: 0,
  outgoing_messages_count: 0,
  avg_first_response_time: 0,
  avg_resolution_time: 0,
  resolutions_count: 0,
  reply_time: 0,
  ...fields,
})

/** Three days (1–3 Nov 2026) at UTC−5, by day: a small report every figure of which is known. */
export function smallReport(): Report {
  const day = (d: number) => at(`2026-11-0${d}T05:00:00Z`)
  return {
    query: { since: day(1), until: day(4), groupBy: 'day', offsetHours: -5, businessHours: false },
    summary: {
      ...figures({
        conversations_count: 12,
        incoming_messages_count: 30,
        outgoing_messages_count: 25,
        avg_first_response_time: 3900.4,
        avg_resolution_time: 7200,
        resolutions_count: 9,
        reply_time: 45,
      }),
      previous: figures({
        conversations_count: 10,
        incoming_messages_count: 40,
        outgoing_messages_count: 0,
        avg_first_response_time: 3900.4,
        avg_resolution_time: 3600,
        resolutions_count: 9,
        reply_time: 60,
      }),
    },
    series: {
      conversations_count: [
        { timestamp: day(1), value: 5 },
        { timestamp: day(2), value: 0 },
        { timestamp: day(3), value: 7 },
      ],
      avg_first_response_time: [
        { timestamp: day(1), value: 60, count: 1 },
        { timestamp: day(2), value: 0, count: 0 },
        { timestamp: day(3), value: 120.6, count: 3 },
      ],
      avg_resolution_time: [
        { timestamp: day(1), value: 0, count: 0 },
        { timestamp: day(2), value: 0, count: 0 },
        { timestamp: day(3), value: 7200, count: 2 },
      ],
    },
    agents: [
      {
        id: 5,
        conversations_count: 8,
        resolved_conversations_count: 6,
        avg_resolution_time: 7200,
        avg_first_response_time: 90.5,
        avg_reply_time: 30,
      },
      {
        id: 6,
        conversations_count: 4,
        resolved_conversations_count: 3,
        avg_resolution_time: null,
        avg_first_response_time: null,
        avg_reply_time: null,
      },
    ],
  }
}

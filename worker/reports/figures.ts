import type { FigureRow } from '../db/queries/reports'
import type { ReportingEventName } from '../db/schema'
import type { ReportFigures, ReportMetric } from '../schemas/reports'

/** Each metric of Chatwoot's reports: the event it reads, and whether it is an average. */
export const METRICS: Record<ReportMetric, { name: ReportingEventName; average: boolean }> = {
  conversations_count: { name: 'conversation_created', average: false },
  incoming_messages_count: { name: 'incoming_message', average: false },
  outgoing_messages_count: { name: 'outgoing_message', average: false },
  avg_first_response_time: { name: 'first_response', average: true },
  avg_resolution_time: { name: 'conversation_resolved', average: true },
  resolutions_count: { name: 'conversation_resolved', average: false },
  reply_time: { name: 'reply_time', average: true },
}

export const SUMMARY_NAMES = [
  ...new Set(Object.values(METRICS).map((m) => m.name)),
] as readonly ReportingEventName[]

/** Sums of the rows a query returned, looked up by window, dimension id and event name. */
export function sumsOf(rows: FigureRow[]) {
  const sums = new Map<string, { n: number; total: number }>()
  for (const row of rows) {
    const key = `${row.i}:${row.dim}:${row.name}`
    const sum = sums.get(key) ?? { n: 0, total: 0 }
    sum.n += Number(row.n)
    sum.total += Number(row.total)
    sums.set(key, sum)
  }
  return (window: number, dim: number, name: ReportingEventName) =>
    sums.get(`${window}:${dim}:${name}`) ?? { n: 0, total: 0 }
}

export type Sums = ReturnType<typeof sumsOf>

const average = (s: { n: number; total: number }) => (s.n === 0 ? null : s.total / s.n)

/** A metric's value in a window: a count, or an average in seconds (0 with nothing to average). */
export function metricValue(sums: Sums, window: number, dim: number, metric: ReportMetric) {
  const { name, average: isAverage } = METRICS[metric]
  const sum = sums(window, dim, name)
  return isAverage ? (average(sum) ?? 0) : sum.n
}

export function figuresOf(sums: Sums, window: number, dim: number): ReportFigures {
  const value = (metric: ReportMetric) => metricValue(sums, window, dim, metric)
  return {
    conversations_count: value('conversations_count'),
    incoming_messages_count: value('incoming_messages_count'),
    outgoing_messages_count: value('outgoing_messages_count'),
    avg_first_response_time: value('avg_first_response_time'),
    avg_resolution_time: value('avg_resolution_time'),
    resolutions_count: value('resolutions_count'),
    reply_time: value('reply_time'),
  }
}

/** One row of Chatwoot's summary_reports: an agent's, inbox's or team's figures. */
export function summaryRowOf(sums: Sums, id: number) {
  return {
    id,
    conversations_count: sums(0, id, 'conversation_created').n,
    resolved_conversations_count: sums(0, id, 'conversation_resolved').n,
    avg_resolution_time: average(sums(0, id, 'conversation_resolved')),
    avg_first_response_time: average(sums(0, id, 'first_response')),
    avg_reply_time: average(sums(0, id, 'reply_time')),
  }
}

import type { ReportPoint, ReportSummary, SummaryReportRow } from '../api/schema'
import type { GroupBy, Range } from './periods'

/** The range's figures (times in seconds, possibly fractional) and the period before's. */
export type { ReportPoint, ReportSummary }
/** The figures of a summary without `previous`. */
export type ReportFigures = Omit<ReportSummary, 'previous'>
/** One agent's figures over a range (averages null when there is nothing to average). */
export type AgentReport = SummaryReportRow

export type SeriesMetric = 'conversations_count' | 'avg_first_response_time' | 'avg_resolution_time'

/**
 * What the page asks the API for: a range, its periods, the offset its days start in, and whether
 * times count only inboxes' working hours.
 */
export interface ReportQuery extends Range {
  groupBy: GroupBy
  offsetHours: number
  businessHours: boolean
}

/** Everything one report shows. */
export interface Report {
  query: ReportQuery
  summary: ReportSummary
  series: Record<SeriesMetric, ReportPoint[]>
  agents: AgentReport[]
}

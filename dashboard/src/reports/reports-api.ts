import { type ApiClient, unwrap } from '../api/client'
import type { Agent } from '../api/schema'
import type { Report, ReportQuery, SeriesMetric } from './types'

/** The API's business_hours parameter, sent only when on (a count has no hours to leave out). */
const hoursOf = (q: ReportQuery, metric?: SeriesMetric) =>
  q.businessHours && metric !== 'conversations_count' ? { business_hours: 'true' as const } : {}

export const SERIES_METRICS: SeriesMetric[] = [
  'conversations_count',
  'avg_first_response_time',
  'avg_resolution_time',
]

/** The reports page's calls to the API, for one account. */
export function reportCalls(api: ApiClient, accountId: number) {
  const path = { account_id: accountId }
  const range = (q: ReportQuery) => ({ since: q.since, until: q.until })
  const inZone = (q: ReportQuery) => ({ ...range(q), timezone_offset: q.offsetHours })
  return {
    summary: (q: ReportQuery) =>
      unwrap(
        api.GET('/api/v2/accounts/{account_id}/reports/summary', {
          params: { path, query: { type: 'account', ...inZone(q), ...hoursOf(q) } },
        }),
      ),
    series: (q: ReportQuery, metric: SeriesMetric) =>
      unwrap(
        api.GET('/api/v2/accounts/{account_id}/reports', {
          params: {
            path,
            query: {
              metric,
              type: 'account',
              group_by: q.groupBy,
              ...inZone(q),
              ...hoursOf(q, metric),
            },
          },
        }),
      ),
    agentSummaries: (q: ReportQuery) =>
      unwrap(
        api.GET('/api/v2/accounts/{account_id}/summary_reports/agent', {
          params: { path, query: { ...range(q), ...hoursOf(q) } },
        }),
      ),
    agents: (): Promise<Agent[]> =>
      unwrap(api.GET('/api/v1/accounts/{account_id}/agents', { params: { path } })),
  }
}

export type ReportCalls = ReturnType<typeof reportCalls>

/** The whole report for a query: the summary, the three series and the agents' figures at once. */
export async function loadReport(calls: ReportCalls, query: ReportQuery): Promise<Report> {
  const [summary, agents, ...series] = await Promise.all([
    calls.summary(query),
    calls.agentSummaries(query),
    ...SERIES_METRICS.map((metric) => calls.series(query, metric)),
  ])
  const [conversations = [], firstResponse = [], resolution = []] = series
  return {
    query,
    summary,
    agents,
    series: {
      conversations_count: conversations,
      avg_first_response_time: firstResponse,
      avg_resolution_time: resolution,
    },
  }
}

import { type ApiClient, unwrap } from '../api/client'
import type { CsatAnswer, CsatMetrics } from './csat'
import type { ReportQuery } from './types'

/** The API's page of answers. */
const PAGE_SIZE = 25
/** At most this many pages are read for one report (2,500 answers): a bound on the requests. */
export const MAX_CSAT_PAGES = 100

export interface CsatReport {
  metrics: CsatMetrics
  /** The range's answers, newest first. */
  answers: CsatAnswer[]
  /** More answers than were read (MAX_CSAT_PAGES). */
  truncated: boolean
}

/** The range's CSAT metrics and its answers (every page, up to MAX_CSAT_PAGES). */
export async function loadCsatReport(
  api: ApiClient,
  accountId: number,
  query: Pick<ReportQuery, 'since' | 'until'>,
): Promise<CsatReport> {
  const path = { account_id: accountId }
  const range = { since: query.since, until: query.until }
  const readAnswers = async () => {
    const answers: CsatAnswer[] = []
    for (let page = 1; page <= MAX_CSAT_PAGES; page++) {
      const rows = await unwrap(
        api.GET('/api/v1/accounts/{account_id}/csat_survey_responses', {
          params: { path, query: { ...range, page } },
        }),
      )
      answers.push(...rows)
      if (rows.length < PAGE_SIZE) return { answers, truncated: false }
    }
    return { answers, truncated: true }
  }
  const [metrics, read] = await Promise.all([
    unwrap(
      api.GET('/api/v1/accounts/{account_id}/csat_survey_responses/metrics', {
        params: { path, query: range },
      }),
    ),
    readAnswers(),
  ])
  return { metrics, ...read }
}

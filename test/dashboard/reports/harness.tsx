import type { AccountServices } from '../../../dashboard/src/app/context'
import ReportsPage from '../../../dashboard/src/reports/ReportsPage'
import type { ReportPoint } from '../../../dashboard/src/reports/types'
import { ACCOUNT, accountServices, type Call, recordingApi, renderWith } from '../workspace-harness'
import { figures } from './fixtures'

export { ACCOUNT, settle } from '../workspace-harness'

const DAY = 86_400

/** One point per day from `since` to `until`, each with `value(index)`. */
export function dailyPoints(since: number, until: number, value: (i: number) => number) {
  const points: ReportPoint[] = []
  for (let t = since, i = 0; t < until; t += DAY, i++) {
    points.push({ timestamp: t, value: value(i), count: value(i) > 0 ? 1 : 0 })
  }
  return points
}

export const CSAT_METRICS = {
  total_count: 3,
  ratings_count: { '2': 1, '5': 2 },
  total_sent_messages_count: 4,
  satisfaction_score: 66.67,
  response_rate: 75,
}

/** Three answers in the range's last day: two of Ada's (5 with a comment, 2), one with no agent. */
export function csatAnswers(until: number) {
  const contact = { id: 9, name: 'Rita', email: null, phone_number: null, thumbnail: '' }
  const ada = { id: 5, name: 'Ada Lovelace', available_name: 'Ada', email: 'a@x', thumbnail: '' }
  const answer = (id: number, rating: number, feedback: string | null, agent?: typeof ada) => ({
    id,
    rating,
    feedback_message: feedback,
    account_id: ACCOUNT,
    message_id: 100 + id,
    contact,
    conversation_id: 40 + id,
    ...(agent ? { assigned_agent: agent } : {}),
    created_at: until - 3600 * id,
  })
  return [answer(1, 5, 'Lovely help', ada), answer(2, 2, null, ada), answer(3, 5, ' ')]
}

/**
 * A fake reports API: the summary, the series (conversations peak on the range's last day, first
 * responses of a minute on its first), two agents' figures and the agents list. `fail` makes the
 * summary answer in the error envelope.
 */
export function reportsServer(options: { fail?: string } = {}) {
  const calls: Call[] = []
  const v2 = `/api/v2/accounts/${ACCOUNT}`
  const { api } = recordingApi((call) => {
    const since = Number(call.query.get('since'))
    const until = Number(call.query.get('until'))
    if (call.path === `${v2}/reports/summary`) {
      if (options.fail) {
        return Response.json({ error: 'unavailable', message: options.fail }, { status: 503 })
      }
      return Response.json({
        ...figures({ conversations_count: 12, avg_first_response_time: 3900, reply_time: 45 }),
        previous: figures({
          conversations_count: 10,
          avg_first_response_time: 4875,
          reply_time: 0,
        }),
      })
    }
    if (call.path === `${v2}/reports`) {
      const metric = call.query.get('metric')
      const last = Math.round((until - since) / DAY) - 1
      if (metric === 'conversations_count') {
        return Response.json(dailyPoints(since, until, (i) => (i === last ? 7 : i === 0 ? 5 : 0)))
      }
      return Response.json(dailyPoints(since, until, (i) => (i === 0 ? 60 : 0)))
    }
    if (call.path === `${v2}/summary_reports/agent`) {
      return Response.json([
        {
          id: 5,
          conversations_count: 8,
          resolved_conversations_count: 6,
          avg_resolution_time: 7200,
          avg_first_response_time: 90,
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
      ])
    }
    if (call.path === `/api/v1/accounts/${ACCOUNT}/csat_survey_responses/metrics`) {
      return Response.json(CSAT_METRICS)
    }
    if (call.path === `/api/v1/accounts/${ACCOUNT}/csat_survey_responses`) {
      const page = Number(call.query.get('page') ?? 1)
      return Response.json(page === 1 ? csatAnswers(until) : [])
    }
    if (call.path === `/api/v1/accounts/${ACCOUNT}/agents`) {
      return Response.json([
        { id: 5, name: 'Ada Lovelace', available_name: 'Ada' },
        { id: 6, name: 'Ben Bitdiddle', available_name: '' },
      ])
    }
    return undefined
  }, calls)
  return { api, calls }
}

/** The reports page for an administrator (or whoever `overrides` make the user). */
export function renderReports(
  api: ReturnType<typeof reportsServer>['api'],
  overrides: Partial<AccountServices> = {},
) {
  return renderWith(
    accountServices(api, overrides),
    <ReportsPage route={{ name: 'reports', accountId: ACCOUNT }} />,
  )
}

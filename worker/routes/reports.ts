import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import {
  type Dimension,
  dimensionExists,
  idsOf,
  listDimensionIds,
  sumFigures,
} from '../db/queries/reports'
import type { AppEnv } from '../env'
import { apiError, errorResponses, fieldError, validationError } from '../errors'
import { nowSeconds } from '../lib/time'
import {
  figuresOf,
  METRICS,
  metricValue,
  SUMMARY_NAMES,
  summaryRowOf,
  sumsOf,
} from '../reports/figures'
import { MAX_PERIODS, periodsOf, planOf, toMinutes, type Window } from '../reports/periods'
import { accountSecurity } from '../schemas/auth'
import { jsonResponse } from '../schemas/common'
import {
  ReportSeriesQuerySchema,
  ReportSeriesSchema,
  ReportSummaryQuerySchema,
  ReportSummarySchema,
  ReportsParamsSchema,
  type ReportType,
  SummaryReportQuerySchema,
  SummaryReportRowsSchema,
} from '../schemas/reports'
import { administratorsOnly } from './agents/shared'
import { createRouter } from './router'

const tags = ['Reports']
const base = '/api/v2/accounts/{account_id}'
const errors = () =>
  errorResponses('unauthorized', 'forbidden', 'not_found', 'validation_failed', 'rate_limited')

/**
 * `[since, until)`: from the beginning and up to now unless the query says otherwise, widened
 * to whole minutes (`toMinutes`).
 */
function rangeOf(query: { since?: number; until?: number }) {
  const since = query.since ?? 0
  const until = query.until ?? nowSeconds() + 1
  if (until <= since) throw validationError([fieldError('until', 'must be after since')])
  return toMinutes(since, until)
}

/** The dimension a report is about; its id must be the account's. */
async function dimensionOf(
  c: Context<AppEnv>,
  query: { type: ReportType; id?: number },
): Promise<Dimension> {
  if (query.type === 'account') return { kind: 'account', ids: 0 }
  if (query.id === undefined) {
    throw validationError([fieldError('id', `is required with type=${query.type}`)])
  }
  if (!(await dimensionExists(c.var.db, c.var.accountId, query.type, query.id))) {
    throw apiError('not_found', `No ${query.type} ${query.id} in this account`)
  }
  return { kind: query.type, ids: query.id }
}

const summaryRoute = createRoute({
  operationId: 'getReportSummary',
  method: 'get',
  path: `${base}/reports/summary`,
  tags,
  security: accountSecurity,
  summary: "The range's figures, and the equally long range's before it (administrators)",
  description:
    "Chatwoot's report summary. Conversations count where they were created (for `type=agent` " +
    'and `team`, the ones the agent or team holds now); first response runs from creation to ' +
    "the first agent's outgoing non-private message; reply time from a visitor's waiting " +
    'message to the reply that ends the wait; resolution from creation to resolved. Read from ' +
    'sums kept per minute, hour and day at write time, so the cost follows the range, not the ' +
    'volume; `since` and `until` count by the minute (seconds widen the range to the minute).',
  middleware: [administratorsOnly],
  request: { params: ReportsParamsSchema, query: ReportSummaryQuerySchema },
  responses: { 200: jsonResponse(ReportSummarySchema, 'The figures'), ...errors() },
})

const seriesRoute = createRoute({
  operationId: 'listReportSeries',
  method: 'get',
  path: `${base}/reports`,
  tags,
  security: accountSecurity,
  summary: 'One figure per hour, day, week, month or year (administrators)',
  description:
    "Chatwoot's report series: one point per period from the one holding `since` to the one " +
    "holding the range's last second, zeros included; `timestamp` is the period's start in " +
    `\`timezone_offset\`. At most ${MAX_PERIODS} periods (422 beyond: choose a coarser group_by).`,
  middleware: [administratorsOnly],
  request: { params: ReportsParamsSchema, query: ReportSeriesQuerySchema },
  responses: { 200: jsonResponse(ReportSeriesSchema, 'The series'), ...errors() },
})

const summaryReportRoute = (kind: 'agent' | 'inbox' | 'team') =>
  createRoute({
    operationId: `list${kind[0]?.toUpperCase()}${kind.slice(1)}SummaryReports`,
    method: 'get',
    path: `${base}/summary_reports/${kind}`,
    tags,
    security: accountSecurity,
    summary: `Each ${kind}'s figures over the range (administrators)`,
    description:
      `One row per ${kind} of the account, in id order, as Chatwoot's summary_reports; ` +
      'averages are null where there is nothing to average.',
    middleware: [administratorsOnly],
    request: { params: ReportsParamsSchema, query: SummaryReportQuerySchema },
    responses: { 200: jsonResponse(SummaryReportRowsSchema, 'One row each'), ...errors() },
  })

async function summaryRows(
  c: Context<AppEnv>,
  kind: 'agent' | 'inbox' | 'team',
  query: { since?: number; until?: number; business_hours?: boolean },
) {
  const range = rangeOf(query)
  const db = c.var.db
  const accountId = c.var.accountId
  const names = [
    'conversation_created',
    'conversation_resolved',
    'first_response',
    'reply_time',
  ] as const
  const dimension = { kind, ids: idsOf(accountId, kind) }
  const [ids, rows] = await Promise.all([
    listDimensionIds(db, accountId, kind),
    sumFigures(db, accountId, dimension, planOf([{ index: 0, ...range }]), names, {
      businessHours: query.business_hours,
    }),
  ])
  const sums = sumsOf(rows)
  return ids.map(({ id }) => summaryRowOf(sums, id))
}

export const reportRoutes = createRouter()
  .openapi(summaryRoute, async (c) => {
    const query = c.req.valid('query')
    const { since, until } = rangeOf(query)
    const dimension = await dimensionOf(c, query)
    const windows: Window[] = [
      { index: 0, since, until },
      { index: 1, since: Math.max(0, since - (until - since)), until: since },
    ]
    const plan = planOf(windows)
    const rows = await sumFigures(c.var.db, c.var.accountId, dimension, plan, SUMMARY_NAMES, {
      businessHours: query.business_hours,
    })
    const sums = sumsOf(rows)
    const dim = typeof dimension.ids === 'number' ? dimension.ids : 0
    return c.json({ ...figuresOf(sums, 0, dim), previous: figuresOf(sums, 1, dim) }, 200)
  })
  .openapi(seriesRoute, async (c) => {
    const query = c.req.valid('query')
    const { since, until } = rangeOf(query)
    const offset = Math.round(query.timezone_offset * 60) * 60
    const periods = periodsOf(since, until, query.group_by, offset)
    if (!periods) {
      throw validationError([
        fieldError('group_by', `makes more than ${MAX_PERIODS} periods of this range`),
      ])
    }
    const dimension = await dimensionOf(c, query)
    const { name, average } = METRICS[query.metric]
    const plan = planOf(periods)
    const rows = await sumFigures(c.var.db, c.var.accountId, dimension, plan, [name], {
      businessHours: query.business_hours,
    })
    const sums = sumsOf(rows)
    const dim = typeof dimension.ids === 'number' ? dimension.ids : 0
    return c.json(
      periods.map((p) => ({
        value: metricValue(sums, p.index, dim, query.metric),
        timestamp: p.start,
        ...(average ? { count: sums(p.index, dim, name).n } : {}),
      })),
      200,
    )
  })
  .openapi(summaryReportRoute('agent'), async (c) =>
    c.json(await summaryRows(c, 'agent', c.req.valid('query')), 200),
  )
  .openapi(summaryReportRoute('inbox'), async (c) =>
    c.json(await summaryRows(c, 'inbox', c.req.valid('query')), 200),
  )
  .openapi(summaryReportRoute('team'), async (c) =>
    c.json(await summaryRows(c, 'team', c.req.valid('query')), 200),
  )

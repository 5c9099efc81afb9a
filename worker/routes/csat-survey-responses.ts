import { createRoute, type z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { type CsatFilter, csatMetrics, listCsatResponses } from '../db/queries/csat'
import type { AppEnv } from '../env'
import { apiError, errorResponses, fieldError, validationError } from '../errors'
import { restrictedAgentId } from '../middleware/access'
import { accountSecurity } from '../schemas/auth'
import { jsonResponse } from '../schemas/common'
import {
  CsatFilterQuerySchema,
  CsatListQuerySchema,
  CsatMetricsSchema,
  CsatParamsSchema,
  CsatSurveyResponsesSchema,
} from '../schemas/csat'
import { createRouter } from './router'

const tags = ['Reports']
const base = '/api/v1/accounts/{account_id}/csat_survey_responses'
const errors = () =>
  errorResponses('unauthorized', 'forbidden', 'not_found', 'validation_failed', 'rate_limited')
const visibility =
  'An agent sees the answers of conversations in its inboxes only; administrators see all.'

const listRoute = createRoute({
  operationId: 'listCsatSurveyResponses',
  method: 'get',
  path: base,
  tags,
  security: accountSecurity,
  summary: 'CSAT survey answers, newest first (25 a page)',
  description: `Chatwoot's list of CSAT responses, filtered as it filters them. ${visibility}`,
  request: { params: CsatParamsSchema, query: CsatListQuerySchema },
  responses: { 200: jsonResponse(CsatSurveyResponsesSchema, 'The answers'), ...errors() },
})

const metricsRoute = createRoute({
  operationId: 'getCsatSurveyMetrics',
  method: 'get',
  path: `${base}/metrics`,
  tags,
  security: accountSecurity,
  summary: 'CSAT counts: answers, answers per rating, surveys sent, satisfaction score',
  description: `Chatwoot's CSAT metrics under the same filters as the list. ${visibility}`,
  request: { params: CsatParamsSchema, query: CsatFilterQuerySchema },
  responses: { 200: jsonResponse(CsatMetricsSchema, 'The metrics'), ...errors() },
})

const idList = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value : value === undefined ? [] : value.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '')

/** The request's filter; an agent's is narrowed to its inboxes, a bot has none. */
function filterOf(c: Context<AppEnv>, query: z.infer<typeof CsatFilterQuerySchema>): CsatFilter {
  if (c.var.principal.type === 'agent_bot') {
    throw apiError('forbidden', 'Agent bots cannot read CSAT responses')
  }
  const raw = [...idList(query.user_ids), ...idList(query['user_ids[]'])]
  const userIds = raw.map(Number)
  if (userIds.some((id) => !Number.isSafeInteger(id) || id <= 0)) {
    throw validationError([fieldError('user_ids', 'must be user ids')])
  }
  if (query.since !== undefined && query.until !== undefined && query.until <= query.since) {
    throw validationError([fieldError('until', 'must be after since')])
  }
  return {
    accountId: c.var.accountId,
    since: query.since,
    until: query.until,
    userIds,
    inboxId: query.inbox_id,
    teamId: query.team_id,
    rating: query.rating,
    agentId: restrictedAgentId(c),
  }
}

const percent = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100

export const csatSurveyResponseRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const query = c.req.valid('query')
    const rows = await listCsatResponses(c.var.db, filterOf(c, query), query.page)
    return c.json(
      rows.map(({ response: r, displayId, contact, agent }) => ({
        id: r.id,
        rating: r.rating,
        feedback_message: r.feedbackMessage,
        account_id: r.accountId,
        message_id: r.messageId,
        ...(contact
          ? {
              contact: {
                id: contact.id,
                name: contact.name,
                email: contact.email,
                phone_number: contact.phoneNumber,
                thumbnail: '',
              },
            }
          : {}),
        conversation_id: displayId,
        ...(agent
          ? {
              assigned_agent: {
                id: agent.id,
                name: agent.name,
                available_name: agent.displayName || agent.name,
                email: agent.email,
                thumbnail: '',
              },
            }
          : {}),
        created_at: r.createdAt,
      })),
      200,
    )
  })
  .openapi(metricsRoute, async (c) => {
    const { ratings, sent } = await csatMetrics(c.var.db, filterOf(c, c.req.valid('query')))
    const total = ratings.reduce((sum, r) => sum + r.count, 0)
    const satisfied = ratings.filter((r) => r.rating >= 4).reduce((sum, r) => sum + r.count, 0)
    return c.json(
      {
        total_count: total,
        ratings_count: Object.fromEntries(ratings.map((r) => [String(r.rating), r.count])),
        total_sent_messages_count: sent,
        satisfaction_score: percent(satisfied, total),
        response_rate: percent(total, sent),
      },
      200,
    )
  })

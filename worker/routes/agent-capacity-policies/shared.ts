import { createRoute, type z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { drainMemberInboxes } from '../../assignment/queues'
import { listPolicies } from '../../db/queries/agent-capacity-policies'
import type { AppEnv } from '../../env'
import { apiError, errorResponses } from '../../errors'
import { nowSeconds } from '../../lib/time'
import { unwrapBody } from '../../middleware/body'
import { accountSecurity } from '../../schemas/auth'
import { jsonBody, jsonResponse } from '../../schemas/common'
import { administratorsOnly } from '../agents/shared'
import { publishAfterResponse } from '../write-adapter'

export const tags = ['Agent capacity policies']
export const policiesPath = '/api/v1/accounts/{account_id}/agent_capacity_policies'

/** Every route here is for administrators (Chatwoot's AgentCapacityPolicyPolicy). */
export const readRoute = <P extends z.ZodObject, R extends z.ZodType>(
  operationId: string,
  method: 'get' | 'delete',
  path: string,
  summary: string,
  params: P,
  response: R,
) =>
  createRoute({
    operationId,
    method,
    path,
    tags,
    security: accountSecurity,
    summary,
    middleware: [administratorsOnly],
    request: { params },
    responses: {
      200: jsonResponse(response, summary),
      ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
    },
  })

export const writeRoute = <P extends z.ZodObject, B extends z.ZodType, R extends z.ZodType>(
  operationId: string,
  method: 'post' | 'patch',
  path: string,
  summary: string,
  params: P,
  body: B,
  response: R,
  wrap: string,
) =>
  createRoute({
    operationId,
    method,
    path,
    tags,
    security: accountSecurity,
    summary,
    middleware: [administratorsOnly, unwrapBody(wrap)],
    request: { params, body: jsonBody(body) },
    responses: {
      200: jsonResponse(response, summary),
      ...errorResponses(
        'unauthorized',
        'forbidden',
        'not_found',
        'validation_failed',
        'unsupported_media_type',
        'rate_limited',
      ),
    },
  })

export async function policyOr404(c: Context<AppEnv>, id: number) {
  const [policy] = await listPolicies(c.var.db, c.var.accountId, id)
  if (!policy) throw apiError('not_found', `Agent capacity policy ${id} not found`)
  return policy
}

/**
 * A change that may give agents room (a raised or removed limit, an agent joining or leaving a
 * policy): the queues of their inboxes drain now, and the assignments publish after the response.
 */
export async function drainFor(c: Context<AppEnv>, userIds: number[]) {
  if (userIds.length === 0) return
  const accountId = c.var.accountId
  const eventIds = await drainMemberInboxes(c.env, accountId, userIds, nowSeconds())
  publishAfterResponse(c, accountId, eventIds)
}

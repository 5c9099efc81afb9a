import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { drainMemberInboxes } from '../assignment/queues'
import {
  deleteInboxLimit,
  deletePolicy,
  findInboxLimit,
  insertInboxLimit,
  insertPolicy,
  listPolicies,
  listPolicyUsers,
  setUserPolicy,
  updateInboxLimit,
  updatePolicy,
} from '../db/queries/agent-capacity-policies'
import { findInbox } from '../db/queries/inboxes'
import type { AppEnv } from '../env'
import { apiError, errorResponses, fieldError, validationError } from '../errors'
import { nowSeconds } from '../lib/time'
import { unwrapBody } from '../middleware/body'
import {
  AgentCapacityPolicyInputSchema,
  AgentCapacityPolicySchema,
  AgentCapacityPolicyUpdateSchema,
  InboxCapacityLimitSchema,
  InboxLimitInputSchema,
  InboxLimitParamsSchema,
  InboxLimitUpdateSchema,
  PolicyUserInputSchema,
  PolicyUserParamsSchema,
  toAgentCapacityPolicy,
  toInboxLimit,
} from '../schemas/agent-capacity-policies'
import { AgentSchema, toAgent } from '../schemas/agents'
import { accountSecurity } from '../schemas/auth'
import {
  AccountAndIdParamsSchema,
  AccountIdParamsSchema,
  EmptySchema,
  jsonBody,
  jsonResponse,
} from '../schemas/common'
import { administratorsOnly } from './agents/shared'
import { createRouter } from './router'
import { publishAfterResponse } from './write-adapter'

const tags = ['Agent capacity policies']
const base = '/api/v1/accounts/{account_id}/agent_capacity_policies'

/** Every route here is for administrators (Chatwoot's AgentCapacityPolicyPolicy). */
const readRoute = <P extends z.ZodObject, R extends z.ZodType>(
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

const writeRoute = <P extends z.ZodObject, B extends z.ZodType, R extends z.ZodType>(
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

async function policyOr404(c: Context<AppEnv>, id: number) {
  const [policy] = await listPolicies(c.var.db, c.var.accountId, id)
  if (!policy) throw apiError('not_found', `Agent capacity policy ${id} not found`)
  return policy
}

/**
 * A change that may give agents room (a raised or removed limit, an agent joining or leaving a
 * policy): the queues of their inboxes drain now, and the assignments publish after the response.
 */
async function drainFor(c: Context<AppEnv>, userIds: number[]) {
  if (userIds.length === 0) return
  const accountId = c.var.accountId
  const eventIds = await drainMemberInboxes(c.env, accountId, userIds, nowSeconds())
  publishAfterResponse(c, accountId, eventIds)
}

const P = AgentCapacityPolicySchema
const listRoute = readRoute(
  'listAgentCapacityPolicies',
  'get',
  base,
  "List the account's agent capacity policies",
  AccountIdParamsSchema,
  z.array(P),
)
const showRoute = readRoute(
  'getAgentCapacityPolicy',
  'get',
  `${base}/{id}`,
  'Show an agent capacity policy',
  AccountAndIdParamsSchema,
  P,
)
const createPolicyRoute = writeRoute(
  'createAgentCapacityPolicy',
  'post',
  base,
  'Create an agent capacity policy',
  AccountIdParamsSchema,
  AgentCapacityPolicyInputSchema,
  P,
  'agent_capacity_policy',
)
const updateRoute = writeRoute(
  'updateAgentCapacityPolicy',
  'patch',
  `${base}/{id}`,
  'Update an agent capacity policy',
  AccountAndIdParamsSchema,
  AgentCapacityPolicyUpdateSchema,
  P,
  'agent_capacity_policy',
)
const deleteRoute = readRoute(
  'deleteAgentCapacityPolicy',
  'delete',
  `${base}/{id}`,
  'Delete an agent capacity policy; its agents keep no limit',
  AccountAndIdParamsSchema,
  EmptySchema,
)
const listUsersRoute = readRoute(
  'listAgentCapacityPolicyUsers',
  'get',
  `${base}/{id}/users`,
  "List a policy's agents",
  AccountAndIdParamsSchema,
  z.array(AgentSchema),
)
const addUserRoute = writeRoute(
  'addAgentCapacityPolicyUser',
  'post',
  `${base}/{id}/users`,
  'Put an agent under the policy (an agent has one policy at most)',
  AccountAndIdParamsSchema,
  PolicyUserInputSchema,
  AgentSchema,
  'user',
)
const removeUserRoute = readRoute(
  'removeAgentCapacityPolicyUser',
  'delete',
  `${base}/{id}/users/{user_id}`,
  'Take an agent out of the policy',
  PolicyUserParamsSchema,
  EmptySchema,
)
const addLimitRoute = writeRoute(
  'createInboxCapacityLimit',
  'post',
  `${base}/{id}/inbox_limits`,
  "Set the policy's limit in an inbox",
  AccountAndIdParamsSchema,
  InboxLimitInputSchema,
  InboxCapacityLimitSchema,
  'inbox_limit',
)
const updateLimitRoute = writeRoute(
  'updateInboxCapacityLimit',
  'patch',
  `${base}/{id}/inbox_limits/{limit_id}`,
  "Change the policy's limit in an inbox",
  InboxLimitParamsSchema,
  InboxLimitUpdateSchema,
  InboxCapacityLimitSchema,
  'inbox_limit',
)
const removeLimitRoute = readRoute(
  'deleteInboxCapacityLimit',
  'delete',
  `${base}/{id}/inbox_limits/{limit_id}`,
  "Remove the policy's limit in an inbox",
  InboxLimitParamsSchema,
  EmptySchema,
)

export const agentCapacityPolicyRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const policies = await listPolicies(c.var.db, c.var.accountId)
    return c.json(policies.map(toAgentCapacityPolicy), 200)
  })
  .openapi(showRoute, async (c) => {
    return c.json(toAgentCapacityPolicy(await policyOr404(c, c.req.valid('param').id)), 200)
  })
  .openapi(createPolicyRoute, async (c) => {
    const body = c.req.valid('json')
    const row = await insertPolicy(c.var.db, {
      accountId: c.var.accountId,
      name: body.name,
      description: body.description ?? null,
      exclusionRules: body.exclusion_rules ?? {},
      overallConversationLimit: body.overall_conversation_limit ?? null,
    })
    if (!row) throw new Error('policy insert returned nothing')
    return c.json(toAgentCapacityPolicy({ ...row, limits: [], userIds: [] }), 200)
  })
  .openapi(updateRoute, async (c) => {
    const { id } = c.req.valid('param')
    const body = c.req.valid('json')
    const before = await policyOr404(c, id)
    await updatePolicy(c.var.db, c.var.accountId, id, {
      name: body.name,
      description: body.description,
      exclusionRules: body.exclusion_rules,
      overallConversationLimit: body.overall_conversation_limit,
    })
    await drainFor(c, before.userIds)
    return c.json(toAgentCapacityPolicy(await policyOr404(c, id)), 200)
  })
  .openapi(deleteRoute, async (c) => {
    const { id } = c.req.valid('param')
    const before = await policyOr404(c, id)
    if (!(await deletePolicy(c.var.db, c.var.accountId, id))) {
      throw apiError('not_found', `Agent capacity policy ${id} not found`)
    }
    await drainFor(c, before.userIds)
    return c.json({}, 200)
  })
  .openapi(listUsersRoute, async (c) => {
    const policy = await policyOr404(c, c.req.valid('param').id)
    const rows = await listPolicyUsers(c.var.db, c.var.accountId, policy.id)
    return c.json(
      rows.map((r) => toAgent(r.user, r.membership)),
      200,
    )
  })
  .openapi(addUserRoute, async (c) => {
    const policy = await policyOr404(c, c.req.valid('param').id)
    const { user_id } = c.req.valid('json')
    if (!(await setUserPolicy(c.var.db, c.var.accountId, user_id, policy.id))) {
      throw validationError([
        fieldError('user_id', 'is not a member of this account', 'not_member'),
      ])
    }
    await drainFor(c, [user_id])
    const rows = await listPolicyUsers(c.var.db, c.var.accountId, policy.id)
    const added = rows.find((r) => r.user.id === user_id)
    if (!added) throw apiError('not_found', `User ${user_id} not found`)
    return c.json(toAgent(added.user, added.membership), 200)
  })
  .openapi(removeUserRoute, async (c) => {
    const { id, user_id } = c.req.valid('param')
    const policy = await policyOr404(c, id)
    if (!(await setUserPolicy(c.var.db, c.var.accountId, user_id, null, policy.id))) {
      throw apiError('not_found', `User ${user_id} is not under policy ${id}`)
    }
    await drainFor(c, [user_id])
    return c.json({}, 200)
  })
  .openapi(addLimitRoute, async (c) => {
    const policy = await policyOr404(c, c.req.valid('param').id)
    const { inbox_id, conversation_limit } = c.req.valid('json')
    if (!(await findInbox(c.var.db, c.var.accountId, inbox_id))) {
      throw validationError([
        fieldError('inbox_id', 'is not an inbox of this account', 'not_found'),
      ])
    }
    const row = await insertInboxLimit(c.var.db, {
      accountId: c.var.accountId,
      agentCapacityPolicyId: policy.id,
      inboxId: inbox_id,
      conversationLimit: conversation_limit,
    })
    if (!row) {
      throw validationError([fieldError('inbox_id', 'already has a limit in this policy', 'taken')])
    }
    await drainFor(c, policy.userIds)
    return c.json(toInboxLimit(row), 200)
  })
  .openapi(updateLimitRoute, async (c) => {
    const { id, limit_id } = c.req.valid('param')
    const policy = await policyOr404(c, id)
    const limit = await findInboxLimit(c.var.db, c.var.accountId, policy.id, limit_id)
    if (!limit) throw apiError('not_found', `Inbox limit ${limit_id} not found`)
    const row = await updateInboxLimit(c.var.db, limit, c.req.valid('json').conversation_limit)
    if (!row) throw apiError('not_found', `Inbox limit ${limit_id} not found`)
    await drainFor(c, policy.userIds)
    return c.json(toInboxLimit(row), 200)
  })
  .openapi(removeLimitRoute, async (c) => {
    const { id, limit_id } = c.req.valid('param')
    const policy = await policyOr404(c, id)
    const limit = await findInboxLimit(c.var.db, c.var.accountId, policy.id, limit_id)
    if (!limit) throw apiError('not_found', `Inbox limit ${limit_id} not found`)
    await deleteInboxLimit(c.var.db, limit)
    await drainFor(c, policy.userIds)
    return c.json({}, 200)
  })

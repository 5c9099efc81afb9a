import { z } from '@hono/zod-openapi'
import {
  deletePolicy,
  insertPolicy,
  listPolicies,
  updatePolicy,
} from '../../db/queries/agent-capacity-policies'
import { apiError } from '../../errors'
import {
  AgentCapacityPolicyInputSchema,
  AgentCapacityPolicySchema,
  AgentCapacityPolicyUpdateSchema,
  toAgentCapacityPolicy,
} from '../../schemas/agent-capacity-policies'
import { AccountAndIdParamsSchema, AccountIdParamsSchema, EmptySchema } from '../../schemas/common'
import { createRouter } from '../router'
import { drainFor, policiesPath, policyOr404, readRoute, writeRoute } from './shared'

const P = AgentCapacityPolicySchema
const listRoute = readRoute(
  'listAgentCapacityPolicies',
  'get',
  policiesPath,
  "List the account's agent capacity policies",
  AccountIdParamsSchema,
  z.array(P),
)
const showRoute = readRoute(
  'getAgentCapacityPolicy',
  'get',
  `${policiesPath}/{id}`,
  'Show an agent capacity policy',
  AccountAndIdParamsSchema,
  P,
)
const createPolicyRoute = writeRoute(
  'createAgentCapacityPolicy',
  'post',
  policiesPath,
  'Create an agent capacity policy',
  AccountIdParamsSchema,
  AgentCapacityPolicyInputSchema,
  P,
  'agent_capacity_policy',
)
const updateRoute = writeRoute(
  'updateAgentCapacityPolicy',
  'patch',
  `${policiesPath}/{id}`,
  'Update an agent capacity policy',
  AccountAndIdParamsSchema,
  AgentCapacityPolicyUpdateSchema,
  P,
  'agent_capacity_policy',
)
const deleteRoute = readRoute(
  'deleteAgentCapacityPolicy',
  'delete',
  `${policiesPath}/{id}`,
  'Delete an agent capacity policy; its agents keep no limit',
  AccountAndIdParamsSchema,
  EmptySchema,
)
export const policyRoutes = createRouter()
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

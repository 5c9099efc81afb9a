import { z } from '@hono/zod-openapi'
import { listPolicyUsers, setUserPolicy } from '../../db/queries/agent-capacity-policies'
import { apiError, fieldError, validationError } from '../../errors'
import {
  PolicyUserInputSchema,
  PolicyUserParamsSchema,
} from '../../schemas/agent-capacity-policies'
import { AgentSchema, toAgent } from '../../schemas/agents'
import { AccountAndIdParamsSchema, EmptySchema } from '../../schemas/common'
import { createRouter } from '../router'
import { drainFor, policiesPath, policyOr404, readRoute, writeRoute } from './shared'

const listUsersRoute = readRoute(
  'listAgentCapacityPolicyUsers',
  'get',
  `${policiesPath}/{id}/users`,
  "List a policy's agents",
  AccountAndIdParamsSchema,
  z.array(AgentSchema),
)
const addUserRoute = writeRoute(
  'addAgentCapacityPolicyUser',
  'post',
  `${policiesPath}/{id}/users`,
  'Put an agent under the policy (an agent has one policy at most)',
  AccountAndIdParamsSchema,
  PolicyUserInputSchema,
  AgentSchema,
  'user',
)
const removeUserRoute = readRoute(
  'removeAgentCapacityPolicyUser',
  'delete',
  `${policiesPath}/{id}/users/{user_id}`,
  'Take an agent out of the policy',
  PolicyUserParamsSchema,
  EmptySchema,
)
export const policyUserRoutes = createRouter()
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

import { createRoute } from '@hono/zod-openapi'
import { findAgentLoad } from '../../db/queries/agent-capacity'
import { findInbox } from '../../db/queries/inboxes'
import { apiError, errorResponses } from '../../errors'
import { currentUserId } from '../../middleware/auth'
import {
  AgentCapacityQuerySchema,
  AgentCapacitySchema,
  toAgentCapacity,
} from '../../schemas/agent-capacity-policies'
import { accountSecurity } from '../../schemas/auth'
import { AccountAndIdParamsSchema, jsonResponse } from '../../schemas/common'
import { createRouter } from '../router'
import { agentsPath, tags } from './shared'

const capacityRoute = createRoute({
  operationId: 'getAgentCapacity',
  method: 'get',
  path: `${agentsPath}/{id}/capacity`,
  tags,
  security: accountSecurity,
  summary:
    "An agent's room under their capacity policy (Chatwoot's agents/{id}/capacity): their own for an agent, anyone's for an administrator",
  request: { params: AccountAndIdParamsSchema, query: AgentCapacityQuerySchema },
  responses: {
    200: jsonResponse(AgentCapacitySchema, 'Capacity'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'rate_limited',
    ),
  },
})

export const agentCapacityRoutes = createRouter().openapi(capacityRoute, async (c) => {
  const { id } = c.req.valid('param')
  const { inbox_id } = c.req.valid('query')
  if (c.var.role !== 'administrator' && currentUserId(c) !== id) throw apiError('forbidden')
  if (inbox_id !== undefined && !(await findInbox(c.var.db, c.var.accountId, inbox_id))) {
    throw apiError('not_found', `Inbox ${inbox_id} not found`)
  }
  const load = await findAgentLoad(c.var.db, c.var.accountId, id, inbox_id ?? null)
  if (!load) throw apiError('not_found', `Agent ${id} not found`)
  return c.json(toAgentCapacity(load, inbox_id), 200)
})

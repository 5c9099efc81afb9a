import { createRoute, z } from '@hono/zod-openapi'
import { listAgents } from '../../db/queries/agents'
import { pendingInvitationExpiries } from '../../db/queries/password-tokens'
import { directoryDb } from '../../db/replicate'
import { errorResponses } from '../../errors'
import { AgentSchema, toAgent } from '../../schemas/agents'
import { accountSecurity } from '../../schemas/auth'
import { AccountIdParamsSchema, jsonResponse } from '../../schemas/common'
import { createRouter } from '../router'
import { agentsPath, tags } from './shared'

const listAgentsRoute = createRoute({
  operationId: 'listAgents',
  method: 'get',
  path: agentsPath,
  tags,
  security: accountSecurity,
  summary: "List the account's agents and administrators",
  request: { params: AccountIdParamsSchema },
  responses: {
    200: jsonResponse(z.array(AgentSchema), 'Agents'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

export const agentReadRoutes = createRouter().openapi(listAgentsRoute, async (c) => {
  const rows = await listAgents(c.var.db, c.var.accountId)
  const pending = rows.filter((r) => r.user.passwordHash === null).map((r) => r.user.id)
  // Links live only in the directory: read there, and only when someone is still invited.
  const expiries =
    pending.length > 0
      ? await pendingInvitationExpiries(await directoryDb(c), c.var.accountId, pending)
      : new Map<number, number>()
  return c.json(
    rows.map((r) =>
      toAgent(r.user, r.membership, {
        confirmed: r.user.passwordHash !== null,
        expiresAt: expiries.get(r.user.id),
      }),
    ),
    200,
  )
})

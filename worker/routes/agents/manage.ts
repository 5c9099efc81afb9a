import { createRoute } from '@hono/zod-openapi'
import {
  batchAll,
  countAdministrators,
  removeMemberDataStatements,
  updateMembershipStatement,
} from '../../db/queries/agents'
import { renameUserOfOneAccountStatement } from '../../db/queries/users'
import { directoryDb, narrowOnShards } from '../../db/replicate'
import { apiError, errorResponses } from '../../errors'
import { copyMembership, revokeMembership } from '../../identity/memberships'
import { announcePresence } from '../../live/presence'
import { revokeLiveAccess } from '../../live/revoke'
import { unwrapBody } from '../../middleware/body'
import { closeSessionSockets } from '../../middleware/session-credentials'
import { AgentSchema, AgentUpdateSchema, toAgent } from '../../schemas/agents'
import { accountSecurity } from '../../schemas/auth'
import { AccountAndIdParamsSchema, EmptySchema, jsonBody, jsonResponse } from '../../schemas/common'
import { createRouter } from '../router'
import { administratorsOnly, agentOr404, agentsPath, lastAdministrator, tags } from './shared'

const updateAgent = createRoute({
  operationId: 'updateAgent',
  method: 'patch',
  path: `${agentsPath}/{id}`,
  tags,
  security: accountSecurity,
  summary: "Change an agent's name, role or availability (administrators); id is the user id",
  description:
    "The role, availability and auto_offline are this account's own. The name is the user's, " +
    'which every account of the user shows: it can be changed here only for a user who belongs ' +
    'to this account alone (403 otherwise; sending the unchanged name is allowed).',
  middleware: [administratorsOnly, unwrapBody('agent')],
  request: { params: AccountAndIdParamsSchema, body: jsonBody(AgentUpdateSchema) },
  responses: {
    200: jsonResponse(AgentSchema, 'The agent'),
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

const deleteAgent = createRoute({
  operationId: 'deleteAgent',
  method: 'delete',
  path: `${agentsPath}/{id}`,
  tags,
  security: accountSecurity,
  summary: 'Remove a user from the account and its inboxes and teams (administrators)',
  description:
    'The user itself stays; its conversations in the account become unassigned (no events, as ' +
    'Chatwoot). Its sessions end and its unused invitation and reset links of the account are ' +
    'revoked. The last administrator of an account cannot be removed.',
  middleware: [administratorsOnly],
  request: { params: AccountAndIdParamsSchema },
  responses: {
    200: jsonResponse(EmptySchema, 'Removed'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'rate_limited',
    ),
  },
})

const sharedUser = () =>
  apiError(
    'forbidden',
    'This user belongs to other accounts too, which show the same name: only its role and ' +
      'availability in this account can be changed here',
  )

export const agentManageRoutes = createRouter()
  .openapi(updateAgent, async (c) => {
    const { id } = c.req.valid('param')
    const body = c.req.valid('json')
    const directory = await directoryDb(c)
    const accountId = c.var.accountId
    const agent = await agentOr404(c, directory, id)
    const demoted = agent.membership.role === 'administrator' && body.role === 'agent'
    if (demoted && (await countAdministrators(directory, accountId)) <= 1) {
      throw lastAdministrator()
    }
    const membershipChanges = {
      role: body.role,
      availability: body.availability,
      autoOffline: body.auto_offline,
    }
    const membershipChanged = Object.values(membershipChanges).some((v) => v !== undefined)
    // The name lives on the user, shared by its accounts: renamed first and alone (refused when
    // another account has the user), so a refusal leaves this account's settings unchanged too.
    const renamed = body.name !== undefined && body.name !== agent.user.name
    if (renamed) {
      const [row] = await renameUserOfOneAccountStatement(directory, id, accountId, body.name ?? '')
      if (!row) throw sharedUser()
    }
    // A lowered role takes rights away: every shard first, then the directory.
    if (demoted) {
      await narrowOnShards(c, (shard) => [
        updateMembershipStatement(shard, accountId, id, { role: 'agent' }),
      ])
    }
    if (membershipChanged) {
      await updateMembershipStatement(directory, accountId, id, membershipChanges)
    }
    // Then the directory's rows to the shards: a raised role is granted only now.
    if (renamed || membershipChanged) {
      await copyMembership(
        c.env,
        { userId: id, membershipId: agent.membership.id },
        { user: renamed },
      )
    }
    // A demoted administrator's open sockets narrow to its inboxes at once.
    if (demoted) await revokeLiveAccess(c.env, [accountId])
    if (body.availability !== undefined || body.auto_offline !== undefined) {
      await announcePresence(c.env, accountId, id)
    }
    const updated = await agentOr404(c, directory, id)
    return c.json(
      toAgent(updated.user, updated.membership, {
        confirmed: updated.user.passwordHash !== null,
      }),
      200,
    )
  })
  .openapi(deleteAgent, async (c) => {
    const { id } = c.req.valid('param')
    const directory = await directoryDb(c)
    const accountId = c.var.accountId
    // Read in the directory, so that a removal that failed halfway can be sent again.
    const agent = await agentOr404(c, directory, id)
    if (
      agent.membership.role === 'administrator' &&
      (await countAdministrators(directory, accountId)) <= 1
    ) {
      throw lastAdministrator()
    }
    const member = { accountId, userId: id, membershipId: agent.membership.id }
    // Another request removed the other administrators in the meantime.
    if (!(await revokeMembership(c, directory, member))) throw lastAdministrator()
    // Then the account's own data, on its shard, once the membership has left it: should this
    // fail, the user is already out of the account and only its assignments remain.
    await batchAll(c.var.db, [...removeMemberDataStatements(c.var.db, accountId, id)])
    // Its sessions ended with the membership: their sockets close in its other accounts too.
    await closeSessionSockets(c, id, [accountId])
    // Colleagues' dashboards stop showing the member at once, not after the presence grace.
    await announcePresence(c.env, accountId, id)
    return c.json({}, 200)
  })

import { createRoute, z } from '@hono/zod-openapi'
import { type SQL, sql } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'
import {
  accountMemberIds,
  batchAll,
  countAdministrators,
  findAgent,
  insertMembershipStatement,
  listAgents,
  removeAgentStatements,
  updateMembershipStatement,
} from '../db/queries/agents'
import { deleteSessionsOfRemovedMemberStatement } from '../db/queries/sessions'
import { findUserByEmail, insertUserStatement, updateUserStatement } from '../db/queries/users'
import { users } from '../db/schema'
import { type AppEnv, createRouter } from '../env'
import { apiError, errorResponses, fieldError, validationError } from '../errors'
import { closeSessionSockets } from '../lib/sessions'
import { revokeLiveAccess } from '../live/revoke'
import { currentUserId, requireAdministrator } from '../middleware/auth'
import { unwrapBody } from '../middleware/body'
import { AgentInputSchema, AgentSchema, AgentUpdateSchema, toAgent } from '../schemas/agents'
import {
  AccountAndIdParamsSchema,
  AccountIdParamsSchema,
  EmptySchema,
  jsonBody,
  jsonResponse,
  tokenSecurity,
} from '../schemas/common'

const tags = ['Agents']
const base = '/api/v1/accounts/{account_id}/agents'

/**
 * Route middleware for writes: an agent is refused with 403 before its body is even validated,
 * so it learns nothing about the resource from validation messages.
 */
export const administratorsOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireAdministrator(c)
  await next()
}

/** 422 naming `user_ids` unless every id is a member of the caller's account. */
export async function requireAccountMembers(c: Context<AppEnv>, userIds: readonly number[]) {
  const members = await accountMemberIds(c.var.db, c.var.accountId, userIds)
  const unknown = userIds.filter((id) => !members.has(id))
  if (unknown.length > 0) {
    throw validationError([
      fieldError('user_ids', `are not agents of this account: ${unknown.join(', ')}`, 'not_found'),
    ])
  }
}

const lastAdministrator = () =>
  validationError([
    fieldError('role', 'the account must keep at least one administrator', 'last_administrator'),
  ])

async function agentOr404(c: Context<AppEnv>, userId: number) {
  const agent = await findAgent(c.var.db, c.var.accountId, userId)
  if (!agent) throw apiError('not_found', `Agent ${userId} not found`)
  return agent
}

const listAgentsRoute = createRoute({
  operationId: 'listAgents',
  method: 'get',
  path: base,
  tags,
  security: tokenSecurity,
  summary: "List the account's agents and administrators",
  request: { params: AccountIdParamsSchema },
  responses: {
    200: jsonResponse(z.array(AgentSchema), 'Agents'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const createAgent = createRoute({
  operationId: 'createAgent',
  method: 'post',
  path: base,
  tags,
  security: tokenSecurity,
  summary: 'Add a user to the account by email, creating the user if needed (administrators)',
  middleware: [administratorsOnly, unwrapBody('agent')],
  request: { params: AccountIdParamsSchema, body: jsonBody(AgentInputSchema) },
  responses: {
    200: jsonResponse(AgentSchema, 'The agent'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'validation_failed',
      'unsupported_media_type',
      'not_found',
      'rate_limited',
    ),
  },
})

const updateAgent = createRoute({
  operationId: 'updateAgent',
  method: 'patch',
  path: `${base}/{id}`,
  tags,
  security: tokenSecurity,
  summary: "Change an agent's name, role or availability (administrators); id is the user id",
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
  path: `${base}/{id}`,
  tags,
  security: tokenSecurity,
  summary: 'Remove a user from the account and its inboxes and teams (administrators)',
  description:
    'The user itself stays; its conversations in the account become unassigned (no events, as ' +
    'Chatwoot). The last administrator of an account cannot be removed.',
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

export const agentRoutes = createRouter()
  .openapi(listAgentsRoute, async (c) => {
    const rows = await listAgents(c.var.db, c.var.accountId)
    return c.json(
      rows.map((r) => toAgent(r.user, r.membership)),
      200,
    )
  })
  .openapi(createAgent, async (c) => {
    const body = c.req.valid('json')
    const db = c.var.db
    const accountId = c.var.accountId
    const existing = await findUserByEmail(db, body.email)
    if (existing && (await findAgent(db, accountId, existing.id))) {
      throw validationError([fieldError('email', 'is already an agent of this account', 'taken')])
    }
    if (!existing && !body.name) {
      throw validationError([fieldError('name', 'is required for a new user', 'required')])
    }
    const membership = (userId: number | SQL) =>
      insertMembershipStatement(db, {
        accountId,
        userId,
        role: body.role,
        inviterId: currentUserId(c),
        availability: body.availability,
        autoOffline: body.auto_offline,
      })
    let userId: number | undefined
    if (existing) {
      const [row] = await membership(existing.id)
      userId = row?.userId
    } else {
      // The new user's id is only known inside the batch; the membership finds it by email.
      const idByEmail = sql`(select ${users.id} from ${users} where ${users.email} = ${body.email})`
      const [, rows] = await db.batch([
        insertUserStatement(db, { name: body.name ?? '', email: body.email }),
        membership(idByEmail),
      ])
      userId = rows[0]?.userId
    }
    const agent = userId === undefined ? undefined : await findAgent(db, accountId, userId)
    if (!agent) throw new Error('agent insert returned nothing')
    return c.json(toAgent(agent.user, agent.membership), 200)
  })
  .openapi(updateAgent, async (c) => {
    const { id } = c.req.valid('param')
    const body = c.req.valid('json')
    const db = c.var.db
    const accountId = c.var.accountId
    const agent = await agentOr404(c, id)
    const demoted = agent.membership.role === 'administrator' && body.role === 'agent'
    if (demoted && (await countAdministrators(db, accountId)) <= 1) throw lastAdministrator()
    const membershipChanges = {
      role: body.role,
      availability: body.availability,
      autoOffline: body.auto_offline,
    }
    // The name lives on the user (shared by its accounts), the rest on this account's membership.
    await batchAll(db, [
      ...(body.name !== undefined ? [updateUserStatement(db, id, { name: body.name })] : []),
      ...(Object.values(membershipChanges).some((v) => v !== undefined)
        ? [updateMembershipStatement(db, accountId, id, membershipChanges)]
        : []),
    ])
    // A demoted administrator's open sockets narrow to its inboxes at once.
    if (demoted) await revokeLiveAccess(c.env, [accountId])
    const updated = await agentOr404(c, id)
    return c.json(toAgent(updated.user, updated.membership), 200)
  })
  .openapi(deleteAgent, async (c) => {
    const { id } = c.req.valid('param')
    const db = c.var.db
    const accountId = c.var.accountId
    const agent = await agentOr404(c, id)
    if (
      agent.membership.role === 'administrator' &&
      (await countAdministrators(db, accountId)) <= 1
    ) {
      throw lastAdministrator()
    }
    const [removed] = await db.batch([
      ...removeAgentStatements(db, accountId, id),
      deleteSessionsOfRemovedMemberStatement(db, accountId, id),
    ])
    // Another request removed the other administrators in the meantime.
    if (removed.length === 0) throw lastAdministrator()
    // Its sessions ended with the membership: their sockets close in its other accounts too.
    await closeSessionSockets(c, id, [accountId])
    return c.json({}, 200)
  })

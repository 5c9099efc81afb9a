import { createRoute, z } from '@hono/zod-openapi'
import { type SQL, sql } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'
import type { Db } from '../db/client'
import {
  accountMemberIds,
  batchAll,
  countAdministrators,
  findAgent,
  insertMembershipStatement,
  listAgents,
  removeMemberDataStatements,
  updateMembershipStatement,
} from '../db/queries/agents'
import { otherAccountCount, pendingInvitationExpiries } from '../db/queries/password-tokens'
import { findUserByEmail, insertUserStatement, updateUserStatement } from '../db/queries/users'
import { directoryDb, narrowOnShards } from '../db/replicate'
import { users } from '../db/schema'
import { type AppEnv, createRouter } from '../env'
import { apiError, errorResponses, fieldError, validationError } from '../errors'
import { copyMembership, revokeMembership } from '../lib/memberships'
import { newPasswordLink } from '../lib/password-links'
import { closeSessionSockets } from '../lib/sessions'
import { revokeLiveAccess } from '../live/revoke'
import { currentUserId, requireAdministrator } from '../middleware/auth'
import { unwrapBody } from '../middleware/body'
import { AgentInputSchema, AgentSchema, AgentUpdateSchema, toAgent } from '../schemas/agents'
import { accountSecurity } from '../schemas/auth'
import {
  AccountAndIdParamsSchema,
  AccountIdParamsSchema,
  EmptySchema,
  jsonBody,
  jsonResponse,
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

/** The member, read in `db`: the directory for a write (the truth), else the shard's copy. */
async function agentOr404(c: Context<AppEnv>, db: Db, userId: number) {
  const agent = await findAgent(db, c.var.accountId, userId)
  if (!agent) throw apiError('not_found', `Agent ${userId} not found`)
  return agent
}

const listAgentsRoute = createRoute({
  operationId: 'listAgents',
  method: 'get',
  path: base,
  tags,
  security: accountSecurity,
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
  security: accountSecurity,
  summary: 'Add a user to the account by email, creating the user if needed (administrators)',
  description:
    'A user without a password (new, or existing and never signed in) that belongs to no other ' +
    "account gets an invitation link: the response's `invitation_url` (Parley's addition), " +
    'valid once for 7 days, with which it sets its password and signs in. Only its SHA-256 is ' +
    'stored: the link is shown this once (POST …/invitation makes a new one).',
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
  security: accountSecurity,
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

export const agentRoutes = createRouter()
  .openapi(listAgentsRoute, async (c) => {
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
  .openapi(createAgent, async (c) => {
    const body = c.req.valid('json')
    // Users, memberships and links are written to the directory, the truth, and checked there.
    const directory = await directoryDb(c)
    const accountId = c.var.accountId
    const existing = await findUserByEmail(directory, body.email)
    const already = existing && (await findAgent(directory, accountId, existing.id))
    if (already) {
      // An earlier request may have failed after the directory's write, before the copies:
      // they are made now, so a retry leaves the member usable on the shards.
      await copyMembership(c.env, { userId: existing.id, membershipId: already.membership.id })
      throw validationError([fieldError('email', 'is already an agent of this account', 'taken')])
    }
    if (!existing && !body.name) {
      throw validationError([fieldError('name', 'is required for a new user', 'required')])
    }
    const membership = (userId: number | SQL) =>
      insertMembershipStatement(directory, {
        accountId,
        userId,
        role: body.role,
        inviterId: currentUserId(c),
        availability: body.availability,
        autoOffline: body.auto_offline,
      })
    // A link lets its holder set the user's password: never for a user of another account,
    // whose administrators did not hand its sign-in to this one.
    const invite =
      !existing ||
      (existing.passwordHash === null &&
        (await otherAccountCount(directory, accountId, existing.id)) === 0)
    // The new user's id is only known inside the batch; the others find it by email.
    const idByEmail = sql`(select ${users.id} from ${users} where ${users.email} = ${body.email})`
    const link = invite
      ? await newPasswordLink(
          c,
          directory,
          { userId: existing?.id ?? idByEmail, accountId, createdById: currentUserId(c) },
          'invitation',
        )
      : undefined
    await batchAll(directory, [
      ...(existing
        ? []
        : [insertUserStatement(directory, { name: body.name ?? '', email: body.email })]),
      membership(existing?.id ?? idByEmail),
      ...(link ? [link.insert] : []),
    ])
    const user = existing ?? (await findUserByEmail(directory, body.email))
    const agent = user && (await findAgent(directory, accountId, user.id))
    if (!agent) throw new Error('agent insert returned nothing')
    // A grant: the user and its membership reach the shards after the directory.
    await copyMembership(c.env, { userId: agent.user.id, membershipId: agent.membership.id })
    return c.json(
      toAgent(agent.user, agent.membership, {
        confirmed: agent.user.passwordHash !== null,
        expiresAt: link?.expiresAt,
        url: link?.url,
      }),
      200,
    )
  })
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
    // A lowered role takes rights away: every shard first, then the directory.
    if (demoted) {
      await narrowOnShards(c, (shard) => [
        updateMembershipStatement(shard, accountId, id, { role: 'agent' }),
      ])
    }
    // The name lives on the user (shared by its accounts), the rest on this account's membership.
    await batchAll(directory, [
      ...(body.name !== undefined ? [updateUserStatement(directory, id, { name: body.name })] : []),
      ...(membershipChanged
        ? [updateMembershipStatement(directory, accountId, id, membershipChanges)]
        : []),
    ])
    // Then the directory's rows to the shards: a raised role is granted only now.
    if (body.name !== undefined || membershipChanged) {
      await copyMembership(
        c.env,
        { userId: id, membershipId: agent.membership.id },
        { user: body.name !== undefined },
      )
    }
    // A demoted administrator's open sockets narrow to its inboxes at once.
    if (demoted) await revokeLiveAccess(c.env, [accountId])
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
    return c.json({}, 200)
  })

import { createRoute, z } from '@hono/zod-openapi'
import {
  deleteAccountUserStatement,
  demoteAccountUserStatement,
  listAccountUsers,
  upsertAccountUserStatement,
} from '../db/queries/account-users'
import { findAgent } from '../db/queries/agents'
import { deleteSessionsOfRemovedMemberStatement } from '../db/queries/sessions'
import { copyToShards, narrowOnShards } from '../db/replicate'
import { userSessions } from '../db/schema'
import { apiError, errorResponses } from '../errors'
import { copyMembership } from '../identity/memberships'
import { revokeLiveAccess } from '../live/revoke'
import { unwrapBody } from '../middleware/body'
import { closeSessionSockets } from '../middleware/session-credentials'
import {
  AccountIdParamsSchema,
  EmptySchema,
  jsonBody,
  jsonResponse,
  tokenSecurity,
} from '../schemas/common'
import {
  AccountUserDeleteSchema,
  AccountUserInputSchema,
  AccountUserSchema,
  toAccountUser,
} from '../schemas/users'
import { assertRoomFor } from './account-limits'
import { permittedAccount } from './platform-accounts'
import { permittedUser } from './platform-users'
import { createRouter } from './router'

const tags = ['Platform Account Users']

const listAccountUsersRoute = createRoute({
  operationId: 'listPlatformAccountUsers',
  method: 'get',
  path: '/accounts/{account_id}/account_users',
  tags,
  security: tokenSecurity,
  summary: "List an account's users and their roles",
  request: { params: AccountIdParamsSchema },
  responses: {
    200: jsonResponse(z.array(AccountUserSchema), 'Account users'),
    ...errorResponses('unauthorized', 'not_found', 'rate_limited'),
  },
})

const createAccountUser = createRoute({
  operationId: 'createPlatformAccountUser',
  method: 'post',
  path: '/accounts/{account_id}/account_users',
  tags,
  security: tokenSecurity,
  summary: 'Add a user to an account with a role, or change its role',
  description:
    "Both the account and the user must be ones this platform app created: another app's " +
    '(or an account administrator\'s) user gets the same 401 "Non permissible resource" as ' +
    "another app's account.",
  middleware: [unwrapBody('account_user')],
  request: { params: AccountIdParamsSchema, body: jsonBody(AccountUserInputSchema) },
  responses: {
    200: jsonResponse(AccountUserSchema, 'The account user'),
    ...errorResponses(
      'unauthorized',
      'not_found',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

const deleteAccountUser = createRoute({
  operationId: 'deletePlatformAccountUser',
  method: 'delete',
  path: '/accounts/{account_id}/account_users',
  tags,
  security: tokenSecurity,
  summary: 'Remove a user from an account',
  middleware: [unwrapBody('account_user')],
  request: { params: AccountIdParamsSchema, body: jsonBody(AccountUserDeleteSchema) },
  responses: {
    200: jsonResponse(EmptySchema, 'Removed'),
    ...errorResponses(
      'unauthorized',
      'not_found',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

export const platformAccountUsers = createRouter()
  .openapi(listAccountUsersRoute, async (c) => {
    const { account_id } = c.req.valid('param')
    await permittedAccount(c, account_id)
    const rows = await listAccountUsers(c.var.db, account_id)
    return c.json(rows.map(toAccountUser), 200)
  })
  .openapi(createAccountUser, async (c) => {
    const { account_id } = c.req.valid('param')
    const { user_id, role } = c.req.valid('json')
    // Both sides are the app's own: a user of another app (or of none: made by an account's
    // administrator) is not the app's to hand an account to, nor to take into one.
    await permittedAccount(c, account_id)
    await permittedUser(c, user_id)
    const db = c.var.db
    // A new member counts against the account's limits.agents; a role change does not.
    if (!(await findAgent(db, account_id, user_id))) await assertRoomFor(db, account_id, 'agents')
    // Making the user an agent may demote an administrator: that narrowing reaches every shard
    // before the directory (it inserts nothing there; a new member arrives with the copy below).
    if (role === 'agent') {
      await narrowOnShards(c, (shard) => [demoteAccountUserStatement(shard, account_id, user_id)])
    }
    const [row] = await upsertAccountUserStatement(db, {
      accountId: account_id,
      userId: user_id,
      role,
    })
    if (!row) throw new Error('account user upsert returned nothing')
    // A new membership or a promotion grants: the directory's row above, then the copies.
    await copyMembership(c.env, { userId: user_id, membershipId: row.id })
    // Making the user an agent may demote an administrator: its sockets narrow at once.
    if (role === 'agent') await revokeLiveAccess(c.env, [account_id])
    return c.json(toAccountUser(row), 200)
  })
  .openapi(deleteAccountUser, async (c) => {
    const { account_id } = c.req.valid('param')
    const { user_id } = c.req.valid('json')
    await permittedAccount(c, account_id)
    const db = c.var.db
    // A removal: every shard first, then the directory (the same two statements on each).
    await narrowOnShards(c, (shard) => [
      deleteAccountUserStatement(shard, account_id, user_id),
      deleteSessionsOfRemovedMemberStatement(shard, account_id, user_id),
    ])
    const [removed, ended] = await db.batch([
      deleteAccountUserStatement(db, account_id, user_id),
      deleteSessionsOfRemovedMemberStatement(db, account_id, user_id),
    ])
    // A session signed in while the shards were narrowed reached them before the directory
    // ended it here: its id, gone from the directory, leaves the shards too.
    await copyToShards(
      c.env,
      userSessions,
      ended.map((session) => session.id),
    )
    if (removed.length === 0) throw apiError('not_found', `User ${user_id} is not in this account`)
    // Its sessions ended with the membership: their sockets close in its other accounts too.
    await closeSessionSockets(c, user_id, [account_id])
    return c.json({}, 200)
  })

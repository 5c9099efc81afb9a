import { createRoute } from '@hono/zod-openapi'
import { sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { deleteTokensOf, newAccessToken } from '../db/queries/access-tokens'
import { unassignUserStatement } from '../db/queries/agents'
import {
  copyGrants,
  deletePermissibles,
  grantPermissible,
  isPermissible,
} from '../db/queries/platform-apps'
import { deleteSessionsOfStatement } from '../db/queries/sessions'
import {
  deleteUserStatement,
  findUser,
  findUserByEmail,
  insertUserStatement,
  listMemberships,
  updateUserStatement,
} from '../db/queries/users'
import { copyToShards, narrowOnShards } from '../db/replicate'
import { accessTokens, userSessions, users } from '../db/schema'
import type { AppEnv } from '../env'
import { apiError, errorResponses, fieldError, validationError } from '../errors'
import { hashPassword } from '../lib/passwords'
import { revokeLiveAccess } from '../live/revoke'
import { currentPlatformAppId } from '../middleware/auth'
import { unwrapBody } from '../middleware/body'
import { permittedResource } from '../middleware/permissible'
import { closeSessionSockets } from '../middleware/session-credentials'
import {
  EmptySchema,
  IdParamsSchema,
  jsonBody,
  jsonResponse,
  tokenSecurity,
} from '../schemas/common'
import {
  PlatformUserInputSchema,
  PlatformUserSchema,
  PlatformUserUpdateSchema,
  toPlatformUser,
  UserTokenSchema,
} from '../schemas/users'
import { createRouter } from './router'

const tags = ['Platform Users']

/** The user, if it exists and this platform app created it (401 otherwise, as Chatwoot). */
export function permittedUser(c: Context<AppEnv>, id: number) {
  return permittedResource(c, 'user', id, findUser)
}

const emailTaken = () => validationError([fieldError('email', 'has already been taken', 'taken')])

const createUser = createRoute({
  operationId: 'createPlatformUser',
  method: 'post',
  path: '/users',
  tags,
  security: tokenSecurity,
  summary: 'Create a user',
  description:
    'Returns the access token once, in this response. A user with the same email that this ' +
    'platform app created is returned as it is, without a token (rotate one with POST /users/{id}/token).',
  middleware: [unwrapBody('user')],
  request: { body: jsonBody(PlatformUserInputSchema) },
  responses: {
    200: jsonResponse(PlatformUserSchema, 'The user'),
    ...errorResponses(
      'unauthorized',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

const showUser = createRoute({
  operationId: 'getPlatformUser',
  method: 'get',
  path: '/users/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Show a user',
  request: { params: IdParamsSchema },
  responses: {
    200: jsonResponse(PlatformUserSchema, 'The user'),
    ...errorResponses('unauthorized', 'not_found', 'rate_limited'),
  },
})

const updateUser = createRoute({
  operationId: 'updatePlatformUser',
  method: 'patch',
  path: '/users/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Update a user',
  middleware: [unwrapBody('user')],
  request: { params: IdParamsSchema, body: jsonBody(PlatformUserUpdateSchema) },
  responses: {
    200: jsonResponse(PlatformUserSchema, 'The user'),
    ...errorResponses(
      'unauthorized',
      'not_found',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

const deleteUser = createRoute({
  operationId: 'deletePlatformUser',
  method: 'delete',
  path: '/users/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Delete a user',
  request: { params: IdParamsSchema },
  responses: {
    200: jsonResponse(EmptySchema, 'Deleted'),
    ...errorResponses('unauthorized', 'not_found', 'rate_limited'),
  },
})

const rotateUserToken = createRoute({
  operationId: 'rotatePlatformUserToken',
  method: 'post',
  path: '/users/{id}/token',
  tags,
  security: tokenSecurity,
  summary: "Replace a user's access token and return the new one",
  request: { params: IdParamsSchema },
  responses: {
    200: jsonResponse(UserTokenSchema, 'The new token'),
    ...errorResponses('unauthorized', 'not_found', 'rate_limited'),
  },
})

export const platformUsers = createRouter()
  .openapi(createUser, async (c) => {
    const body = c.req.valid('json')
    const db = c.var.db
    const appId = currentPlatformAppId(c)
    const existing = await findUserByEmail(db, body.email)
    if (existing) {
      // Chatwoot reuses a user with the same email; only its own creator may, or anyone could
      // take over another app's user by naming its email.
      if (!(await isPermissible(db, appId, 'user', existing.id))) throw emailTaken()
      return c.json(toPlatformUser(existing, await listMemberships(db, existing.id)), 200)
    }
    const idByEmail = sql`(select ${users.id} from ${users} where ${users.email} = ${body.email})`
    const { token, insert } = await newAccessToken(db, 'user', idByEmail)
    const [[user], tokens, permissibles] = await db.batch([
      insertUserStatement(db, {
        name: body.name,
        displayName: body.display_name,
        email: body.email,
        customAttributes: body.custom_attributes,
        passwordHash: body.password === undefined ? null : await hashPassword(body.password),
      }),
      insert,
      grantPermissible(db, appId, 'user', idByEmail),
    ])
    if (!user) throw new Error('user insert returned nothing')
    // Grants: the directory's rows above, then their copies on every shard, the user first.
    await copyToShards(c.env, users, [user.id])
    await copyGrants(c.env, tokens, permissibles)
    return c.json(toPlatformUser(user, [], token), 200)
  })
  .openapi(showUser, async (c) => {
    const user = await permittedUser(c, c.req.valid('param').id)
    return c.json(toPlatformUser(user, await listMemberships(c.var.db, user.id)), 200)
  })
  .openapi(updateUser, async (c) => {
    const { id } = c.req.valid('param')
    const body = c.req.valid('json')
    const db = c.var.db
    await permittedUser(c, id)
    if (body.email) {
      const other = await findUserByEmail(db, body.email)
      if (other && other.id !== id) throw emailTaken()
    }
    const update = updateUserStatement(db, id, {
      name: body.name,
      displayName: body.display_name,
      email: body.email,
      customAttributes: body.custom_attributes,
      passwordHash: body.password === undefined ? undefined : await hashPassword(body.password),
    })
    if (body.password === undefined) {
      // Name, email and attributes grant nothing: the directory, then the shards' copies.
      const [updated] = await update
      if (!updated) throw apiError('not_found')
      await copyToShards(c.env, users, [id])
      return c.json(toPlatformUser(updated, await listMemberships(db, id)), 200)
    }
    // A new password ends every session of the user, a revocation: every shard's copies first,
    // then the directory's batch, then the user's row and the ended ids (a session signed in
    // between the two deletes reached the shards before the directory ended it).
    await narrowOnShards(c, (shard) => [deleteSessionsOfStatement(shard, id)])
    const [[updated], ended] = await db.batch([update, deleteSessionsOfStatement(db, id)])
    if (!updated) throw apiError('not_found')
    await copyToShards(c.env, users, [id])
    await copyToShards(
      c.env,
      userSessions,
      ended.map((session) => session.id),
    )
    // Their sockets close.
    await closeSessionSockets(c, id)
    return c.json(toPlatformUser(updated, await listMemberships(db, id)), 200)
  })
  .openapi(deleteUser, async (c) => {
    const { id } = c.req.valid('param')
    const db = c.var.db
    await permittedUser(c, id)
    // Read before the delete takes the memberships with it: each account's sockets are revoked.
    const memberships = await listMemberships(db, id)
    // Every shard first: its conversations assigned to the user are unassigned (account data,
    // on the accounts' shards), and its copies of the user, sessions, tokens and rights go.
    await narrowOnShards(c, (shard) => [
      unassignUserStatement(shard, id, 'all'),
      deleteSessionsOfStatement(shard, id),
      deleteUserStatement(shard, id),
      deleteTokensOf(shard, 'user', id),
      deletePermissibles(shard, 'user', [id]),
    ])
    // Then the directory (its memberships and sessions go with the user, by cascade).
    const [, , tokens] = await db.batch([
      deleteUserStatement(db, id),
      deletePermissibles(db, 'user', [id]),
      deleteTokensOf(db, 'user', id),
    ])
    // A copy made between the two deletes (a sign-in, a rotated token) leaves the shards now:
    // the user's id, gone from the directory, takes its sessions and memberships with it.
    await copyToShards(c.env, users, [id])
    await copyToShards(
      c.env,
      accessTokens,
      tokens.map((token) => token.id),
    )
    await revokeLiveAccess(
      c.env,
      memberships.map((m) => m.accountId),
    )
    return c.json({}, 200)
  })
  .openapi(rotateUserToken, async (c) => {
    const { id } = c.req.valid('param')
    const db = c.var.db
    const user = await permittedUser(c, id)
    const { token, insert } = await newAccessToken(db, 'user', id)
    // The old tokens leave every shard first, then the directory swaps them for the new one,
    // which is then copied (with the removed ids, should one have been copied in between).
    await narrowOnShards(c, (shard) => [deleteTokensOf(shard, 'user', id)])
    const [removed, added] = await db.batch([deleteTokensOf(db, 'user', id), insert])
    await copyToShards(
      c.env,
      accessTokens,
      [...removed, ...added].map((row) => row.id),
    )
    // Sockets opened with the old token close in every account of the user.
    const memberships = await listMemberships(db, id)
    await revokeLiveAccess(
      c.env,
      memberships.map((m) => m.accountId),
    )
    return c.json(
      {
        access_token: token,
        expiry: null,
        user: {
          id: user.id,
          name: user.name,
          display_name: user.displayName,
          email: user.email,
          pubsub_token: user.pubsubToken,
        },
      },
      200,
    )
  })

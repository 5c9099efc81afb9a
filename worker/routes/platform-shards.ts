import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { ROOT_PLATFORM_APP_ID } from '../db/queries/platform-apps'
import { copyGlobalTablesTo } from '../db/replicate'
import { shardBindings } from '../db/shards'
import type { AppEnv } from '../env'
import { apiError, errorResponses } from '../errors'
import { currentPlatformAppId } from '../middleware/auth'
import { finishMove, MoveRefused, moveAccount } from '../scale/move-account'
import {
  AccountMoveFinishInputSchema,
  AccountMoveInputSchema,
  AccountMoveSchema,
  ShardSyncSchema,
} from '../schemas/account-moves'
import {
  CursorSchema,
  EmptySchema,
  IdParamsSchema,
  jsonBody,
  jsonResponse,
  tokenSecurity,
} from '../schemas/common'
import { createRouter } from './router'

const tags = ['Platform Accounts']

/** Moving accounts is the operator's: the root platform app (PLATFORM_API_TOKEN) alone. */
function requireOperator(c: Context<AppEnv>) {
  if (currentPlatformAppId(c) !== ROOT_PLATFORM_APP_ID) {
    throw apiError('forbidden', 'Only the root platform app moves accounts between shards')
  }
}

const moveAccountRoute = createRoute({
  operationId: 'movePlatformAccount',
  method: 'post',
  path: '/accounts/{id}/move',
  tags,
  security: tokenSecurity,
  summary: 'Move an account to another shard (Parley; the root platform app only)',
  description:
    'Copies the account’s data to the shard named, verifies every table (row count and SHA-256), ' +
    'and switches the directory to it. The account is read-only meanwhile (writes get a 503 to ' +
    'retry). The old copy stays read-only until `…/move/finish`, called once no isolate can ' +
    'still remember the old shard (10 seconds after). See docs/scaling.md.',
  request: { params: IdParamsSchema, body: jsonBody(AccountMoveInputSchema) },
  responses: {
    200: jsonResponse(AccountMoveSchema, 'What was moved, table by table'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'conflict', 'validation_failed'),
  },
})

const finishMoveRoute = createRoute({
  operationId: 'finishPlatformAccountMove',
  method: 'post',
  path: '/accounts/{id}/move/finish',
  tags,
  security: tokenSecurity,
  summary: "Delete a moved account's old copy (Parley; the root platform app only)",
  request: { params: IdParamsSchema, body: jsonBody(AccountMoveFinishInputSchema) },
  responses: {
    200: jsonResponse(EmptySchema, 'The old copy is gone'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'conflict', 'validation_failed'),
  },
})

const refused = (error: unknown) =>
  error instanceof MoveRefused ? apiError('conflict', error.message) : error

const syncShardRoute = createRoute({
  operationId: 'syncPlatformShard',
  method: 'post',
  path: '/shards/{shard}/sync',
  tags,
  security: tokenSecurity,
  summary: 'Copy every global row to a shard (Parley; the root platform app only)',
  description:
    'For a shard just added: gives it the copies of accounts, users, sessions, memberships, ' +
    'agent bots, tokens and platform apps that every shard keeps, before it takes accounts. ' +
    'Safe to repeat. See docs/scaling.md.',
  request: {
    params: z.object({
      // A shard's index is spelled as an id is, and may be 0.
      shard: CursorSchema.openapi({ param: { name: 'shard', in: 'path' }, example: 2 }),
    }),
  },
  responses: {
    200: jsonResponse(ShardSyncSchema, 'Rows copied, per table'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found'),
  },
})

export const platformShards = createRouter()
  .openapi(moveAccountRoute, async (c) => {
    requireOperator(c)
    const { id } = c.req.valid('param')
    const report = await moveAccount(c.env, id, c.req.valid('json').shard).catch((error) => {
      throw refused(error)
    })
    return c.json({ account_id: id, from: report.from, to: report.to, tables: report.tables }, 200)
  })
  .openapi(syncShardRoute, async (c) => {
    requireOperator(c)
    const binding = shardBindings(c.env)[c.req.valid('param').shard]
    if (!binding) throw apiError('not_found', 'No such shard')
    return c.json({ copied: await copyGlobalTablesTo(c.env, binding) }, 200)
  })
  .openapi(finishMoveRoute, async (c) => {
    requireOperator(c)
    const { id } = c.req.valid('param')
    await finishMove(c.env, id, c.req.valid('json').from).catch((error) => {
      throw refused(error)
    })
    return c.json({}, 200)
  })

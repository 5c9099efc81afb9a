import { createRoute, z } from '@hono/zod-openapi'
import { sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { createDb } from '../db/client'
import {
  deleteAccountStatement,
  findAccount,
  insertAccount,
  listPlatformAppAccounts,
  suspendAccountStatement,
  updateAccount,
} from '../db/queries/accounts'
import { insertAccountShardStatement, listInboxRoutesOfAccount } from '../db/queries/directory'
import { recordAccountFilesStatements } from '../db/queries/file-deletions'
import {
  deletePermissibles,
  grantPermissible,
  ROOT_PLATFORM_APP_ID,
} from '../db/queries/platform-apps'
import { copyToShards, narrowOnShards } from '../db/replicate'
import { accounts, platformAppPermissibles } from '../db/schema'
import {
  accountShard,
  forgetAccountShard,
  forgetInboxRoute,
  shardBinding,
  shardForNewAccount,
} from '../db/shards'
import type { AppEnv } from '../env'
import { apiError, errorResponses, fieldError, validationError } from '../errors'
import { removeRecordedFiles } from '../files/deletions'
import { revokeLiveAccess } from '../live/revoke'
import { currentPlatformAppId } from '../middleware/auth'
import { unwrapBody } from '../middleware/body'
import { permittedResource } from '../middleware/permissible'
import {
  PlatformAccountInputSchema,
  PlatformAccountSchema,
  PlatformAccountUpdateSchema,
  toPlatformAccount,
} from '../schemas/accounts'
import {
  EmptySchema,
  IdParamsSchema,
  jsonBody,
  jsonResponse,
  tokenSecurity,
} from '../schemas/common'
import { checkedMailFields } from './account-mail-fields'
import { createRouter } from './router'

const tags = ['Platform Accounts']

/** The account, if it exists and this platform app created it (401 otherwise, as Chatwoot). */
export function permittedAccount(c: Context<AppEnv>, id: number) {
  return permittedResource(c, 'account', id, findAccount)
}

const listAccounts = createRoute({
  operationId: 'listPlatformAccounts',
  method: 'get',
  path: '/accounts',
  tags,
  security: tokenSecurity,
  summary: 'List the accounts this platform app created',
  responses: {
    200: jsonResponse(z.array(PlatformAccountSchema), 'Accounts'),
    ...errorResponses('unauthorized', 'rate_limited'),
  },
})

const createAccount = createRoute({
  operationId: 'createPlatformAccount',
  method: 'post',
  path: '/accounts',
  tags,
  security: tokenSecurity,
  summary: 'Create an account',
  middleware: [unwrapBody('account')],
  request: { body: jsonBody(PlatformAccountInputSchema) },
  responses: {
    200: jsonResponse(PlatformAccountSchema, 'The new account'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

const showAccount = createRoute({
  operationId: 'getPlatformAccount',
  method: 'get',
  path: '/accounts/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Show an account',
  request: { params: IdParamsSchema },
  responses: {
    200: jsonResponse(PlatformAccountSchema, 'The account'),
    ...errorResponses('unauthorized', 'not_found', 'rate_limited'),
  },
})

const updateAccountRoute = createRoute({
  operationId: 'updatePlatformAccount',
  method: 'patch',
  path: '/accounts/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Update an account',
  middleware: [unwrapBody('account')],
  request: { params: IdParamsSchema, body: jsonBody(PlatformAccountUpdateSchema) },
  responses: {
    200: jsonResponse(PlatformAccountSchema, 'The updated account'),
    ...errorResponses(
      'unauthorized',
      'not_found',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

const deleteAccount = createRoute({
  operationId: 'deletePlatformAccount',
  method: 'delete',
  path: '/accounts/{id}',
  tags,
  security: tokenSecurity,
  summary: 'Delete an account and everything in it',
  request: { params: IdParamsSchema },
  responses: {
    200: jsonResponse(EmptySchema, 'Deleted'),
    ...errorResponses('unauthorized', 'not_found', 'rate_limited'),
  },
})

function accountValues(
  env: Env,
  body: z.infer<typeof PlatformAccountUpdateSchema>,
  stored: Parameters<typeof checkedMailFields>[2],
) {
  const mail = checkedMailFields(env, body, stored)
  return {
    name: body.name,
    locale: body.locale,
    domain: mail.domain,
    supportEmail: mail.supportEmail,
    status: body.status,
    features: body.features,
    limits: body.limits,
    customAttributes: body.custom_attributes,
  }
}

/** The shard a new account goes to: the root app's choice (a Parley extension), else the emptiest. */
async function newAccountShard(c: Context<AppEnv>, requested: number | undefined) {
  if (requested !== undefined && currentPlatformAppId(c) !== ROOT_PLATFORM_APP_ID) {
    throw apiError('forbidden', 'Only the root platform app may choose an account’s shard')
  }
  try {
    return await shardForNewAccount(c.env, requested)
  } catch (error) {
    if (!(error instanceof RangeError)) throw error
    throw validationError([fieldError('shard', 'is not a shard', 'invalid')])
  }
}

export const platformAccounts = createRouter()
  .openapi(listAccounts, async (c) => {
    const rows = await listPlatformAppAccounts(c.var.db, currentPlatformAppId(c))
    return c.json(rows.map(toPlatformAccount), 200)
  })
  .openapi(createAccount, async (c) => {
    const body = c.req.valid('json')
    const db = c.var.db
    const values = accountValues(c.env, body, null)
    const shard = await newAccountShard(c, body.shard)
    // The directory (this route's database) first, in one batch: the account, its shard and the
    // app's right to it. The account's id is the batch's own insert (a batch is a transaction).
    const accountId = sql`(select max(${accounts.id}) from ${accounts})`
    const [[account], , permissibles] = await db.batch([
      insertAccount(db, { ...values, name: body.name }),
      insertAccountShardStatement(db, accountId, shard),
      grantPermissible(db, currentPlatformAppId(c), 'account', accountId),
    ])
    if (!account) throw new Error('account insert returned nothing')
    // Then the copies every shard needs before a membership or bot of the account can reach it.
    // A failure here leaves an account no request can use yet: the caller's retry makes another.
    await copyToShards(c.env, accounts, [account.id])
    await copyToShards(
      c.env,
      platformAppPermissibles,
      permissibles.map((row) => row.id),
    )
    return c.json(toPlatformAccount(account), 200)
  })
  .openapi(showAccount, async (c) => {
    const account = await permittedAccount(c, c.req.valid('param').id)
    return c.json(toPlatformAccount(account), 200)
  })
  .openapi(updateAccountRoute, async (c) => {
    const { id } = c.req.valid('param')
    const stored = await permittedAccount(c, id)
    const values = accountValues(c.env, c.req.valid('json'), stored)
    // Suspending takes the public API away from the account's visitors: the shards first.
    if (values.status === 'suspended') {
      await narrowOnShards(c, (shard) => [suspendAccountStatement(shard, id)])
    }
    const updated = await updateAccount(c.var.db, id, values)
    if (!updated) throw apiError('not_found')
    // The rest (and a reactivation) grants: the directory's row, then its copies.
    await copyToShards(c.env, accounts, [id])
    return c.json(toPlatformAccount(updated), 200)
  })
  .openapi(deleteAccount, async (c) => {
    const { id } = c.req.valid('param')
    await permittedAccount(c, id)
    const db = c.var.db
    const identifiers = await listInboxRoutesOfAccount(db, id)
    const home = await accountShard(c.env, id)
    // Every shard first: the account's own shard drops its data with it (cascade), recording its
    // files in the same batch; the others drop their copies of its memberships and bots. A
    // failure before the directory's delete leaves an account no request can use, which the
    // caller's retry finishes deleting.
    await narrowOnShards(c, (shard) => [
      ...recordAccountFilesStatements(shard, id),
      deleteAccountStatement(shard, id),
      deletePermissibles(shard, 'account', [id]),
    ])
    if (home !== undefined) {
      await removeRecordedFiles(c.env, createDb(shardBinding(c.env, home)), id)
    }
    // Then the directory, which cascades its shard row, inbox routes, memberships and bots.
    await db.batch([deleteAccountStatement(db, id), deletePermissibles(db, 'account', [id])])
    forgetAccountShard(id)
    for (const identifier of identifiers) forgetInboxRoute(identifier)
    // Nobody is a member any more (4401 on the feed) and every conversation is gone (4410).
    await revokeLiveAccess(c.env, [id])
    return c.json({}, 200)
  })

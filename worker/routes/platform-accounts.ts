import { createRoute, z } from '@hono/zod-openapi'
import { sql } from 'drizzle-orm'
import type { Context } from 'hono'
import {
  deleteAccountStatement,
  findAccount,
  insertAccount,
  listPlatformAppAccounts,
  updateAccount,
} from '../db/queries/accounts'
import { deletePermissibles, grantPermissible } from '../db/queries/platform-apps'
import type { AppEnv } from '../env'
import { createRouter } from '../env'
import { apiError, errorResponses } from '../errors'
import { permittedResource } from '../lib/permissible'
import { revokeLiveAccess } from '../live/revoke'
import { currentPlatformAppId } from '../middleware/auth'
import { unwrapBody } from '../middleware/body'
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

function accountValues(body: z.infer<typeof PlatformAccountUpdateSchema>) {
  return {
    name: body.name,
    locale: body.locale,
    domain: body.domain,
    supportEmail: body.support_email,
    status: body.status,
    features: body.features,
    limits: body.limits,
    customAttributes: body.custom_attributes,
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
    const [[account]] = await db.batch([
      insertAccount(db, { ...accountValues(body), name: body.name }),
      grantPermissible(db, currentPlatformAppId(c), 'account', sql`last_insert_rowid()`),
    ])
    if (!account) throw new Error('account insert returned nothing')
    return c.json(toPlatformAccount(account), 200)
  })
  .openapi(showAccount, async (c) => {
    const account = await permittedAccount(c, c.req.valid('param').id)
    return c.json(toPlatformAccount(account), 200)
  })
  .openapi(updateAccountRoute, async (c) => {
    const { id } = c.req.valid('param')
    await permittedAccount(c, id)
    const updated = await updateAccount(c.var.db, id, accountValues(c.req.valid('json')))
    if (!updated) throw apiError('not_found')
    return c.json(toPlatformAccount(updated), 200)
  })
  .openapi(deleteAccount, async (c) => {
    const { id } = c.req.valid('param')
    await permittedAccount(c, id)
    const db = c.var.db
    await db.batch([deleteAccountStatement(db, id), deletePermissibles(db, 'account', [id])])
    // Nobody is a member any more (4401 on the feed) and every conversation is gone (4410).
    await revokeLiveAccess(c.env, [id])
    return c.json({}, 200)
  })

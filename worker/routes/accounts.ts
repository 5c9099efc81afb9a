import { createRoute } from '@hono/zod-openapi'
import { findAccount, updateAccount } from '../db/queries/accounts'
import { copyToShards, directoryDb } from '../db/replicate'
import { accounts } from '../db/schema'
import { apiError, errorResponses } from '../errors'
import { requireAdministrator } from '../middleware/auth'
import { unwrapBody } from '../middleware/body'
import {
  AccountDetailsSchema,
  AccountSchema,
  AccountUpdateSchema,
  CUSTOM_ATTRIBUTE_FIELDS,
  SETTINGS_FIELDS,
  toAccount,
} from '../schemas/accounts'
import { accountSecurity } from '../schemas/auth'
import { AccountIdParamsSchema, jsonBody, jsonResponse } from '../schemas/common'
import { checkedMailFields } from './account-mail-fields'
import { createRouter } from './router'

const tags = ['Accounts']

/** The Chatwoot release whose API Parley speaks; clients read it from the account. */
const CHATWOOT_API_VERSION = '4.10.1'

const showAccount = createRoute({
  operationId: 'getAccount',
  method: 'get',
  path: '/api/v1/accounts/{account_id}',
  tags,
  security: accountSecurity,
  summary: 'Show the account',
  request: { params: AccountIdParamsSchema },
  responses: {
    200: jsonResponse(AccountDetailsSchema, 'The account'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const updateAccountRoute = createRoute({
  operationId: 'updateAccount',
  method: 'patch',
  path: '/api/v1/accounts/{account_id}',
  tags,
  security: accountSecurity,
  summary: 'Update the account (administrators)',
  description:
    '`industry`, `company_size` and `timezone` are kept in `custom_attributes`; the `auto_resolve_*` ' +
    'fields in `settings`. Both are merged into what is stored.',
  middleware: [unwrapBody('account')],
  request: { params: AccountIdParamsSchema, body: jsonBody(AccountUpdateSchema) },
  responses: {
    200: jsonResponse(AccountSchema, 'The updated account'),
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

function pick<T extends Record<string, unknown>>(source: T, keys: readonly (keyof T)[]) {
  return Object.fromEntries(keys.filter((k) => source[k] !== undefined).map((k) => [k, source[k]]))
}

export const accountRoutes = createRouter()
  .openapi(showAccount, async (c) => {
    const account = await findAccount(c.var.db, c.var.accountId)
    if (!account) throw apiError('not_found')
    return c.json({ ...toAccount(account), latest_chatwoot_version: CHATWOOT_API_VERSION }, 200)
  })
  .openapi(updateAccountRoute, async (c) => {
    requireAdministrator(c)
    const body = c.req.valid('json')
    // The accounts row is global (db/replicate.ts): it changes on the directory, merged with the
    // directory's own attributes, then its copy on every shard follows. Nothing here grants or
    // takes away rights, so that order is the whole rule.
    const db = await directoryDb(c)
    const account = await findAccount(db, c.var.accountId)
    if (!account) throw apiError('not_found')
    const mail = checkedMailFields(c.env, body, account)
    const updated = await updateAccount(db, account.id, {
      name: body.name,
      locale: body.locale,
      domain: mail.domain,
      supportEmail: mail.supportEmail,
      customAttributes: { ...account.customAttributes, ...pick(body, CUSTOM_ATTRIBUTE_FIELDS) },
      settings: { ...account.settings, ...pick(body, SETTINGS_FIELDS) },
    })
    if (!updated) throw apiError('not_found')
    await copyToShards(c.env, accounts, [updated.id])
    return c.json(toAccount(updated), 200)
  })

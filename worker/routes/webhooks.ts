import { createRoute } from '@hono/zod-openapi'
import type { Context, MiddlewareHandler } from 'hono'
import { findInbox } from '../db/queries/inboxes'
import {
  deleteWebhook,
  findWebhook,
  insertWebhook,
  listWebhooks,
  updateWebhook,
  webhookUrlTaken,
} from '../db/queries/webhooks'
import type { AppEnv } from '../env'
import { apiError, errorResponses, type FieldError, fieldError, validationError } from '../errors'
import { EVENT_KINDS } from '../events/kinds'
import { checkOutboundUrl } from '../lib/ssrf'
import { requireAdministrator } from '../middleware/auth'
import { unwrapBody } from '../middleware/body'
import { accountSecurity } from '../schemas/auth'
import {
  AccountAndIdParamsSchema,
  AccountIdParamsSchema,
  EmptySchema,
  jsonBody,
  jsonResponse,
} from '../schemas/common'
import {
  toWebhook,
  WebhookEnvelopeSchema,
  WebhookInputSchema,
  WebhookListSchema,
  WebhookUpdateSchema,
} from '../schemas/webhooks'
import { newWebhookSecret } from '../webhooks/signature'
import { createRouter } from './router'

const tags = ['Webhooks']
const base = '/api/v1/accounts/{account_id}/webhooks'

/** Runs before the body is validated, so an agent learns nothing from a 422. */
const administratorsOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireAdministrator(c)
  await next()
}

const listRoute = createRoute({
  operationId: 'listWebhooks',
  method: 'get',
  path: base,
  tags,
  security: accountSecurity,
  summary: "List the account's webhooks (administrators)",
  middleware: [administratorsOnly] as const,
  request: { params: AccountIdParamsSchema },
  responses: {
    200: jsonResponse(WebhookListSchema, 'Webhooks'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const createWebhookRoute = createRoute({
  operationId: 'createWebhook',
  method: 'post',
  path: base,
  tags,
  security: accountSecurity,
  summary: 'Create a webhook (administrators)',
  description:
    'The url must be https on a public host name or IP address (port 443 or 8443); private ' +
    'and special-purpose IP addresses (in any spelling) and local names are refused unless the ' +
    'operator allow-lists them (WEBHOOK_ALLOWED_HOSTS). ' +
    '`subscriptions` omitted or null subscribes to every event.',
  middleware: [administratorsOnly, unwrapBody('webhook')] as const,
  request: { params: AccountIdParamsSchema, body: jsonBody(WebhookInputSchema) },
  responses: {
    200: jsonResponse(WebhookEnvelopeSchema, 'The new webhook'),
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

const updateRoute = (method: 'patch' | 'put') =>
  createRoute({
    operationId: method === 'put' ? 'updateWebhookPut' : 'updateWebhook',
    method,
    path: `${base}/{id}`,
    tags,
    security: accountSecurity,
    summary: 'Update a webhook (administrators)',
    middleware: [administratorsOnly, unwrapBody('webhook')] as const,
    request: { params: AccountAndIdParamsSchema, body: jsonBody(WebhookUpdateSchema) },
    responses: {
      200: jsonResponse(WebhookEnvelopeSchema, 'The updated webhook'),
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

const deleteRoute = createRoute({
  operationId: 'deleteWebhook',
  method: 'delete',
  path: `${base}/{id}`,
  tags,
  security: accountSecurity,
  summary: 'Delete a webhook (administrators)',
  middleware: [administratorsOnly] as const,
  request: { params: AccountAndIdParamsSchema },
  responses: {
    200: jsonResponse(EmptySchema, 'Deleted'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const rotateRoute = createRoute({
  operationId: 'rotateWebhookSecret',
  method: 'post',
  path: `${base}/{id}/rotate_secret`,
  tags,
  security: accountSecurity,
  summary: "Replace a webhook's signing secret (administrators)",
  middleware: [administratorsOnly] as const,
  request: { params: AccountAndIdParamsSchema },
  responses: {
    200: jsonResponse(WebhookEnvelopeSchema, 'The webhook with its new secret'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

/** The field errors for a url and inbox a write would store (all of them, not just the first). */
async function targetErrors(
  c: Context<AppEnv>,
  input: { url?: string; inbox_id?: number | null },
  exceptId?: number,
) {
  const errors: FieldError[] = []
  if (input.url !== undefined) {
    const check = checkOutboundUrl(input.url, c.env.WEBHOOK_ALLOWED_HOSTS ?? '')
    if (!check.ok) errors.push(fieldError('url', check.reason, 'unsafe_url'))
    else if (await webhookUrlTaken(c.var.db, c.var.accountId, input.url, exceptId)) {
      errors.push(fieldError('url', 'has already been taken', 'taken'))
    }
  }
  if (input.inbox_id != null && !(await findInbox(c.var.db, c.var.accountId, input.inbox_id))) {
    errors.push(fieldError('inbox_id', 'is not an inbox of this account', 'invalid'))
  }
  if (errors.length > 0) throw validationError(errors)
}

async function shownWebhook(c: Context<AppEnv>, id: number) {
  const found = await findWebhook(c.var.db, c.var.accountId, id)
  if (!found) throw apiError('not_found', `Webhook ${id} not found`)
  return { payload: { webhook: toWebhook(found) } }
}

async function update(c: Context<AppEnv>, id: number, body: typeof WebhookUpdateSchema._output) {
  if (!(await findWebhook(c.var.db, c.var.accountId, id))) {
    throw apiError('not_found', `Webhook ${id} not found`)
  }
  await targetErrors(c, body, id)
  await updateWebhook(c.var.db, c.var.accountId, id, {
    url: body.url,
    name: body.name,
    inboxId: body.inbox_id,
    // null resets to every event, as on create; omitted leaves them as they are.
    subscriptions: body.subscriptions === null ? [...EVENT_KINDS] : body.subscriptions,
  })
  return shownWebhook(c, id)
}

export const webhookRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const rows = await listWebhooks(c.var.db, c.var.accountId)
    return c.json({ payload: { webhooks: rows.map(toWebhook) } }, 200)
  })
  .openapi(createWebhookRoute, async (c) => {
    const body = c.req.valid('json')
    await targetErrors(c, body)
    const id = await insertWebhook(c.var.db, {
      accountId: c.var.accountId,
      url: body.url,
      name: body.name ?? null,
      inboxId: body.inbox_id ?? null,
      subscriptions: body.subscriptions ?? [...EVENT_KINDS],
      secret: newWebhookSecret(),
    })
    if (id === undefined) throw new Error('webhook insert returned nothing')
    return c.json(await shownWebhook(c, id), 200)
  })
  .openapi(updateRoute('patch'), async (c) => {
    const { id } = c.req.valid('param')
    return c.json(await update(c, id, c.req.valid('json')), 200)
  })
  .openapi(updateRoute('put'), async (c) => {
    const { id } = c.req.valid('param')
    return c.json(await update(c, id, c.req.valid('json')), 200)
  })
  .openapi(deleteRoute, async (c) => {
    const { id } = c.req.valid('param')
    if (!(await deleteWebhook(c.var.db, c.var.accountId, id))) {
      throw apiError('not_found', `Webhook ${id} not found`)
    }
    return c.json({}, 200)
  })
  .openapi(rotateRoute, async (c) => {
    const { id } = c.req.valid('param')
    if (!(await updateWebhook(c.var.db, c.var.accountId, id, { secret: newWebhookSecret() }))) {
      throw apiError('not_found', `Webhook ${id} not found`)
    }
    return c.json(await shownWebhook(c, id), 200)
  })

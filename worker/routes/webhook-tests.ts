import { createRoute, z } from '@hono/zod-openapi'
import { insertTestDelivery } from '../db/queries/webhook-deliveries'
import { findWebhook } from '../db/queries/webhooks'
import { apiError, errorResponses } from '../errors'
import { requireAdministrator } from '../middleware/auth'
import { accountSecurity } from '../schemas/auth'
import { AccountAndIdParamsSchema, jsonResponse } from '../schemas/common'
import { DeliverySchema, toDelivery } from '../schemas/webhook-deliveries'
import { type WebhookTestEvent, WebhookTestEventSchema } from '../schemas/webhooks'
import { queueDeliveries } from '../webhooks/fanout'
import { createRouter } from './router'

const testRoute = createRoute({
  operationId: 'sendWebhookTestEvent',
  method: 'post',
  path: '/api/v1/accounts/{account_id}/webhooks/{id}/test',
  tags: ['Webhooks'],
  security: accountSecurity,
  summary: 'Send a test event to a webhook (administrators)',
  description:
    'Queues one `webhook_test` event (a Parley extension: Chatwoot has none) for this webhook ' +
    'only, whatever its subscriptions. It goes through the ordinary delivery pipeline: signed ' +
    'with the webhook secret under the Standard Webhooks headers, retried on failure, and listed ' +
    "in the webhook's delivery log, where it can be redelivered. The body is `event`, shown in " +
    'the answer.',
  request: { params: AccountAndIdParamsSchema },
  responses: {
    202: jsonResponse(
      z.object({
        payload: DeliverySchema,
        event: WebhookTestEventSchema.openapi({ description: 'The body the receiver gets' }),
      }),
      'The delivery, queued, and the body it sends',
    ),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

export const webhookTestRoutes = createRouter().openapi(testRoute, async (c) => {
  requireAdministrator(c)
  const { id } = c.req.valid('param')
  const found = await findWebhook(c.var.db, c.var.accountId, id)
  if (!found) throw apiError('not_found', `Webhook ${id} not found`)
  const event: WebhookTestEvent = {
    event: 'webhook_test',
    account: { id: c.var.accountId },
    webhook: { id },
    timestamp: new Date().toISOString(),
  }
  const delivery = await insertTestDelivery(
    c.var.db,
    { accountId: c.var.accountId, webhookId: id, url: found.webhook.url },
    event,
  )
  if (!delivery) throw new Error('test delivery insert returned nothing')
  await queueDeliveries(c.env, c.var.accountId, [delivery.id])
  return c.json({ payload: toDelivery(delivery), event }, 202)
})

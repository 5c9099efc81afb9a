import { createRoute, z } from '@hono/zod-openapi'
import {
  DELIVERIES_PAGE_SIZE,
  findDelivery,
  listDeliveries,
  resetForRedelivery,
} from '../db/queries/webhook-deliveries'
import { findWebhook } from '../db/queries/webhooks'
import { apiError, errorResponses } from '../errors'
import { requireAdministrator } from '../middleware/auth'
import { accountSecurity } from '../schemas/auth'
import { AccountIdParamsSchema, IdSchema, jsonResponse } from '../schemas/common'
import { DeliverySchema, toDelivery } from '../schemas/webhook-deliveries'
import type { DeliveriesQueueMessage } from '../webhooks/fanout'
import { createRouter } from './router'

const tags = ['Webhooks']
const base = '/api/v1/accounts/{account_id}/webhooks/{webhook_id}/deliveries'

const WebhookParamsSchema = AccountIdParamsSchema.extend({
  webhook_id: IdSchema.openapi({ param: { name: 'webhook_id', in: 'path' } }),
})

const listDeliveriesRoute = createRoute({
  operationId: 'listWebhookDeliveries',
  method: 'get',
  path: base,
  tags,
  security: accountSecurity,
  summary: "A webhook's delivery log, newest first (administrators)",
  request: {
    params: WebhookParamsSchema,
    query: z.object({
      before: IdSchema.optional().openapi({ description: 'Deliveries older than this id' }),
    }),
  },
  responses: {
    200: jsonResponse(
      z.object({
        payload: z.array(DeliverySchema),
        meta: z
          .object({ next_before: z.number().int().nullable() })
          .openapi({ example: { next_before: 118 } }),
      }),
      'Deliveries',
    ),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'rate_limited',
    ),
  },
})

const redeliver = createRoute({
  operationId: 'redeliverWebhookDelivery',
  method: 'post',
  path: `${base}/{delivery_id}/redeliver`,
  tags,
  security: accountSecurity,
  summary: 'Send a delivery again now, with the same webhook-id (administrators)',
  request: {
    params: WebhookParamsSchema.extend({
      delivery_id: IdSchema.openapi({ param: { name: 'delivery_id', in: 'path' } }),
    }),
  },
  responses: {
    200: jsonResponse(z.object({ payload: DeliverySchema }), 'The delivery, queued'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

export const webhookDeliveryRoutes = createRouter()
  .openapi(listDeliveriesRoute, async (c) => {
    requireAdministrator(c)
    const { webhook_id } = c.req.valid('param')
    const { before } = c.req.valid('query')
    if (!(await findWebhook(c.var.db, c.var.accountId, webhook_id))) throw apiError('not_found')
    const rows = await listDeliveries(c.var.db, c.var.accountId, webhook_id, before)
    const last = rows.at(-1)
    return c.json(
      {
        payload: rows.map(toDelivery),
        meta: { next_before: rows.length === DELIVERIES_PAGE_SIZE && last ? last.id : null },
      },
      200,
    )
  })
  .openapi(redeliver, async (c) => {
    requireAdministrator(c)
    const { webhook_id, delivery_id } = c.req.valid('param')
    const db = c.var.db
    const delivery = await findDelivery(db, c.var.accountId, webhook_id, delivery_id)
    if (!delivery) throw apiError('not_found')
    const [reset] = await resetForRedelivery(db, delivery.id)
    if (!reset) throw apiError('not_found')
    await c.env.DELIVERIES.send({
      type: 'delivery',
      accountId: c.var.accountId,
      deliveryId: delivery.id,
    } satisfies DeliveriesQueueMessage)
    return c.json({ payload: toDelivery(reset) }, 200)
  })

import { z } from '@hono/zod-openapi'
import type { DeliveryRow } from '../db/queries/webhook-deliveries'
import * as examples from './examples/webhook-deliveries'

export const DeliverySchema = z
  .object({
    id: z.number().int(),
    webhook_id: z.number().int(),
    event: z.string(),
    message_id: z
      .string()
      .openapi({ description: 'The `webhook-id` header: stable across retries' }),
    url: z.string(),
    status: z.enum(['pending', 'succeeded', 'failed', 'dead']),
    attempts: z.number().int(),
    last_response_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    next_attempt_at: z.number().int().nullable(),
    delivered_at: z.number().int().nullable(),
    created_at: z.number().int(),
    updated_at: z.number().int(),
  })
  .openapi('WebhookDelivery', { example: examples.WebhookDeliveryExample })

export function toDelivery(row: DeliveryRow): z.infer<typeof DeliverySchema> {
  return {
    id: row.id,
    webhook_id: row.webhookId ?? 0,
    event: row.event,
    message_id: row.messageId,
    url: row.url,
    status: row.status,
    attempts: row.attempts,
    last_response_code: row.lastResponseCode,
    last_error: row.lastError,
    next_attempt_at: row.nextAttemptAt,
    delivered_at: row.deliveredAt,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  }
}

import { z } from '@hono/zod-openapi'
import type { WebhookWithInbox } from '../db/queries/webhooks'
import { EVENT_KINDS, type EventKind } from '../events/kinds'
import * as examples from './examples/webhooks'

const kinds: readonly string[] = EVENT_KINDS

/**
 * A non-empty list of the event kinds in EVENT_KINDS; any fault names `subscriptions` itself
 * (Chatwoot: "Subscriptions Invalid events"). Duplicates are dropped, order is kept.
 */
const SubscriptionsSchema = z
  .array(z.string().max(64))
  .max(50)
  .transform((list, ctx) => {
    const unknown = list.filter((k) => !kinds.includes(k))
    if (list.length === 0 || unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message:
          list.length === 0
            ? 'must name at least one event'
            : `has invalid events: ${unknown.join(', ')} (allowed: ${EVENT_KINDS.join(', ')})`,
      })
      return z.NEVER
    }
    return [...new Set(list)] as EventKind[]
  })
  .openapi({
    type: 'array',
    items: { type: 'string', enum: [...EVENT_KINDS] },
    description: 'Omitted or null: all events',
  })

const WebhookUrlSchema = z.string().trim().max(2048).url()
const WebhookNameSchema = z.string().trim().max(255).nullable().optional()
const InboxIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable()

export const WebhookInputSchema = z
  .object({
    url: WebhookUrlSchema,
    name: WebhookNameSchema,
    inbox_id: InboxIdSchema.optional(),
    subscriptions: SubscriptionsSchema.nullable().optional(),
  })
  .openapi('WebhookInput', { example: examples.WebhookInputExample })

export const WebhookUpdateSchema = z
  .object({
    url: WebhookUrlSchema.optional(),
    name: WebhookNameSchema,
    inbox_id: InboxIdSchema.optional(),
    subscriptions: SubscriptionsSchema.nullable().optional(),
  })
  .openapi('WebhookUpdate', { example: examples.WebhookUpdateExample })

export const WebhookSchema = z
  .object({
    id: z.number().int(),
    name: z.string().nullable(),
    url: z.string(),
    account_id: z.number().int(),
    subscriptions: z.array(z.string()),
    inbox: z
      .object({ id: z.number().int(), name: z.string() })
      .optional()
      .openapi({ description: 'Present when the webhook names an inbox' }),
    secret: z.string().openapi({
      description: 'Standard Webhooks signing secret (whsec_…), shown to administrators',
    }),
  })
  .openapi('Webhook', { example: examples.WebhookExample })
export type Webhook = z.infer<typeof WebhookSchema>

export const WebhookEnvelopeSchema = z.object({ payload: z.object({ webhook: WebhookSchema }) })
export const WebhookListSchema = z.object({
  payload: z.object({ webhooks: z.array(WebhookSchema) }),
})

export function toWebhook({ webhook, inbox }: WebhookWithInbox): Webhook {
  return {
    id: webhook.id,
    name: webhook.name,
    url: webhook.url,
    account_id: webhook.accountId,
    subscriptions: webhook.subscriptions,
    ...(inbox ? { inbox: { id: inbox.id, name: inbox.name } } : {}),
    secret: webhook.secret,
  }
}

/**
 * The body of a test event (`POST …/webhooks/{id}/test`). Chatwoot has no test event: this one is
 * Parley's own, sent only to the webhook it was asked for, whatever its subscriptions.
 */
export const WebhookTestEventSchema = z
  .object({
    event: z.literal('webhook_test').openapi({ description: 'Always `webhook_test`' }),
    account: z.object({ id: z.number().int() }),
    webhook: z.object({ id: z.number().int() }),
    timestamp: z.iso
      .datetime()
      .openapi({ description: 'When the test was asked for, ISO 8601 UTC' }),
  })
  .openapi('WebhookTestEvent', {
    example: {
      event: 'webhook_test',
      account: { id: 1 },
      webhook: { id: 7 },
      timestamp: '2026-01-01T00:00:00.000Z',
    },
  })
export type WebhookTestEvent = z.infer<typeof WebhookTestEventSchema>

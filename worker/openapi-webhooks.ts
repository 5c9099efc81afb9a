import type { OpenAPIHono } from '@hono/zod-openapi'
import { EVENT_KINDS, type EventKind } from './events/kinds'
import { WEBHOOK_EXAMPLES } from './schemas/webhook-examples'
import { WEBHOOK_PAYLOAD_SCHEMAS, WebhookHeadersSchema } from './schemas/webhook-payloads'

type Registry = OpenAPIHono['openAPIRegistry']

/** When each event is sent (the full map is docs/webhooks.md's "Emission map"). */
const WHEN: Record<EventKind, string> = {
  conversation_created: 'A conversation was created (application or public API).',
  conversation_status_changed:
    "A conversation's status changed (toggle_status, mute, a visitor's message reopening it, " +
    'auto-resolve, snooze wake-up); always followed by conversation_updated.',
  conversation_updated:
    'A tracked attribute of a conversation changed (status, assignee_id, team_id, snoozed_until, ' +
    'custom_attributes, labels, waiting_since, first_reply_created_at, priority; products_total, ' +
    'funnel_stage, checklist, stage_time_limit_exceeded).',
  message_created:
    'A message was created: incoming, outgoing, template or private note; never an activity line.',
  message_updated: "A message's status changed, a form was submitted, or the message was deleted.",
  contact_created: 'A contact was created. Account webhooks only, never an inbox webhook_url.',
  contact_updated:
    'A tracked attribute of a contact changed (name, email, phone_number, identifier, blocked, ' +
    'thumbnail, additional_attributes, custom_attributes). Account webhooks only.',
  webwidget_triggered: 'The widget was opened by a visitor (public API `events`).',
}

/**
 * Adds the eight webhook events to the OpenAPI 3.1 document's top-level `webhooks`: each a POST
 * with its payload schema (the one `worker/webhooks/payloads.ts` renders through), the Standard
 * Webhooks headers and an example body.
 */
export function registerWebhooks(registry: Registry) {
  for (const kind of EVENT_KINDS) {
    registry.registerWebhook({
      method: 'post',
      path: kind,
      operationId: `webhook_${kind}`,
      tags: ['Webhooks'],
      // Parley calls the receiver, which checks the signature headers instead.
      security: [],
      summary: `The ${kind} event`,
      description:
        `${WHEN[kind]}\n\nSigned with Standard Webhooks v1 and retried for about three days; ` +
        "see the repository's docs/webhooks.md for targets, verification and retries.",
      request: {
        headers: WebhookHeadersSchema,
        body: {
          required: true,
          content: {
            'application/json': {
              schema: WEBHOOK_PAYLOAD_SCHEMAS[kind],
              example: WEBHOOK_EXAMPLES[kind],
            },
          },
        },
      },
      responses: {
        200: { description: 'Any 2xx acknowledges the delivery; the body is ignored.' },
        410: { description: 'Disables an account webhook (an inbox webhook_url just retries).' },
        429: { description: 'Retried after `Retry-After` (at most 12 h); so is 503.' },
      },
    })
  }
}

import { z } from '@hono/zod-openapi'
import { messages } from '../db/schema'
import type { EventKind } from '../events/kinds'
import { UserPushDataSchema } from './agents'
import { AttributesSchema, nullableRef } from './common'
import { ContactPushDataSchema } from './contacts'
import { PRIORITIES, STATUSES } from './conversations'
import { AgentBotPushDataSchema, AttachmentSchema, MessagePushDataSchema } from './messages'

// The webhook payloads (Chatwoot's, reference §7.3). `worker/webhooks/payloads.ts` renders its
// output typed by these schemas, `/openapi.json`'s `webhooks` section is generated from them, and
// the tests parse every delivered body with them: the document cannot drift from the bytes sent.

const Id = z.number().int()
const Seconds = z.number().int().openapi({ description: 'Unix seconds; 0 when unset' })
const IsoTime = z.iso.datetime().openapi({ description: 'ISO 8601, UTC' })

export const WebhookAccountSchema = z.object({ id: Id, name: z.string() }).openapi('WebhookAccount')
export const WebhookInboxSchema = z.object({ id: Id, name: z.string() }).openapi('WebhookInbox')

/** One change: `{"<attribute>": {"previous_value": …, "current_value": …}}`, a single key. */
export const ChangedAttributeSchema = z
  .record(
    z.string(),
    z.object({ previous_value: z.unknown(), current_value: z.unknown() }).required(),
  )
  .refine((change) => Object.keys(change).length === 1, 'has exactly one attribute')
  .openapi('WebhookChangedAttribute')
export const ChangedAttributesSchema = z.array(ChangedAttributeSchema)

/** Contact#webhook_data. */
export const ContactWebhookDataSchema = z
  .object({
    account: WebhookAccountSchema,
    additional_attributes: AttributesSchema,
    avatar: z.string(),
    custom_attributes: AttributesSchema,
    email: z.string().nullable(),
    id: Id,
    identifier: z.string().nullable(),
    name: z.string(),
    phone_number: z.string().nullable(),
    thumbnail: z.string(),
    blocked: z.boolean(),
  })
  .openapi('ContactWebhookData')
export type ContactWebhookData = z.infer<typeof ContactWebhookDataSchema>

export const WebhookContactInboxSchema = z
  .object({
    id: Id,
    contact_id: Id,
    inbox_id: Id,
    source_id: z.string(),
    created_at: IsoTime,
    updated_at: IsoTime,
    hmac_verified: z.boolean(),
    pubsub_token: z.string(),
  })
  .openapi('WebhookContactInbox')

/** Conversations::EventDataPresenter#push_data: the conversation in conversation and message events. */
export const ConversationWebhookDataSchema = z
  .object({
    additional_attributes: AttributesSchema,
    can_reply: z.boolean(),
    channel: z.string().openapi({ example: 'Channel::Api' }),
    contact_inbox: WebhookContactInboxSchema.nullable(),
    id: Id.openapi({ description: 'The per-account display id' }),
    inbox_id: Id,
    messages: z.array(MessagePushDataSchema).max(1).openapi({
      description: 'The last chat message (never an activity line or a private note), if any',
    }),
    labels: z.array(z.string()),
    meta: z.object({
      sender: ContactPushDataSchema,
      assignee: z.union([UserPushDataSchema, AgentBotPushDataSchema]).nullable(),
      assignee_type: z.enum(['User', 'AgentBot']).nullable(),
      team: z.object({ id: Id, name: z.string() }).nullable(),
      hmac_verified: z.boolean(),
    }),
    status: z.enum(STATUSES),
    custom_attributes: AttributesSchema,
    snoozed_until: z.number().int().nullable(),
    unread_count: z.number().int(),
    first_reply_created_at: IsoTime.nullable(),
    priority: z.enum(PRIORITIES).nullable(),
    waiting_since: Seconds,
    agent_last_seen_at: Seconds,
    contact_last_seen_at: Seconds,
    last_activity_at: z.number().int(),
    timestamp: z.number().int(),
    created_at: z.number().int(),
    updated_at: z.number().int(),
  })
  .openapi('ConversationWebhookData')
export type ConversationWebhookData = z.infer<typeof ConversationWebhookDataSchema>

/** Message#webhook_data's sender: a contact's webhook data, a user, or an agent bot. */
export const MessageWebhookSenderSchema = z
  .union([
    ContactWebhookDataSchema.extend({ type: z.literal('contact') }),
    z.object({ id: Id, name: z.string(), email: z.string(), type: z.literal('user') }),
    z.object({ id: Id, name: z.string(), type: z.literal('agent_bot') }),
  ])
  .openapi('MessageWebhookSender')
export type MessageWebhookSender = z.infer<typeof MessageWebhookSenderSchema>

/** Message#webhook_data. */
export const MessageWebhookDataSchema = z
  .object({
    account: WebhookAccountSchema,
    additional_attributes: AttributesSchema,
    content_attributes: AttributesSchema,
    content_type: z.string(),
    content: z.string().nullable(),
    conversation: ConversationWebhookDataSchema,
    created_at: IsoTime,
    id: Id,
    inbox: WebhookInboxSchema,
    message_type: z.enum(['incoming', 'outgoing', 'activity', 'template']),
    private: z.boolean(),
    sender: MessageWebhookSenderSchema.nullable(),
    source_id: z.string().nullable(),
    status: z.enum(messages.status.enumValues).openapi({
      description: "Not in Chatwoot 4.10's payload: message_updated is mostly about it",
    }),
    attachments: z.array(AttachmentSchema).optional(),
  })
  .openapi('MessageWebhookData')
export type MessageWebhookData = z.infer<typeof MessageWebhookDataSchema>

/** ContactInbox#webhook_data plus `event_info`. */
export const WebwidgetWebhookDataSchema = z
  .object({
    id: Id.nullable().openapi({ description: "The contact inbox's id" }),
    contact: ContactWebhookDataSchema,
    inbox: WebhookInboxSchema,
    account: WebhookAccountSchema,
    current_conversation: nullableRef(ConversationWebhookDataSchema),
    source_id: z.string().nullable(),
    event_info: AttributesSchema,
  })
  .openapi('WebwidgetWebhookData')
export type WebwidgetWebhookData = z.infer<typeof WebwidgetWebhookDataSchema>

const event = <K extends EventKind>(kind: K) =>
  z.literal(kind).openapi({ description: 'The event kind, at the top level (no envelope)' })
const changed = ChangedAttributesSchema.openapi({
  description: 'One single-key object per attribute that changed',
})

/** Every event kind's payload schema: what `renderEventPayload` sends for it. */
export const WEBHOOK_PAYLOAD_SCHEMAS = {
  conversation_created: ConversationWebhookDataSchema.extend({
    event: event('conversation_created'),
  }).openapi('ConversationCreatedWebhook'),
  conversation_status_changed: ConversationWebhookDataSchema.extend({
    changed_attributes: changed,
    event: event('conversation_status_changed'),
  }).openapi('ConversationStatusChangedWebhook'),
  conversation_updated: ConversationWebhookDataSchema.extend({
    changed_attributes: changed,
    event: event('conversation_updated'),
  }).openapi('ConversationUpdatedWebhook'),
  message_created: MessageWebhookDataSchema.extend({ event: event('message_created') }).openapi(
    'MessageCreatedWebhook',
  ),
  message_updated: MessageWebhookDataSchema.extend({ event: event('message_updated') }).openapi(
    'MessageUpdatedWebhook',
  ),
  contact_created: ContactWebhookDataSchema.extend({ event: event('contact_created') }).openapi(
    'ContactCreatedWebhook',
  ),
  contact_updated: ContactWebhookDataSchema.extend({
    changed_attributes: changed,
    event: event('contact_updated'),
  }).openapi('ContactUpdatedWebhook'),
  webwidget_triggered: WebwidgetWebhookDataSchema.extend({
    event: event('webwidget_triggered'),
  }).openapi('WebwidgetTriggeredWebhook'),
} satisfies Record<EventKind, z.ZodType>

export type WebhookPayloads = {
  [K in EventKind]: z.infer<(typeof WEBHOOK_PAYLOAD_SCHEMAS)[K]>
}
export type WebhookPayload = WebhookPayloads[EventKind]

/** The Standard Webhooks headers every delivery carries (`worker/webhooks/deliver.ts`). */
export const WebhookHeadersSchema = z.object({
  'webhook-id': z.string().openapi({
    description:
      '`msg_<event id>_w<webhook id>` (account webhook) or `msg_<event id>_i<inbox id>` (inbox ' +
      '`webhook_url`); the same on every retry and redelivery: de-duplicate on it',
    example: 'msg_42_w7',
  }),
  'webhook-timestamp': z.string().openapi({
    description: 'Unix seconds of this attempt',
    example: '1767225600',
  }),
  'webhook-signature': z.string().openapi({
    description:
      '`v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<raw body>")>`; key is ' +
      'the base64-decoded part of the `whsec_…` secret',
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  }),
})

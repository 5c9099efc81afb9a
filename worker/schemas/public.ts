import { z } from '@hono/zod-openapi'
import type { ContactInboxRow } from '../db/queries/contact-inboxes'
import type { ContactRow } from '../db/queries/contacts'
import type { ConversationRow } from '../db/queries/conversations'
import type { InboxRow } from '../db/queries/inboxes'
import type { MessageView } from '../db/queries/messages'
import { asVisitorSeesIt } from '../lib/visitor-claims'
import { AttributesSchema, EmailSchema, IdSchema } from './common'
import { PhoneNumberSchema } from './contacts-input'
import * as examples from './examples/public'
import { InboxSchema, toInbox } from './inboxes'
import { MAX_CONTENT_LENGTH } from './messages'
import { PublicMessageSchema, toPublicMessage } from './public-messages'

/** Path parameters: inbox identifier, the visitor's source_id, the conversation's display id. */
export const InboxParamsSchema = z.object({
  inbox_identifier: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'inbox_identifier', in: 'path' }, example: 'aBcD1234' }),
})
export const ContactParamsSchema = InboxParamsSchema.extend({
  source_id: z
    .string()
    .min(1)
    .max(255)
    .openapi({
      param: { name: 'source_id', in: 'path' },
      description: "The contact's source_id in this inbox (its capability; keep it secret)",
    }),
})
export const ConversationParamsSchema = ContactParamsSchema.extend({
  conversation_id: IdSchema.openapi({
    param: { name: 'conversation_id', in: 'path' },
    description: "The conversation's display id",
  }),
})
export const MessageParamsSchema = ConversationParamsSchema.extend({
  message_id: IdSchema.openapi({ param: { name: 'message_id', in: 'path' } }),
})

export const PublicInboxSchema = InboxSchema.pick({
  name: true,
  timezone: true,
  working_hours: true,
  working_hours_enabled: true,
  widget_color: true,
  welcome_title: true,
  welcome_tagline: true,
  reply_time: true,
  pre_chat_form_enabled: true,
  pre_chat_form_options: true,
  csat_survey_enabled: true,
  greeting_enabled: true,
  greeting_message: true,
  lock_to_single_conversation: true,
})
  .extend({
    identifier: z.string(),
    identity_validation_enabled: z.boolean(),
    locale: z.string(),
    online: z.boolean().openapi({
      description:
        'Whether an agent of the inbox is online now (the widget\'s "we are online"); agents ' +
        'set it with their availability (online, busy, offline)',
    }),
    available_agents: z
      .array(z.object({ id: z.number().int(), name: z.string(), avatar_url: z.string() }))
      .openapi({ description: "The inbox's agents who are online (Chatwoot's available_agents)" }),
  })
  .openapi('PublicInbox', { example: examples.PublicInboxExample })

/** What the widget needs to draw itself; never a token or a webhook secret. */
export function toPublicInbox(
  row: InboxRow,
  locale: string,
  availableAgents: { id: number; name: string; displayName: string | null }[],
): z.infer<typeof PublicInboxSchema> {
  const inbox = toInbox(row, { withSecrets: false })
  return {
    online: availableAgents.length > 0,
    available_agents: availableAgents.map((a) => ({
      id: a.id,
      name: a.displayName || a.name,
      avatar_url: '',
    })),
    identifier: row.identifier ?? '',
    name: inbox.name,
    timezone: inbox.timezone,
    working_hours: inbox.working_hours,
    working_hours_enabled: inbox.working_hours_enabled,
    identity_validation_enabled: row.hmacMandatory,
    widget_color: inbox.widget_color,
    welcome_title: inbox.welcome_title,
    welcome_tagline: inbox.welcome_tagline,
    reply_time: inbox.reply_time,
    pre_chat_form_enabled: inbox.pre_chat_form_enabled,
    pre_chat_form_options: inbox.pre_chat_form_options,
    locale,
    csat_survey_enabled: inbox.csat_survey_enabled,
    greeting_enabled: inbox.greeting_enabled,
    greeting_message: inbox.greeting_message,
    // The widget offers no new conversation while one is ongoing in a locked inbox.
    lock_to_single_conversation: inbox.lock_to_single_conversation,
  }
}

// An empty string means "not given", as forms send it.
const blank = z.literal('').transform(() => undefined)
const optional = <T extends z.ZodType>(schema: T) => z.union([schema, blank]).optional()
const IdentifierSchema = z.union([
  z.string().trim().min(1).max(255),
  z.number().int().transform(String),
])
const HashSchema = z.string().trim().min(1).max(128)

const ContactFields = {
  identifier: optional(IdentifierSchema),
  identifier_hash: optional(HashSchema).openapi({
    description: "Hex HMAC-SHA256 of `identifier` with the inbox's hmac_token",
  }),
  name: optional(z.string().trim().min(1).max(255)),
  email: optional(EmailSchema),
  phone_number: optional(PhoneNumberSchema),
  avatar_url: optional(z.string().trim().max(2048).url()),
}

export const PublicContactCreateSchema = z
  .object({
    ...ContactFields,
    source_id: optional(z.string().trim().min(1).max(255)),
    custom_attributes: AttributesSchema.optional(),
  })
  .openapi('PublicContactCreate', { example: examples.PublicContactCreateExample })

export const PublicContactUpdateSchema = z
  .object({
    ...ContactFields,
    custom_attributes: AttributesSchema.optional().openapi({
      description: 'Merged into the stored ones; a null value removes that key',
    }),
  })
  .openapi('PublicContactUpdate', { example: examples.PublicContactUpdateExample })
export type PublicContactUpdate = z.infer<typeof PublicContactUpdateSchema>

export const ContactShowQuerySchema = z.object({
  identifier_hash: HashSchema.optional().openapi({
    description: "Proves the contact's identifier and marks this contact inbox verified",
  }),
})

export const ContactSessionSchema = z
  .object({
    source_id: z.string(),
    pubsub_token: z.string(),
    id: z.number().int(),
    name: z.string(),
    email: z.string().nullable(),
    phone_number: z.string().nullable(),
  })
  .openapi('PublicContactSession', { example: examples.PublicContactSessionExample })

export const PublicContactSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string().nullable(),
    phone_number: z.string().nullable(),
    identifier: z.string().nullable(),
    custom_attributes: AttributesSchema,
    additional_attributes: AttributesSchema,
    source_id: z.string(),
    pubsub_token: z.string(),
  })
  .openapi('PublicContact', { example: examples.PublicContactExample })
export type PublicContact = z.infer<typeof PublicContactSchema>

type ContactInboxTokens = Pick<ContactInboxRow, 'sourceId' | 'pubsubToken'>

/** The contact as its visitor sees it: its own claims in place of values others hold. */
export const toContactSession = (ci: ContactInboxTokens, row: ContactRow) => {
  const contact = asVisitorSeesIt(row)
  return {
    source_id: ci.sourceId,
    pubsub_token: ci.pubsubToken,
    id: contact.id,
    name: contact.name,
    email: contact.email,
    phone_number: contact.phoneNumber,
  }
}

/**
 * The visitor's own contact; the only token in it is the visitor's own pubsub_token, and its
 * claims stand in for values others hold (lib/visitor-claims).
 */
export function toPublicContact(ci: ContactInboxTokens, row: ContactRow): PublicContact {
  const contact = asVisitorSeesIt(row)
  return {
    id: contact.id,
    name: contact.name,
    email: contact.email,
    phone_number: contact.phoneNumber,
    identifier: contact.identifier,
    custom_attributes: contact.customAttributes,
    additional_attributes: contact.additionalAttributes,
    source_id: ci.sourceId,
    pubsub_token: ci.pubsubToken,
  }
}

export const PublicConversationSchema = z
  .object({
    id: z.number().int().openapi({ description: 'The display id' }),
    uuid: z.string(),
    inbox_id: z.number().int(),
    status: z.enum(['open', 'resolved', 'pending', 'snoozed']),
    contact_last_seen_at: z.number().int(),
    agent_last_seen_at: z.number().int(),
    messages: z.array(PublicMessageSchema),
    contact: PublicContactSchema,
  })
  .openapi('PublicConversation', { example: examples.PublicConversationExample })

/** What a visitor sees of its conversation itself (also its live frames' data). */
export function toPublicConversationSummary(conversation: ConversationRow) {
  return {
    id: conversation.displayId,
    uuid: conversation.uuid,
    inbox_id: conversation.inboxId,
    status: conversation.status,
    contact_last_seen_at: conversation.contactLastSeenAt ?? 0,
    agent_last_seen_at: conversation.agentLastSeenAt ?? 0,
  }
}

export function toPublicConversation(
  conversation: ConversationRow,
  messages: MessageView[],
  contact: PublicContact,
  requestUrl: string,
): z.infer<typeof PublicConversationSchema> {
  return {
    ...toPublicConversationSummary(conversation),
    messages: messages.map((m) => toPublicMessage(m, requestUrl)),
    contact,
  }
}

export const PublicConversationCreateSchema = z
  .object({
    custom_attributes: AttributesSchema.optional(),
    referer_url: z
      .string()
      .url()
      .max(2048)
      .optional()
      .openapi({
        description:
          'The page the visitor started from (a Parley addition): kept with the browser, its ' +
          "language and the visitor's location in the conversation's additional_attributes",
      }),
  })
  .openapi('PublicConversationCreate', { example: examples.PublicConversationCreateExample })

export const TypingInputSchema = z
  .object({ typing_status: z.enum(['on', 'off']) })
  .openapi('PublicTypingInput', { example: examples.PublicTypingInputExample })

export const PublicMessageInputSchema = z
  .object({
    content: z.string().max(MAX_CONTENT_LENGTH).nullable().optional(),
    echo_id: z.string().min(1).max(255).optional().openapi({
      description: "The client's id for the message: a retry with it returns the same message",
    }),
  })
  .openapi('PublicMessageInput', { example: examples.PublicMessageInputExample })

export const PublicMessageFormSchema = z
  .object({
    content: z.string().optional(),
    echo_id: z.string().optional(),
    'attachments[]': z
      .array(z.any().openapi({ type: 'string', format: 'binary' }))
      .optional()
      .openapi({ description: 'Up to 15 files, each at most 10 MB' }),
    attachments: z.any().optional().openapi({ description: 'Also accepted for attachments[]' }),
  })
  .openapi('PublicMessageForm', { example: examples.PublicMessageFormExample })

export const MessagePageQuerySchema = z.object({
  before: IdSchema.optional().openapi({ description: 'Only messages older than this id' }),
})

const SubmittedValueSchema = z
  .object({
    name: z.string().max(255).optional(),
    title: z.string().max(255).optional(),
    value: z.unknown().optional(),
    csat_survey_response: z
      .object({
        rating: z.number().int().min(1).max(5),
        feedback_message: z.string().max(2_000).nullable().optional(),
      })
      .optional(),
  })
  .refine((v) => JSON.stringify(v).length <= 10_000, 'is too large')

export const SubmittedValuesInputSchema = z
  .object({ submitted_values: z.array(SubmittedValueSchema).min(1).max(50) })
  .openapi('SubmittedValuesInput', { example: examples.SubmittedValuesInputExample })
export type SubmittedValues = z.infer<typeof SubmittedValuesInputSchema>['submitted_values']

export const LabelInputSchema = z
  .object({ label: z.string().trim().min(1).max(255) })
  .openapi('PublicLabelInput', { example: examples.PublicLabelInputExample })

export const WidgetEventInputSchema = z
  .object({
    name: z.literal('webwidget.triggered'),
    event_info: AttributesSchema.default({}).refine(
      (v) => JSON.stringify(v).length <= 20_000,
      'is too large',
    ),
  })
  .openapi('WidgetEventInput', { example: examples.WidgetEventInputExample })

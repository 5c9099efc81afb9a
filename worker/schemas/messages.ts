import { z } from '@hono/zod-openapi'
import type { AttachmentRow } from '../db/queries/attachments'
import type { MessageSender, MessageView } from '../db/queries/messages'
import { fileUrl } from '../lib/files'
import { toUserPushData, UserPushDataSchema } from './agents'
import { AttributesSchema, CursorSchema, IdSchema } from './common'
import { avatarUrl, ContactPushDataSchema, toContactPushData } from './contacts'
import * as examples from './examples/messages'

export const MAX_CONTENT_LENGTH = 10_000

export const CONTENT_TYPES = [
  'text',
  'input_select',
  'cards',
  'form',
  'input_email',
  'input_csat',
  'article',
] as const
export type ContentType = (typeof CONTENT_TYPES)[number]

export const MESSAGE_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const

export const AttachmentSchema = z
  .object({
    id: z.number().int(),
    message_id: z.number().int(),
    file_type: z.string(),
    account_id: z.number().int(),
    extension: z.string().nullable(),
    data_url: z.string(),
    thumb_url: z.string(),
    file_size: z.number().int(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  })
  .openapi('Attachment', { example: examples.AttachmentExample })

export const AgentBotPushDataSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    avatar_url: z.string(),
    type: z.literal('agent_bot'),
  })
  .openapi('AgentBotPushData', { example: examples.AgentBotPushDataExample })

export const SenderSchema = z.union([
  UserPushDataSchema,
  ContactPushDataSchema,
  AgentBotPushDataSchema,
])

export const MessageSchema = z
  .object({
    id: z.number().int(),
    content: z.string().nullable(),
    inbox_id: z.number().int(),
    echo_id: z.string().optional(),
    conversation_id: z.number().int().openapi({ description: "The conversation's display id" }),
    message_type: z
      .number()
      .int()
      .openapi({ description: '0 incoming, 1 outgoing, 2 activity, 3 template' }),
    content_type: z.string(),
    status: z.string(),
    content_attributes: AttributesSchema,
    created_at: z.number().int(),
    private: z.boolean(),
    source_id: z.string().nullable(),
    sender: SenderSchema.optional().openapi({ description: 'Absent for activity messages' }),
    attachments: z.array(AttachmentSchema).optional(),
  })
  .openapi('Message', { example: examples.MessageExample })
export type Message = z.infer<typeof MessageSchema>

export const MessagePushDataSchema = z
  .object({
    id: z.number().int(),
    content: z.string().nullable(),
    account_id: z.number().int(),
    inbox_id: z.number().int(),
    conversation_id: z.number().int(),
    message_type: z.number().int(),
    created_at: z.number().int(),
    updated_at: z.number().int(),
    private: z.boolean(),
    status: z.string(),
    source_id: z.string().nullable(),
    content_type: z.string(),
    content_attributes: AttributesSchema,
    sender_type: z.string().nullable(),
    sender_id: z.number().int().nullable(),
    external_source_ids: AttributesSchema,
    additional_attributes: AttributesSchema,
    processed_message_content: z.string().nullable(),
    sentiment: AttributesSchema,
    conversation: z.object({
      assignee_id: z.number().int().nullable(),
      unread_count: z.number().int(),
      last_activity_at: z.number().int(),
      contact_inbox: z.object({ source_id: z.string().nullable() }),
    }),
    echo_id: z.string().optional(),
    attachments: z.array(AttachmentSchema).optional(),
    sender: SenderSchema.optional(),
  })
  .openapi('MessagePushData', { example: examples.MessagePushDataExample })
export type MessagePushData = z.infer<typeof MessagePushDataSchema>

/** What a message's push data says about its conversation (Chatwoot's conversation_push_event_data). */
export type MessageConversationContext = MessagePushData['conversation']

const ContentAttributesInput = z
  .union([AttributesSchema, z.string().max(100_000)])
  .openapi({ description: 'An object, or the same object as a JSON string (multipart forms)' })

/** Chatwoot's `cc_emails`, `bcc_emails`, `to_emails`: comma-separated addresses (email inboxes). */
const EmailListInput = z.string().max(2000).openapi({
  description:
    'Comma-separated email addresses; used on email conversations, kept in content_attributes',
  example: 'alex@example.com, sam@example.com',
})

/** The addresses of an email list field, or the ones that are not addresses. */
export function readEmailList(value: string) {
  const emails = value
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '')
  const invalid = emails.filter((e) => !z.string().email().safeParse(e).success)
  return { emails, invalid }
}

export const MessageInputSchema = z
  .object({
    content: z.string().max(MAX_CONTENT_LENGTH).nullable().optional(),
    message_type: z.enum(['outgoing', 'incoming', 'template']).optional(),
    private: z.boolean().optional(),
    content_type: z.enum(CONTENT_TYPES).optional(),
    content_attributes: ContentAttributesInput.optional(),
    echo_id: z.string().min(1).max(255).optional(),
    source_id: z.string().max(255).nullable().optional(),
    template_params: AttributesSchema.optional(),
    cc_emails: EmailListInput.optional(),
    bcc_emails: EmailListInput.optional(),
    to_emails: EmailListInput.optional(),
  })
  .openapi('MessageInput', { example: examples.MessageInputExample })
export type MessageInput = z.infer<typeof MessageInputSchema>

export const MessageFormSchema = z
  .object({
    content: z.string().optional(),
    message_type: z.string().optional(),
    private: z.string().optional(),
    content_type: z.string().optional(),
    content_attributes: z.string().optional(),
    echo_id: z.string().optional(),
    source_id: z.string().optional(),
    cc_emails: z.string().optional(),
    bcc_emails: z.string().optional(),
    to_emails: z.string().optional(),
    'attachments[]': z
      .array(z.any().openapi({ type: 'string', format: 'binary' }))
      .optional()
      .openapi({ description: 'Up to 15 files, each at most 10 MB' }),
    attachments: z.any().optional().openapi({ description: 'Also accepted for attachments[]' }),
  })
  .openapi('MessageForm', { example: examples.MessageFormExample })

export const MessageStatusInputSchema = z
  .object({
    status: z.enum(MESSAGE_STATUSES),
    external_error: z.string().max(2_000).nullable().optional(),
  })
  .openapi('MessageStatusInput', { example: examples.MessageStatusInputExample })

export const MessageListQuerySchema = z.object({
  before: IdSchema.optional(),
  after: CursorSchema.optional(),
})

const FORM_ITEM_KEYS = new Set([
  'type',
  'placeholder',
  'label',
  'name',
  'options',
  'default',
  'required',
  'pattern',
  'title',
  'pattern_error',
])

const ITEM_SCHEMAS = {
  input_select: z.strictObject({
    title: z.string().min(1).max(255),
    value: z.union([z.string().max(255), z.number()]),
  }),
  cards: z.strictObject({
    title: z.string().min(1).max(255),
    description: z.string().max(2_000).optional(),
    media_url: z.string().max(2_048).optional(),
    actions: z
      .array(
        z.strictObject({
          text: z.string().max(255).optional(),
          type: z.string().max(64).optional(),
          payload: z.string().max(2_048).optional(),
          uri: z.string().max(2_048).optional(),
        }),
      )
      .min(1),
  }),
  form: z
    .object({
      name: z.string().min(1).max(255),
      label: z.string().min(1).max(255),
      type: z.string().min(1).max(64),
    })
    .catchall(z.unknown())
    .refine(
      (item) => Object.keys(item).every((k) => FORM_ITEM_KEYS.has(k)),
      'contains keys a form item does not have',
    ),
  article: z.strictObject({
    title: z.string().min(1).max(255),
    description: z.string().max(2_000).optional(),
    link: z.string().max(2_048).optional(),
  }),
} as const

/**
 * Chatwoot's content attribute rules: interactive content types carry `items` of a fixed shape.
 * Returns the attributes as an object, or the problems, each with the offending path.
 */
export function checkContentAttributes(
  contentType: ContentType,
  raw: Record<string, unknown> | string | undefined,
): { attributes: Record<string, unknown> } | { errors: { field: string; message: string }[] } {
  let attributes: unknown = raw ?? {}
  if (typeof attributes === 'string') {
    try {
      attributes = attributes.trim() === '' ? {} : JSON.parse(attributes)
    } catch {
      return { errors: [{ field: 'content_attributes', message: 'is not valid JSON' }] }
    }
  }
  if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes)) {
    return { errors: [{ field: 'content_attributes', message: 'must be an object' }] }
  }
  const record = attributes as Record<string, unknown>
  const itemSchema = ITEM_SCHEMAS[contentType as keyof typeof ITEM_SCHEMAS]
  if (!itemSchema) return { attributes: record }
  const result = z.array(itemSchema).min(1, 'At least one item is required').safeParse(record.items)
  if (result.success) return { attributes: record }
  return {
    errors: result.error.issues.map((issue) => ({
      field: ['content_attributes', 'items', ...issue.path.map(String)].join('.'),
      message: issue.message,
    })),
  }
}

export function toAttachment(row: AttachmentRow, requestUrl: string) {
  const dataUrl = fileUrl(requestUrl, row.objectKey)
  return {
    id: row.id,
    message_id: row.messageId,
    file_type: row.fileType,
    account_id: row.accountId,
    extension: row.extension,
    data_url: dataUrl,
    thumb_url: row.fileType === 'image' ? dataUrl : '',
    file_size: row.fileSize,
    width: row.width,
    height: row.height,
  }
}

export function toSenderPushData(sender: MessageSender, requestUrl: string) {
  switch (sender.type) {
    case 'User':
      return toUserPushData(sender.user, sender.availability)
    case 'Contact':
      return toContactPushData(sender.contact, requestUrl)
    case 'AgentBot':
      return {
        id: sender.bot.id,
        name: sender.bot.name,
        avatar_url: sender.bot.avatarUrl ?? avatarUrl(requestUrl, null),
        type: 'agent_bot' as const,
      }
  }
}

/** Chatwoot's REST message JSON (`_message.json.jbuilder`). */
export function toMessage(view: MessageView, requestUrl: string): Message {
  const m = view.message
  return {
    id: m.id,
    content: m.content,
    inbox_id: m.inboxId,
    ...(m.echoId ? { echo_id: m.echoId } : {}),
    conversation_id: view.displayId,
    message_type: m.messageType,
    content_type: m.contentType,
    status: m.status,
    content_attributes: m.contentAttributes,
    created_at: m.createdAt,
    private: m.private,
    source_id: m.sourceId,
    ...(view.sender ? { sender: toSenderPushData(view.sender, requestUrl) } : {}),
    ...(view.attachments.length > 0
      ? { attachments: view.attachments.map((a) => toAttachment(a, requestUrl)) }
      : {}),
  }
}

/**
 * Chatwoot's `Message#push_event_data`: every column, the conversation's display id, and what the
 * conversation list needs about the conversation (used in `messages[]` of conversation JSON and in
 * live frames).
 */
export function toMessagePushData(
  view: MessageView,
  conversation: MessageConversationContext,
  requestUrl: string,
): MessagePushData {
  const m = view.message
  return {
    id: m.id,
    content: m.content,
    account_id: m.accountId,
    inbox_id: m.inboxId,
    conversation_id: view.displayId,
    message_type: m.messageType,
    created_at: m.createdAt,
    updated_at: m.updatedAt,
    private: m.private,
    status: m.status,
    source_id: m.sourceId,
    content_type: m.contentType,
    content_attributes: m.contentAttributes,
    sender_type: m.senderType,
    sender_id: m.senderId,
    external_source_ids: m.externalSourceIds,
    additional_attributes: m.additionalAttributes,
    processed_message_content: m.content,
    sentiment: {},
    conversation,
    ...(m.echoId ? { echo_id: m.echoId } : {}),
    ...(view.attachments.length > 0
      ? { attachments: view.attachments.map((a) => toAttachment(a, requestUrl)) }
      : {}),
    ...(view.sender ? { sender: toSenderPushData(view.sender, requestUrl) } : {}),
  }
}

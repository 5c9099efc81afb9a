import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { conversationEventIds } from '../../conversations/changes'
import { deleteMessageAttachmentsStatement } from '../../db/queries/attachments'
import { findInbox } from '../../db/queries/inboxes'
import {
  findMessage,
  loadMessageViews,
  type MessageRow,
  updateMessageStatement,
} from '../../db/queries/messages'
import type { AppEnv } from '../../env'
import { apiError, errorResponses, issuesToFieldErrors, validationError } from '../../errors'
import { deleteStored } from '../../lib/files'
import { nowSeconds } from '../../lib/time'
import { visibleConversation } from '../../middleware/access'
import { unwrapBody } from '../../middleware/body'
import { toUserPushData, UserPushDataSchema } from '../../schemas/agents'
import { accountSecurity } from '../../schemas/auth'
import { AttributesSchema, jsonResponse } from '../../schemas/common'
import { ContactPushDataSchema, toContactPushData } from '../../schemas/contacts'
import {
  MessageListQuerySchema,
  MessageSchema,
  MessageStatusInputSchema,
  toMessage,
} from '../../schemas/messages'
import { ConversationParamsSchema, visibleConversationWithMessages } from '../conversations/shared'
import { createRouter } from '../router'
import { commitWithEvents } from '../write-adapter'
import { MessageParamsSchema, messagesPath, tags } from './shared'

const listMessagesRoute = createRoute({
  operationId: 'listMessages',
  method: 'get',
  path: messagesPath,
  tags,
  security: accountSecurity,
  summary: "A conversation's messages, by cursor",
  description:
    'No cursor: the latest 20. `before`: 20 older than that message id. `after`: up to 100 ' +
    'newer. Both: up to 1000 in [after, before). Ascending; private notes and activity included.',
  request: { params: ConversationParamsSchema, query: MessageListQuerySchema },
  responses: {
    200: jsonResponse(
      z.object({
        meta: z.object({
          labels: z.array(z.string()).openapi({ example: ['billing'] }),
          additional_attributes: AttributesSchema.openapi({ example: { browser: 'Firefox' } }),
          contact: ContactPushDataSchema,
          assignee: UserPushDataSchema.optional(),
          agent_last_seen_at: z.number().int().nullable().openapi({ example: 1763892900 }),
          assignee_last_seen_at: z.number().int().nullable().openapi({ example: 1763892900 }),
        }),
        payload: z.array(MessageSchema),
      }),
      'Messages',
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

const MessageStatusFormSchema = z
  .object({ status: z.string().max(32), external_error: z.string().max(2_000).optional() })
  .partial()
  .openapi('MessageStatusForm')

const updateMessageRoute = createRoute({
  operationId: 'updateMessage',
  method: 'patch',
  path: `${messagesPath}/{message_id}`,
  tags,
  security: accountSecurity,
  summary: "Update a message's delivery status (API inboxes)",
  description: 'A read message stays read when told it was delivered.',
  middleware: [unwrapBody('message')],
  request: {
    params: MessageParamsSchema,
    // Chatwoot's SDKs send this one as a form; both are read, and checked in the handler.
    body: {
      required: false,
      content: {
        'application/json': { schema: MessageStatusInputSchema },
        'multipart/form-data': { schema: MessageStatusFormSchema },
      },
    },
  },
  responses: {
    200: jsonResponse(MessageSchema, 'The message'),
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

const deleteMessageRoute = createRoute({
  operationId: 'deleteMessage',
  method: 'delete',
  path: `${messagesPath}/{message_id}`,
  tags,
  security: accountSecurity,
  summary: 'Delete a message (its content is replaced and its attachments removed)',
  request: { params: MessageParamsSchema },
  responses: {
    200: jsonResponse(MessageSchema, 'The deleted message'),
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

const DELETED_CONTENT = 'This message was deleted'

async function messageOf(c: Context<AppEnv>, displayId: number, messageId: number) {
  const conversation = await visibleConversation(c, displayId)
  const message = await findMessage(c.var.db, conversation.id, messageId)
  if (!message) throw apiError('not_found', `Message ${messageId} not found`)
  return { conversation, message }
}

function statusInput(c: Context<AppEnv>) {
  const multipart = (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/')
  const raw = multipart ? c.req.valid('form' as never) : c.req.valid('json' as never)
  const parsed = MessageStatusInputSchema.safeParse(raw)
  if (!parsed.success) throw validationError(issuesToFieldErrors(parsed.error.issues))
  return parsed.data
}

async function messageJson(c: Context<AppEnv>, message: MessageRow) {
  const [view] = await loadMessageViews(c.var.db, c.var.accountId, [message.id])
  if (!view) throw apiError('not_found')
  return toMessage(view, c.req.url)
}

export const messageManageRoutes = createRouter()
  .openapi(listMessagesRoute, async (c) => {
    const { before, after } = c.req.valid('query')
    const { conversation, view, messages } = await visibleConversationWithMessages(
      c,
      c.req.valid('param').conversation_id,
      { before, after },
    )
    const assignee = view.assignee
    return c.json(
      {
        meta: {
          labels: conversation.labels,
          additional_attributes: conversation.additionalAttributes,
          contact: toContactPushData(view.contact, c.req.url),
          ...(assignee
            ? { assignee: toUserPushData(assignee.user, assignee.membership.availability) }
            : {}),
          agent_last_seen_at: conversation.agentLastSeenAt,
          assignee_last_seen_at: conversation.assigneeLastSeenAt,
        },
        payload: messages.map((m) => toMessage(m, c.req.url)),
      },
      200,
    )
  })
  .openapi(updateMessageRoute, async (c) => {
    const { conversation_id, message_id } = c.req.valid('param')
    const conversation = await visibleConversation(c, conversation_id)
    const inbox = await findInbox(c.var.db, c.var.accountId, conversation.inboxId)
    if (inbox?.channelType !== 'api') {
      throw apiError('forbidden', 'Message status update is only allowed for API inboxes')
    }
    const message = await findMessage(c.var.db, conversation.id, message_id)
    if (!message) throw apiError('not_found', `Message ${message_id} not found`)
    const body = statusInput(c)
    // Delivery receipts can arrive after read receipts; a read message stays read.
    const status = message.status === 'read' && body.status === 'delivered' ? 'read' : body.status
    const contentAttributes =
      body.external_error === undefined
        ? message.contentAttributes
        : { ...message.contentAttributes, external_error: body.external_error }
    const changed =
      status !== message.status ||
      JSON.stringify(contentAttributes) !== JSON.stringify(message.contentAttributes)
    if (changed) {
      const db = c.var.db
      await commitWithEvents(
        c,
        [updateMessageStatement(db, message.id, { status, contentAttributes })],
        [{ kind: 'message_updated', ...conversationEventIds(conversation), messageId: message.id }],
      )
    }
    return c.json(await messageJson(c, message), 200)
  })
  .openapi(deleteMessageRoute, async (c) => {
    const { conversation_id, message_id } = c.req.valid('param')
    const { conversation, message } = await messageOf(c, conversation_id, message_id)
    const db = c.var.db
    const now = nowSeconds()
    const [, removed] = await commitWithEvents(
      c,
      [
        updateMessageStatement(db, message.id, {
          content: DELETED_CONTENT,
          contentType: 'text',
          contentAttributes: { deleted: true },
          deletedAt: now,
        }),
        deleteMessageAttachmentsStatement(db, message.id),
      ],
      [{ kind: 'message_updated', ...conversationEventIds(conversation), messageId: message.id }],
    )
    // The rows are gone; the stored files go after, so a failure here leaves no dangling row.
    await deleteStored(
      c.env,
      removed.map((r) => r.objectKey),
    )
    return c.json(await messageJson(c, message), 200)
  })

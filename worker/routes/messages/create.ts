import { createRoute } from '@hono/zod-openapi'
import { senderOfPrincipal } from '../../conversations/changes'
import { createMessage } from '../../conversations/messages'
import { findInbox } from '../../db/queries/inboxes'
import { MESSAGE_TYPE } from '../../db/queries/messages'
import { createRouter } from '../../env'
import { apiError, errorResponses, fieldError } from '../../errors'
import { visibleConversation } from '../../lib/access'
import { sendToVisitorNow } from '../../live/fast-path'
import { unwrapBody } from '../../middleware/body'
import { accountSecurity } from '../../schemas/auth'
import { jsonResponse } from '../../schemas/common'
import {
  MessageFormSchema,
  type MessageInput,
  MessageInputSchema,
  MessageSchema,
  toMessage,
} from '../../schemas/messages'
import { ConversationParamsSchema } from '../conversations/shared'
import { type Form, readInput } from './input'
import { messagesPath, tags } from './shared'

const createMessageRoute = createRoute({
  operationId: 'createMessage',
  method: 'post',
  path: messagesPath,
  tags,
  security: accountSecurity,
  summary: 'Create a message (agent bots too)',
  description:
    'JSON, or multipart/form-data with `attachments[]` (up to 15 files of at most 10 MB). ' +
    '`message_type` is outgoing (default), template, or incoming (API inboxes only). A retried ' +
    'create with the same `echo_id` returns the message it already created.',
  middleware: [unwrapBody('message')],
  request: {
    params: ConversationParamsSchema,
    body: {
      required: false,
      content: {
        'application/json': { schema: MessageInputSchema },
        'multipart/form-data': { schema: MessageFormSchema },
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
      'payload_too_large',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

export const messageCreateRoutes = createRouter().openapi(createMessageRoute, async (c) => {
  const conversation = await visibleConversation(c, c.req.valid('param').conversation_id)
  const { input, files, contentType, contentAttributes } = readInput(
    c,
    // Both declared media types widen each target's type; only the matching one was validated.
    c.req.valid('json') as MessageInput,
    c.req.valid('form') as Form,
  )
  const messageType = MESSAGE_TYPE[input.message_type ?? 'outgoing']
  if (messageType === MESSAGE_TYPE.incoming) {
    const inbox = await findInbox(c.var.db, c.var.accountId, conversation.inboxId)
    if (inbox?.channelType !== 'api') {
      const text = 'Incoming messages are only allowed in Api inboxes'
      throw apiError('validation_failed', text, [fieldError('message_type', text, 'api_only')])
    }
  }
  const sender =
    messageType === MESSAGE_TYPE.incoming
      ? { senderType: 'Contact' as const, senderId: conversation.contactId }
      : senderOfPrincipal(c)
  const message = {
    messageType,
    contentType,
    content: input.content ?? null,
    contentAttributes,
    additionalAttributes: input.template_params ? { template_params: input.template_params } : {},
    private: input.private ?? false,
    sourceId: input.source_id ?? null,
    echoId: input.echo_id ?? null,
    sender,
    files,
  }
  // The visitor's socket gets the reply before the events are published.
  const view = await createMessage(c, conversation, message, (created) =>
    sendToVisitorNow(c, conversation, created),
  )
  return c.json(toMessage(view, c.req.url), 200)
})

import { createRoute } from '@hono/zod-openapi'
import { createMessage, isEchoConflict, type NewMessage } from '../../conversations/messages'
import { assignsReplier } from '../../conversations/reply-assignment'
import {
  replyInSql,
  UNAVAILABLE_CONVERSATION_GUARD,
  writableInSql,
} from '../../conversations/reply-in-sql'
import { findAccount } from '../../db/queries/accounts'
import { findInbox } from '../../db/queries/inboxes'
import { MESSAGE_TYPE, type MessageView } from '../../db/queries/messages'
import { apiError, errorResponses, fieldError } from '../../errors'
import { isFailedGuard } from '../../lib/d1-gate'
import { nowSeconds } from '../../lib/time'
import { sendToVisitorNow } from '../../live/fast-path'
import { restrictedAgentId, visibleConversation } from '../../middleware/access'
import { unwrapBody } from '../../middleware/body'
import { refuseUnsendableText } from '../../phone/send-guard'
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
import { createRouter } from '../router'
import { actorOf, publishAfterResponse, senderOfPrincipal } from '../write-adapter'
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
  const displayId = c.req.valid('param').conversation_id
  const { input, files, contentType, contentAttributes } = readInput(
    c,
    // Both declared media types widen each target's type; only the matching one was validated.
    c.req.valid('json') as MessageInput,
    c.req.valid('form') as Form,
  )
  const messageType = MESSAGE_TYPE[input.message_type ?? 'outgoing']
  const message: NewMessage = {
    messageType,
    contentType,
    content: input.content ?? null,
    contentAttributes,
    additionalAttributes: input.template_params ? { template_params: input.template_params } : {},
    private: input.private ?? false,
    sourceId: input.source_id ?? null,
    echoId: input.echo_id ?? null,
    sender: messageType === MESSAGE_TYPE.incoming ? null : senderOfPrincipal(c),
    files,
  }
  // The visitor's socket gets the reply before the events are published.
  const publish = ({ view, eventIds }: { view: MessageView; eventIds: number[] }) => {
    if (eventIds.length > 0) {
      const live = {
        env: c.env,
        origin: new URL(c.req.url).origin,
        waitUntil: (sent: Promise<unknown>) => c.executionCtx.waitUntil(sent),
      }
      publishAfterResponse(c, view.message.accountId, eventIds, sendToVisitorNow(live, view))
    }
    return view
  }
  // A bot's reply takes the usual path: its inbox check (visibleConversation) is not in the SQL.
  if (writableInSql(message) && c.var.principal.type !== 'agent_bot') {
    // An agent's reply: one round trip. A conversation this caller cannot see, or an echo_id
    // already used, rolls it back, and the usual path below answers (404, 403, or the message).
    try {
      const target = { accountId: c.var.accountId, displayId, agentId: restrictedAgentId(c) }
      const view = publish(await replyInSql(c.var.db, target, message, nowSeconds()))
      return c.json(toMessage(view, c.req.url), 200)
    } catch (error) {
      if (!isFailedGuard(error, UNAVAILABLE_CONVERSATION_GUARD) && !isEchoConflict(error)) {
        throw error
      }
    }
  }
  const conversation = await visibleConversation(c, displayId)
  // A phone inbox's reply it could not send as a text is refused before it exists.
  await refuseUnsendableText(c.var.db, conversation, message, nowSeconds())
  if (messageType === MESSAGE_TYPE.incoming) {
    const inbox = await findInbox(c.var.db, c.var.accountId, conversation.inboxId)
    if (inbox?.channelType !== 'api') {
      const text = 'Incoming messages are only allowed in Api inboxes'
      throw apiError('validation_failed', text, [fieldError('message_type', text, 'api_only')])
    }
  }
  if (messageType === MESSAGE_TYPE.incoming) {
    message.sender = { senderType: 'Contact' as const, senderId: conversation.contactId }
  }
  // Read only for an agent's reply to an unassigned conversation, which it may assign.
  const mayAssign = conversation.assigneeId === null && message.sender?.senderType === 'User'
  const actor = mayAssign ? await actorOf(c) : null
  const settings = actor ? (await findAccount(c.var.db, c.var.accountId))?.settings : undefined
  const assignTo = actor && assignsReplier(conversation, message, actor, settings) ? actor : null
  const created = await createMessage(
    c.var.db,
    c.env,
    conversation,
    message,
    nowSeconds(),
    assignTo,
  )
  const view = publish(created)
  return c.json(toMessage(view, c.req.url), 200)
})

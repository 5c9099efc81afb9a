import { createRoute } from '@hono/zod-openapi'
import { findInbox } from '../../db/queries/inboxes'
import { findMessage, loadMessageViews } from '../../db/queries/messages'
import { retryReplyWrite } from '../../email/retry'
import { apiError, errorResponses } from '../../errors'
import { nowSeconds } from '../../lib/time'
import { visibleConversation } from '../../middleware/access'
import { accountSecurity } from '../../schemas/auth'
import { jsonResponse } from '../../schemas/common'
import { MessageSchema, toMessage } from '../../schemas/messages'
import { createRouter } from '../router'
import { commit } from '../write-adapter'
import { MessageParamsSchema, messagesPath, tags } from './shared'

const retryMessageRoute = createRoute({
  operationId: 'retryMessage',
  method: 'post',
  path: `${messagesPath}/{message_id}/retry`,
  tags,
  security: accountSecurity,
  summary: 'Send a failed email reply again',
  description:
    'An outgoing message of an email inbox whose mail failed (`status: failed`, the reason in ' +
    '`content_attributes.external_error`) goes back to `sent` without the error and is mailed ' +
    'again; `message.updated` is raised. Any other message is refused with 422.',
  request: { params: MessageParamsSchema },
  responses: {
    200: jsonResponse(MessageSchema, 'The message, waiting to be mailed again'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'rate_limited',
    ),
  },
})

export const messageRetryRoutes = createRouter().openapi(retryMessageRoute, async (c) => {
  const { conversation_id, message_id } = c.req.valid('param')
  const conversation = await visibleConversation(c, conversation_id)
  const message = await findMessage(c.var.db, conversation.id, message_id)
  if (!message) throw apiError('not_found', `Message ${message_id} not found`)
  const inbox = await findInbox(c.var.db, c.var.accountId, conversation.inboxId)
  await commit(
    c,
    retryReplyWrite(c.var.db, conversation, inbox?.channelType, message, nowSeconds()),
  )
  const [view] = await loadMessageViews(c.var.db, c.var.accountId, [message.id])
  if (!view) throw apiError('not_found', `Message ${message_id} not found`)
  return c.json(toMessage(view, c.req.url), 200)
})

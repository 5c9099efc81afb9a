import type { Context } from 'hono'
import type { MessageView } from '../db/queries/messages'
import type { AppEnv } from '../env'
import { toPublicMessage, visibleToVisitor } from '../schemas/public-messages'
import { conversationRoom } from './stubs'

/**
 * Sends a just-created message to the visitor's socket straight from the request that made it,
 * with the view the response is built from: no D1 read stands between an agent's reply and the
 * visitor. The outbox broadcast follows as usual; each socket skips a message id it already has,
 * so nothing arrives twice, and agents get their full push data from it.
 */
export function sendToVisitorNow(c: Context<AppEnv>, view: MessageView) {
  if (!visibleToVisitor(view)) return undefined
  const { accountId, conversationId } = view.message
  const sent = conversationRoom(c.env, accountId, conversationId)
    .broadcast({
      accountId,
      conversationId,
      event: 'message.created',
      agent: null,
      visitor: toPublicMessage(view, new URL(c.req.url).origin),
      messageId: view.message.id,
    })
    .catch(() => 0)
  try {
    c.executionCtx.waitUntil(sent)
  } catch {
    // No execution context (app.request in unit tests): the broadcast runs on its own.
  }
  return sent
}

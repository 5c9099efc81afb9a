import type { MessageView } from '../db/queries/messages'
import { toPublicMessage, visibleToVisitor } from '../schemas/public-messages'
import { conversationRoom } from './stubs'

/** What sending to the visitor at once needs of the request that made the message. */
export type FastPathRequest = {
  env: Env
  /** The request's origin, which the visitor's shape of the message builds its links from. */
  origin: string
  /** Keeps the request alive for the send; it may throw where there is no execution context. */
  waitUntil: (sent: Promise<unknown>) => void
}

/**
 * Sends a just-created message to the visitor's socket straight from the request that made it,
 * with the view the response is built from: no D1 read stands between an agent's reply and the
 * visitor. The outbox broadcast follows as usual; each socket skips a message id it already has,
 * so nothing arrives twice, and agents get their full push data from it.
 */
export function sendToVisitorNow(request: FastPathRequest, view: MessageView) {
  if (!visibleToVisitor(view)) return undefined
  const { accountId, conversationId } = view.message
  const sent = conversationRoom(request.env, accountId, conversationId)
    .broadcast({
      accountId,
      conversationId,
      event: 'message.created',
      agent: null,
      visitor: toPublicMessage(view, request.origin),
      messageId: view.message.id,
    })
    .catch(() => 0)
  try {
    request.waitUntil(sent)
  } catch {
    // No execution context (app.request in unit tests): the broadcast runs on its own.
  }
  return sent
}

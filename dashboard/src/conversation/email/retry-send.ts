import { unwrap } from '../../api/client'
import type { ChatMessage } from '../messages'
import type { ConversationStore } from '../store'

/** The route that sends a failed email reply again (the worker's messages/:id/retry). */
type RetryPath = '/api/v1/accounts/{account_id}/conversations/{conversation_id}/messages/{id}/retry'

/**
 * Asks the server to send a message it marked failed (a mail Email Service refused) again. The
 * answer is the message, back to sending: merged by id, so its failed line goes.
 */
export async function retryFailedSend(store: ConversationStore, messageId: number) {
  const { api, accountId, displayId } = store.state.deps
  const path: RetryPath =
    '/api/v1/accounts/{account_id}/conversations/{conversation_id}/messages/{id}/retry'
  // Typed loosely until the route is in the generated types (protocol/generated/openapi.d.ts).
  const post = api.POST as unknown as (
    path: RetryPath,
    init: { params: { path: { account_id: number; conversation_id: number; id: number } } },
  ) => ReturnType<typeof api.POST>
  const saved = await unwrap(
    post(path, {
      params: { path: { account_id: accountId, conversation_id: displayId, id: messageId } },
    }),
  )
  if (saved && typeof saved === 'object' && 'id' in saved) store.merge([saved as ChatMessage])
}

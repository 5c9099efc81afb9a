import { unwrap } from '../../api/client'
import type { ConversationStore } from '../store'

/**
 * Asks the server to send a message it marked failed (a mail Email Service refused) again. The
 * answer is the message, back to sending: merged by id, so its failed line goes.
 */
export async function retryFailedSend(store: ConversationStore, messageId: number) {
  const { api, accountId, displayId } = store.state.deps
  const saved = await unwrap(
    api.POST(
      '/api/v1/accounts/{account_id}/conversations/{conversation_id}/messages/{message_id}/retry',
      {
        params: {
          path: { account_id: accountId, conversation_id: displayId, message_id: messageId },
        },
      },
    ),
  )
  if (saved) store.merge([saved])
}

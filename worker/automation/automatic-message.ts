import { createMessage } from '../conversations/messages'
import type { ConversationRow } from '../db/queries/conversations'
import { MESSAGE_TYPE } from '../db/queries/messages'

/** The automatic messages, each sent at most once per conversation. */
export type AutomaticMessageKey = 'greeting' | 'out_of_office' | 'email_collect' | 'csat'

/** The echo_id that keeps an automatic message to one per conversation. */
export const automaticEchoId = (key: AutomaticMessageKey) => `parley:${key}`

/**
 * Sends an automatic message (a Chatwoot `template` message with no sender) through the write
 * model, like an agent's: its events reach sockets and webhooks. The conversation's unique
 * (conversation_id, echo_id) index makes a second send of the same key, by a re-run after a crash
 * or a racing publish, return the first one and commit nothing: the result's eventIds are then [].
 */
export function sendAutomaticMessage(
  db: Parameters<typeof createMessage>[0],
  env: Env,
  conversation: ConversationRow,
  message: {
    key: AutomaticMessageKey
    content: string | null
    contentType?: string
    contentAttributes?: Record<string, unknown>
  },
  now: number,
) {
  return createMessage(
    db,
    env,
    conversation,
    {
      messageType: MESSAGE_TYPE.template,
      contentType: message.contentType ?? 'text',
      content: message.content,
      contentAttributes: message.contentAttributes,
      echoId: automaticEchoId(message.key),
      sender: null,
    },
    now,
  )
}

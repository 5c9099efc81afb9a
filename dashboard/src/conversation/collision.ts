import { type ChatMessage, MESSAGE_TYPE } from './messages'

/**
 * The newest public reply by another agent sent at or after `since` (unix seconds): what the
 * agent has not taken into account in a draft started then. Notes, the visitor's messages,
 * bots and the agent's own replies never count.
 */
export function colleagueReplySince(
  messages: readonly ChatMessage[],
  meId: number,
  since: number,
): ChatMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i] as ChatMessage
    if (m.created_at < since) return undefined
    if (m.message_type !== MESSAGE_TYPE.outgoing || m.private) continue
    if (m.sender?.type === 'user' && m.sender.id !== meId) return m
  }
  return undefined
}

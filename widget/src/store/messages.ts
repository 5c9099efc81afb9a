import { MESSAGE_TYPE, type Message } from '../client/types'
import type { ChatMessage, OutboxItem } from './state'

/** Merges messages into the list, never duplicating one. */
export { mergeMessages as upsertMessages } from '../../../protocol/shared/merge-messages'

export const PAGE_SIZE = 20

/** The optimistic entry shown the moment the visitor sends. */
export function localMessage(item: OutboxItem, conversationId: number): ChatMessage {
  return {
    content: item.content,
    message_type: MESSAGE_TYPE.incoming,
    content_type: 'text',
    content_attributes: {},
    created_at: Math.floor(item.createdAt / 1000),
    conversation_id: conversationId,
    echo_id: item.echoId,
    delivery: 'queued',
    files: item.files,
  }
}

export function setDelivery(
  list: readonly ChatMessage[],
  echoIds: ReadonlySet<string>,
  delivery: ChatMessage['delivery'],
  error?: string,
): ChatMessage[] {
  return list.map((m) =>
    m.id === undefined && m.echo_id && echoIds.has(m.echo_id) ? { ...m, delivery, error } : m,
  )
}

/** The newest message id the visitor had seen when they last looked (contact_last_seen_at). */
export function seenUpTo(messages: readonly Message[], lastSeenAt: number | null | undefined) {
  if (!lastSeenAt) return 0
  return messages.reduce((max, m) => (m.created_at <= lastSeenAt && m.id > max ? m.id : max), 0)
}

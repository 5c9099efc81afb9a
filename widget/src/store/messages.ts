import { MESSAGE_TYPE, type Message } from '../client/types'
import type { ChatMessage, OutboxItem } from './state'

export const PAGE_SIZE = 20

/** Server messages by id; unconfirmed ones after them, in the order they were written. */
function byId(a: ChatMessage, b: ChatMessage): number {
  return (a.id ?? Number.POSITIVE_INFINITY) - (b.id ?? Number.POSITIVE_INFINITY) || 0
}

/**
 * Merges messages into the list. A message already there (same id, or an unconfirmed one with
 * the same echo_id) is replaced, never duplicated: replayed socket frames, the POST response
 * and a frame for the same message all land on one entry.
 */
export function upsertMessages(
  list: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): { list: ChatMessage[]; added: ChatMessage[] } {
  const next = list.slice()
  const added: ChatMessage[] = []
  for (const message of incoming) {
    let index = message.id === undefined ? -1 : next.findIndex((m) => m.id === message.id)
    if (index < 0 && message.echo_id) {
      index = next.findIndex((m) => m.echo_id === message.echo_id)
    }
    if (index < 0) {
      next.push(message)
      added.push(message)
      continue
    }
    const current = next[index] as ChatMessage
    next[index] =
      message.id === undefined
        ? { ...current, ...message }
        : {
            ...current,
            ...message,
            // Keeps the list key stable, so the live region does not announce it twice.
            echo_id: message.echo_id ?? current.echo_id,
            delivery: undefined,
            error: undefined,
            files: undefined,
          }
  }
  return { list: next.sort(byId), added }
}

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

import type { Message } from '../api/schema'

export const PAGE_SIZE = 20

export const MESSAGE_TYPE = { incoming: 0, outgoing: 1, activity: 2, template: 3 } as const

/** A message as the pane holds it: the server's, or one still being sent (no id yet). */
export type ChatMessage = Omit<Message, 'id'> & {
  id?: number
  /** Only on messages the agent wrote here that the server has not confirmed. */
  delivery?: 'pending' | 'failed'
  error?: string
  /** Files of a message not yet confirmed, kept for a retry. */
  files?: File[]
}

/** Server messages by id; unconfirmed ones after them, in the order they were written. */
function byId(a: ChatMessage, b: ChatMessage): number {
  return (a.id ?? Number.POSITIVE_INFINITY) - (b.id ?? Number.POSITIVE_INFINITY) || 0
}

/**
 * Merges messages into the list. A message already there (same id, or an unconfirmed one with
 * the same echo_id) is replaced, never duplicated: the POST answer, the room socket's echo, the
 * account feed's copy and a resync's reload all land on one entry. Indexed once per call, so a
 * 5,000-message list merges in linear time.
 */
export function mergeMessages(
  list: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): { list: ChatMessage[]; added: ChatMessage[] } {
  const next = list.slice()
  const added: ChatMessage[] = []
  const byIdIndex = new Map<number, number>()
  const byEcho = new Map<string, number>()
  next.forEach((m, i) => {
    if (m.id !== undefined) byIdIndex.set(m.id, i)
    if (m.echo_id) byEcho.set(m.echo_id, i)
  })
  let unsorted = false
  for (const message of incoming) {
    let index = message.id === undefined ? undefined : byIdIndex.get(message.id)
    if (index === undefined && message.echo_id) index = byEcho.get(message.echo_id)
    if (index === undefined) {
      const last = next[next.length - 1]
      if (last && byId(last, message) > 0) unsorted = true
      index = next.push(message) - 1
      added.push(message)
    } else {
      const current = next[index] as ChatMessage
      if (message.id !== undefined && current.id === undefined) unsorted = true
      next[index] =
        message.id === undefined
          ? { ...current, ...message }
          : {
              ...current,
              ...message,
              // Keeps the list key stable, so the confirmed message is the same DOM node.
              echo_id: message.echo_id ?? current.echo_id,
              delivery: undefined,
              error: undefined,
              files: undefined,
            }
    }
    const merged = next[index] as ChatMessage
    if (merged.id !== undefined) byIdIndex.set(merged.id, index)
    if (merged.echo_id) byEcho.set(merged.echo_id, index)
  }
  return { list: unsorted ? next.sort(byId) : next, added }
}

export function setDelivery(
  list: readonly ChatMessage[],
  echoId: string,
  delivery: ChatMessage['delivery'],
  error?: string,
): ChatMessage[] {
  return list.map((m) =>
    m.id === undefined && m.echo_id === echoId ? { ...m, delivery, error } : m,
  )
}

/** The oldest and newest confirmed ids (the cursors for `before` and `after`). */
export function oldestId(list: readonly ChatMessage[]): number | undefined {
  for (const m of list) if (m.id !== undefined) return m.id
  return undefined
}

export function newestId(list: readonly ChatMessage[]): number | undefined {
  for (let i = list.length - 1; i >= 0; i--) {
    const id = list[i]?.id
    if (id !== undefined) return id
  }
  return undefined
}

/** A stable key for the list: the echo_id survives the confirmation of an optimistic message. */
export function messageKey(message: ChatMessage): string {
  return message.echo_id ? `e:${message.echo_id}` : `i:${message.id}`
}

import { mergeMessages as merge } from '../../../protocol/shared/merge-messages'
import type { Message } from '../api/schema'
import type { EmailRecipients } from './email/recipients'

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
  /** Cc and Bcc of a reply on an email conversation, kept for a retry. */
  recipients?: EmailRecipients
}

/** Merges messages into the pane's list, never duplicating one: the widget's merge. */
export const mergeMessages = merge<ChatMessage>

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

import type { Conversation, MessagePushData } from '../api/schema'
import { compareFor, type InboxFilters, lastMessageIdOf, matchesFilters } from './filters'

/** What the list's live rules need besides the list itself. */
export interface ListView {
  filters: InboxFilters
  meId: number
  /** The open conversation's display id: its messages are being read, so it has none unread. */
  openDisplayId: number | null
  /** More pages exist: a conversation that sorts after the loaded ones belongs to them. */
  hasMore: boolean
}

/** A feed's `message.created` data (the API's push shape of a message). */
export type PushedMessage = MessagePushData

const ACTIVITY = 2

/**
 * Puts a conversation where the list's sort wants it (replacing its old entry), or leaves it out
 * when it sorts after the last loaded row while more pages exist (the next page will bring it).
 */
export function place(list: Conversation[], conversation: Conversation, view: ListView) {
  const rest = list.filter((c) => c.id !== conversation.id)
  const compare = compareFor(view.filters.sort)
  const index = rest.findIndex((c) => compare(conversation, c) < 0)
  if (index === -1) return view.hasMore ? rest : [...rest, conversation]
  return [...rest.slice(0, index), conversation, ...rest.slice(index)]
}

/** A conversation's new state (created, status changed, updated): shown if the filters want it. */
export function applyConversation(
  list: Conversation[],
  incoming: Conversation,
  view: ListView,
): Conversation[] {
  const known = list.find((c) => c.id === incoming.id)
  const search = view.filters.q.trim() !== ''
  // A search lists what matched the text; only rows already there can be kept current.
  if (!matchesFilters(incoming, view.filters, view.meId) || (search && !known)) {
    return known ? list.filter((c) => c.id !== incoming.id) : list
  }
  const next: Conversation = {
    ...incoming,
    // Frames about a conversation carry no messages; keep the preview the row already has.
    messages: incoming.messages.length ? incoming.messages : (known?.messages ?? []),
    last_non_activity_message:
      incoming.last_non_activity_message ?? known?.last_non_activity_message ?? null,
    unread_count: incoming.id === view.openDisplayId ? 0 : incoming.unread_count,
  }
  return place(list, next, view)
}

/**
 * A new message in a listed conversation: preview, time, unread count and position. Returns null
 * when the row already reflects it (a replay after reconnect, or the reload that followed it).
 */
export function applyMessage(
  list: Conversation[],
  message: PushedMessage,
  view: ListView,
): Conversation[] | null {
  const known = list.find((c) => c.id === message.conversation_id)
  if (!known || message.id <= lastMessageIdOf(known)) return null
  const open = known.id === view.openDisplayId
  const next: Conversation = {
    ...known,
    messages: [message],
    last_non_activity_message:
      message.message_type === ACTIVITY ? known.last_non_activity_message : message,
    last_activity_at: Math.max(
      known.last_activity_at,
      message.conversation?.last_activity_at ?? message.created_at,
    ),
    unread_count: open ? 0 : (message.conversation?.unread_count ?? known.unread_count),
  }
  return place(list, next, { ...view, hasMore: false })
}

/** The rows with unread messages, the open one aside (the title's count). */
export function unreadConversations(list: Conversation[], openDisplayId: number | null): number {
  return list.filter((c) => c.unread_count > 0 && c.id !== openDisplayId).length
}

import type { ApiClient } from '../api/client'
import type { Conversation, MessagePushData } from '../api/schema'
import type { LiveFeed } from '../live/types'
import type { InboxFilters } from './filters'

/** `conversation.read` on the feed: the visitor's or an agent's read time. */
export type ReadData = { conversation_id: number; agent_last_seen_at?: number }

export interface ConversationCounts {
  mine_count: number
  unassigned_count: number
  all_count: number
}

/** Something new the agent may want to hear about (the notifier decides whether to). */
export type InboxNews =
  | { kind: 'conversation'; conversation: Conversation }
  | { kind: 'message'; message: MessagePushData; assignedToMe: boolean }

export interface InboxStoreOptions {
  api: ApiClient
  accountId: number
  meId: number
  feed: LiveFeed
  /** Where the list starts (the agent's last choice); the defaults otherwise. */
  initialFilters?: InboxFilters
  /**
   * The user administers the account: on its first load the list lands on Unassigned when Mine
   * is empty and conversations wait there (the tab counts come with that load).
   */
  administrator?: boolean
  onNews?: (news: InboxNews) => void
  /** Tab counts follow live changes this long after the last one (one request per burst). */
  countsDelayMs?: number
}

import { computed, effect, signal } from '@preact/signals'
import { unwrap } from '../api/client'
import type { Conversation } from '../api/schema'
import type { FeedFrame } from '../live/types'
import { countsQuery, DEFAULT_FILTERS, type InboxFilters, landingTab, listQuery } from './filters'
import { applyConversation, applyMessage, type ListView, unreadConversations } from './live-updates'
import type { ConversationCounts, InboxStoreOptions, ReadData } from './types'

export type { ConversationCounts, InboxNews, InboxStoreOptions } from './types'

/** The API's page size for conversations. */
export const PER_PAGE = 25
const INCOMING = 0

/**
 * The conversation list of one account: loaded page by page for the filters, then kept current
 * by the account feed alone. Frames that arrive while a page 1 is loading are held and applied
 * after it, so neither a reload nor a replay after reconnect shows a message twice or misses one.
 */
export function createInboxStore(options: InboxStoreOptions) {
  const { api, accountId, meId, feed } = options
  const filters = signal<InboxFilters>(options.initialFilters ?? DEFAULT_FILTERS)
  const conversations = signal<Conversation[]>([])
  const counts = signal<ConversationCounts | null>(null)
  const status = signal<'loading' | 'loaded' | 'failed'>('loading')
  const hasMore = signal(false)
  const loadingMore = signal(false)
  const openDisplayId = signal<number | null>(null)
  /** How many inboxes the user sees (the sidebar loads them); 0: explain the empty list. */
  const inboxCount = signal<number | null>(null)
  let landing = options.administrator === true
  const unread = computed(() => unreadConversations(conversations.value, openDisplayId.value))

  let generation = 0
  let page = 1
  /** Where the next page starts (meta.next_cursor): loading it never walks the rows shown. */
  let cursor: string | undefined
  let held: FeedFrame[] | null = null
  let countsTimer: ReturnType<typeof setTimeout> | undefined
  const fetching = new Set<number>()
  /** Messages already announced: a replay after reconnect never rings twice. */
  const announced = new Set<number>()
  const path = { account_id: accountId }

  const view = (): ListView => ({
    filters: filters.value,
    meId,
    openDisplayId: openDisplayId.value,
    hasMore: hasMore.value,
  })

  async function reload() {
    const mine = ++generation
    held ??= []
    status.value = 'loading'
    try {
      const { data } = await unwrap(
        api.GET('/api/v1/accounts/{account_id}/conversations', {
          params: { path, query: listQuery(filters.value, 1) },
        }),
      )
      if (mine !== generation) return
      page = 1
      cursor = data.meta.next_cursor
      hasMore.value = data.payload.length >= PER_PAGE
      counts.value = data.meta
      if (landing) {
        landing = false
        const tab = landingTab(filters.value.assignee, data.meta)
        if (tab !== filters.value.assignee) {
          // The counts already loaded say where conversations wait: one more list, no more counts.
          // Frames held for this load stay held for the next one.
          setFilters({ assignee: tab })
          return
        }
      }
      const open = openDisplayId.value
      conversations.value = data.payload.map((c) => (c.id === open ? { ...c, unread_count: 0 } : c))
      status.value = 'loaded'
    } catch {
      if (mine !== generation) return
      status.value = 'failed'
    }
    const frames = held ?? []
    held = null
    for (const frame of frames) apply(frame)
  }

  async function loadMore() {
    if (!hasMore.value || loadingMore.value || held) return
    const mine = generation
    loadingMore.value = true
    try {
      const { data } = await unwrap(
        api.GET('/api/v1/accounts/{account_id}/conversations', {
          params: { path, query: { ...listQuery(filters.value, page + 1), cursor } },
        }),
      )
      if (mine !== generation) return
      page += 1
      cursor = data.meta.next_cursor
      hasMore.value = data.payload.length >= PER_PAGE
      // Live moves shift rows between pages: a row already shown is not added twice.
      const shown = new Set(conversations.value.map((c) => c.id))
      conversations.value = [
        ...conversations.value,
        ...data.payload.filter((c) => !shown.has(c.id)),
      ]
    } catch {
      // The sentinel stays: scrolling again retries.
    } finally {
      loadingMore.value = false
    }
  }

  async function refreshCounts() {
    try {
      const { meta } = await unwrap(
        api.GET('/api/v1/accounts/{account_id}/conversations/meta', {
          params: { path, query: countsQuery(filters.value) },
        }),
      )
      counts.value = meta
    } catch {}
  }

  function countsLater() {
    clearTimeout(countsTimer)
    countsTimer = setTimeout(refreshCounts, options.countsDelayMs ?? 300)
  }

  /** A message for a conversation not in the list: fetch it, and show it if the filters want it. */
  async function fetchConversation(displayId: number) {
    if (fetching.has(displayId)) return
    fetching.add(displayId)
    try {
      const conversation = await unwrap(
        api.GET('/api/v1/accounts/{account_id}/conversations/{conversation_id}', {
          params: { path: { ...path, conversation_id: displayId } },
        }),
      )
      conversations.value = applyConversation(conversations.value, conversation, view())
    } catch {
      // Gone or no longer visible: nothing to show.
    } finally {
      fetching.delete(displayId)
    }
  }

  function apply(frame: FeedFrame) {
    if (held) {
      held.push(frame)
      return
    }
    switch (frame.event) {
      case 'message.created': {
        const message = frame.data
        const next = applyMessage(conversations.value, message, view())
        const listed = conversations.value.some((c) => c.id === message.conversation_id)
        if (next) conversations.value = next
        if (!listed) void fetchConversation(message.conversation_id)
        const fresh = (next || !listed) && !announced.has(message.id)
        if (fresh && message.message_type === INCOMING && !message.private) {
          announced.add(message.id)
          // Replays reach back minutes, not days: the oldest ids can go.
          if (announced.size > 2000) announced.delete(announced.values().next().value as number)
          const assignedToMe = message.conversation?.assignee_id === meId
          options.onNews?.({ kind: 'message', message, assignedToMe })
        }
        return
      }
      case 'conversation.created':
        if (!conversations.value.some((c) => c.id === frame.data.id)) {
          options.onNews?.({ kind: 'conversation', conversation: frame.data })
        }
        conversations.value = applyConversation(conversations.value, frame.data, view())
        countsLater()
        return
      default: {
        const event = frame.event as string
        if (event === 'conversation.read') {
          readElsewhere((frame as { data: unknown }).data as ReadData)
          return
        }
        // conversation.status_changed and conversation.updated (assignee, team, labels, priority)
        const data = (frame as { data: unknown }).data as Conversation | undefined
        if (!event.startsWith('conversation.') || typeof data?.id !== 'number') return
        conversations.value = applyConversation(conversations.value, data, view())
        countsLater()
      }
    }
  }

  /** An agent read the conversation (in another tab, or a colleague): nothing is unread. */
  function readElsewhere(data: ReadData) {
    if (typeof data?.agent_last_seen_at !== 'number') return
    const list = conversations.value
    if (list.some((c) => c.id === data.conversation_id && c.unread_count > 0)) {
      conversations.value = list.map((c) =>
        c.id === data.conversation_id ? { ...c, unread_count: 0 } : c,
      )
    }
  }

  function setFilters(patch: Partial<InboxFilters>) {
    filters.value = { ...filters.value, ...patch }
    void reload()
  }

  /** The agent opened a conversation: it has nothing unread for them any more. */
  function open(displayId: number | null) {
    openDisplayId.value = displayId
    if (displayId === null) return
    const list = conversations.value
    if (list.some((c) => c.id === displayId && c.unread_count > 0)) {
      conversations.value = list.map((c) => (c.id === displayId ? { ...c, unread_count: 0 } : c))
    }
  }

  /** Loads once the feed is live (so no event falls between the page and the socket) or soon. */
  function start(firstLoadDelayMs = 1500): () => void {
    held = []
    let started = false
    const first = () => {
      if (started) return
      started = true
      void reload()
    }
    const timer = setTimeout(first, firstLoadDelayMs)
    const stopWaiting = effect(() => {
      if (feed.state.value === 'live') first()
    })
    const unsubscribe = feed.subscribe(apply)
    const stopResync = feed.onResync(() => void reload())
    return () => {
      generation++
      clearTimeout(timer)
      clearTimeout(countsTimer)
      stopWaiting()
      unsubscribe()
      stopResync()
    }
  }

  return {
    filters,
    conversations,
    counts,
    status,
    hasMore,
    loadingMore,
    openDisplayId,
    unread,
    inboxCount,
    administrator: options.administrator === true,
    start,
    reload,
    loadMore,
    setFilters,
    open,
    apply,
  }
}

export type InboxStore = ReturnType<typeof createInboxStore>

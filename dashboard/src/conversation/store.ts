import { batch, signal } from '@preact/signals'
import { type ApiClient, unwrap } from '../api/client'
import type { Conversation, Profile } from '../api/schema'
import type { LiveFeed } from '../live/types'
import { type ChatMessage, mergeMessages, newestId, oldestId, PAGE_SIZE } from './messages'
import { openRoom, type Room, type RoomStatus, roomUrl } from './room'
import { applyRoomFrame } from './store-frames'

/** What a conversation's state needs from the outside world: fakes replace it in tests. */
export interface ConversationDeps {
  api: ApiClient
  feed: LiveFeed
  accountId: number
  displayId: number
  me: Profile
  origin?: string
  WebSocket?: new (url: string) => WebSocket
  now?: () => number
  uuid?: () => string
}

/** Someone typing in the conversation other than this agent. */
export interface Typist {
  key: string
  name: string
  contact: boolean
}

/** A colleague with the conversation open (the room's roster, without this agent). */
export interface Viewer {
  id: number
  name: string
}

/** The most the `after` cursor returns at once (worker/routes/messages/manage.ts). */
const AFTER_PAGE = 100
/** A typing indicator the room never turned off clears itself (as Chatwoot's does). */
export const TYPING_EXPIRES_MS = 30_000

export type ConversationStore = ReturnType<typeof createConversationStore>

/**
 * One open conversation: its record, its messages (paged by cursor), who is typing, and its room
 * socket. Messages from the POST answer, the room, the account feed and reloads are merged by id
 * and echo_id, so none shows twice and a reconnect loses none.
 */
export function createConversationStore(deps: ConversationDeps) {
  const { api, accountId, displayId } = deps
  const path = { account_id: accountId, conversation_id: displayId }
  const state = {
    deps,
    conversation: signal<Conversation | null>(null),
    messages: signal<ChatMessage[]>([]),
    hasOlder: signal(false),
    loadingOlder: signal(false),
    loadState: signal<'loading' | 'ready' | 'failed'>('loading'),
    typists: signal<Typist[]>([]),
    viewers: signal<Viewer[]>([]),
    roomStatus: signal<RoomStatus>('connecting'),
    /** The text the polite live region reads out: the newest message that arrived live. */
    announcement: signal<{ name: string; text: string } | null>(null),
    actionError: signal<string | null>(null),
  }
  const typingTimers = new Map<string, ReturnType<typeof setTimeout>>()
  let room: Room | null = null
  let disposed = false
  const cleanups: (() => void)[] = []

  const merge = (incoming: ChatMessage[]) => {
    const result = mergeMessages(state.messages.value, incoming)
    state.messages.value = result.list
    return result.added
  }

  async function fetchConversation() {
    // The generated type of last_non_activity_message is an unsatisfiable intersection.
    state.conversation.value = (await unwrap(
      api.GET('/api/v1/accounts/{account_id}/conversations/{conversation_id}', {
        params: { path },
      }),
    )) as Conversation
  }

  async function fetchMessages(query: { before?: number; after?: number }) {
    const body = await unwrap(
      api.GET('/api/v1/accounts/{account_id}/conversations/{conversation_id}/messages', {
        params: { path, query },
      }),
    )
    return body.payload as ChatMessage[]
  }

  async function load() {
    state.loadState.value = 'loading'
    try {
      const [, latest] = await Promise.all([fetchConversation(), fetchMessages({})])
      if (disposed) return
      batch(() => {
        merge(latest)
        state.hasOlder.value = latest.length >= PAGE_SIZE
        state.loadState.value = 'ready'
      })
      connectRoom()
      markSeen()
    } catch {
      if (!disposed) state.loadState.value = 'failed'
    }
  }

  async function loadOlder() {
    const before = oldestId(state.messages.value)
    if (state.loadingOlder.value || !state.hasOlder.value || before === undefined) return
    state.loadingOlder.value = true
    try {
      const page = await fetchMessages({ before })
      if (disposed) return
      batch(() => {
        merge(page)
        state.hasOlder.value = page.length >= PAGE_SIZE
      })
    } catch {
      // The button stays, so the agent can try again.
    } finally {
      state.loadingOlder.value = false
    }
  }

  /**
   * After the account feed reconnects: everything newer than what is held, page by page, and
   * the conversation record again. Merging by id means a message seen twice is kept once.
   */
  async function resync() {
    if (state.loadState.value !== 'ready') return load()
    try {
      await fetchConversation()
      await fetchNewer()
    } catch {
      // The next reconnect tries again; the room's own replay covers the messages meanwhile.
    }
  }

  /** Every message newer than the newest held, page by page, merged by id. */
  async function fetchNewer() {
    let after = newestId(state.messages.value)
    if (after === undefined) {
      merge(await fetchMessages({}))
      return
    }
    for (;;) {
      const page = await fetchMessages({ after })
      if (disposed) return
      merge(page)
      const next = newestId(page)
      if (page.length < AFTER_PAGE || next === undefined) break
      after = next
    }
  }

  function markSeen() {
    void api
      .POST('/api/v1/accounts/{account_id}/conversations/{conversation_id}/update_last_seen', {
        params: { path },
      })
      .catch(() => {})
  }

  function setTypist(typist: Typist, on: boolean) {
    clearTimeout(typingTimers.get(typist.key))
    typingTimers.delete(typist.key)
    const others = state.typists.value.filter((t) => t.key !== typist.key)
    state.typists.value = on ? [...others, typist] : others
    if (on) {
      const timer = setTimeout(() => setTypist(typist, false), TYPING_EXPIRES_MS)
      typingTimers.set(typist.key, timer)
    }
  }

  // A change to the conversation may have written activity lines (assignment, status), which
  // come with no frame of their own: fetch what is newer than the newest message held.
  // Messages only: the frame's conversation record is newer than a fetch racing it.
  const catchUp = () => {
    if (state.loadState.value === 'ready') fetchNewer().catch(() => {})
  }
  const context = { state, merge, setTypist, catchUp, markSeen: () => room?.seen() }

  function connectRoom() {
    if (room || disposed) return
    room = openRoom({
      url: () =>
        roomUrl(
          deps.origin ?? location.origin,
          accountId,
          displayId,
          newestId(state.messages.value),
        ),
      onFrame: (frame) => applyRoomFrame(context, frame),
      onStatus: (status) => {
        state.roomStatus.value = status
      },
      WebSocket: deps.WebSocket,
    })
    const online = () => room?.reconnectNow()
    // Coming back to the tab counts as reading what arrived meanwhile.
    const visible = () => {
      if (document.visibilityState === 'visible') room?.seen()
    }
    globalThis.addEventListener?.('online', online)
    document.addEventListener('visibilitychange', visible)
    cleanups.push(() => {
      globalThis.removeEventListener?.('online', online)
      document.removeEventListener('visibilitychange', visible)
    })
  }

  cleanups.push(
    // The feed carries this conversation's messages and status too: a second path while the
    // room reconnects, merged by id so nothing shows twice.
    deps.feed.subscribe((frame) => {
      if (frame.event === 'message.created' && frame.data.conversation_id === displayId)
        applyRoomFrame(context, frame, 'feed')
      if (frame.event === 'conversation.status_changed' && frame.data.id === displayId)
        applyRoomFrame(context, frame, 'feed')
    }),
    deps.feed.onResync(() => void resync()),
  )

  return {
    state,
    merge,
    load,
    loadOlder,
    resync,
    room: () => room,
    dispose() {
      disposed = true
      room?.close()
      for (const stop of cleanups) stop()
      for (const timer of typingTimers.values()) clearTimeout(timer)
    },
  }
}

import { signal } from '@preact/signals'
import type { BackoffOptions } from '../../../widget/src/client/backoff'
import { createLiveSocket } from '../../../widget/src/client/socket'
import type { ConnectionState, FeedFrame, LiveFeed } from './types'

type WebSocketClass = new (url: string) => WebSocket

/** Why the server will not have this socket back: the session ended, no access, account gone. */
export type FeedRefusal = 'unauthorized' | 'forbidden' | 'gone'

export interface LiveFeedOptions {
  /** The feed's address for a cursor (`?after=` when the feed has seen a message). */
  url: (after: number | null) => string
  /** The server refused the socket for good: no reconnect follows. */
  onRefused?: (reason: FeedRefusal) => void
  WebSocket?: WebSocketClass
  backoff?: BackoffOptions
  random?: () => number
  /** A ping goes out this often; twice as long without any frame means the link is dead. */
  heartbeatMs?: number
}

export interface AccountFeed extends LiveFeed {
  /** Skip the remaining backoff (the browser came back online, the tab became visible). */
  reconnectNow(): void
}

const REFUSALS: ReadonlySet<string> = new Set(['unauthorized', 'forbidden', 'gone'])

/**
 * The account feed socket: the widget's live socket, authenticated by the session cookie at the
 * upgrade (no token in the page). Reconnects with jittered backoff; each reconnect asks the server
 * to replay the messages after the newest one this tab saw (`?after=`), and once `ready` tells
 * the resync listeners to reload what replay does not carry (status changes, assignments).
 */
export function createLiveFeed(options: LiveFeedOptions): AccountFeed {
  const state = signal<ConnectionState>('connecting')
  const listeners = new Set<(frame: FeedFrame) => void>()
  const resyncListeners = new Set<() => void>()
  const resync = () => {
    for (const listener of resyncListeners) listener()
  }
  let everReady = false
  let lastMessageId: number | null = null

  const onFrame = (frame: FeedFrame) => {
    if (frame.event === 'error') {
      if (REFUSALS.has(frame.data.code)) options.onRefused?.(frame.data.code as FeedRefusal)
      return
    }
    if (frame.event === 'ready') {
      if (everReady) resync()
      everReady = true
      return
    }
    // The agent lost an inbox: what is on screen may hold its conversations, so reload it.
    // The frame is delivered too: the feed shared by tabs relays it to the other tabs.
    if (frame.event === 'access.changed') resync()
    if (frame.event === 'message.created') {
      lastMessageId = Math.max(lastMessageId ?? 0, frame.data.id)
    }
    for (const listener of listeners) listener(frame)
  }

  const socket = createLiveSocket({
    url: () => options.url(lastMessageId),
    WebSocket: options.WebSocket,
    backoff: options.backoff,
    random: options.random,
    heartbeatMs: options.heartbeatMs,
    onFrame: (frame) => onFrame(frame as unknown as FeedFrame),
    onStatus(status) {
      state.value =
        status === 'online' ? 'live' : status === 'connecting' ? 'connecting' : 'offline'
    },
  })

  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    onResync(listener) {
      resyncListeners.add(listener)
      return () => resyncListeners.delete(listener)
    },
    state,
    close: () => socket.close(),
    reconnectNow: () => socket.reconnectNow(),
  }
}

/** The feed's address on this origin (ws: or wss: as the page). */
export function feedUrl(origin: string, accountId: number, after: number | null): string {
  const url = new URL(`/api/v1/accounts/${accountId}/live`, origin)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  if (after !== null) url.searchParams.set('after', String(after))
  return url.toString()
}

import { signal } from '@preact/signals'
import { createLiveSocket } from '../../../protocol/client/socket'
import { createSharedLive } from '../../../protocol/client/tabs'
import type { AccountFeed, FeedRefusal, LiveFeedOptions } from './feed'
import type { ConnectionState, FeedFrame } from './types'

export interface SharedFeedOptions extends LiveFeedOptions {
  /** One name per signed-in user and account: the Web Lock and the channel are named by it. */
  name: string
  locks?: LockManager
  BroadcastChannel?: typeof BroadcastChannel
}

const REFUSALS: ReadonlySet<string> = new Set(['unauthorized', 'forbidden', 'gone'])

/**
 * The account feed shared by all of an agent's tabs, as the widget shares its socket
 * (widget/src/client/tabs.ts): the tab holding the Web Lock owns the one socket and relays its
 * frames, including `ready` and refusals, so every tab sees the same stream, resyncs after the
 * same reconnects and leaves together when the session ends. A tab that takes over opens the
 * socket with its own `?after=` cursor (it saw every relayed message), so nothing is missed.
 */
export function createSharedFeed(options: SharedFeedOptions): AccountFeed {
  const state = signal<ConnectionState>('connecting')
  const listeners = new Set<(frame: FeedFrame) => void>()
  const resyncListeners = new Set<() => void>()
  let everLive = false
  let lastMessageId: number | null = null

  /**
   * Reconnects are counted from the leader's status, which every tab hears (a tab that opens
   * later never saw the first `ready`): going live again after the first time is a resync.
   */
  function setState(next: ConnectionState) {
    const again = next === 'live' && state.value !== 'live'
    state.value = next
    if (!again) return
    if (everLive) for (const listener of resyncListeners) listener()
    everLive = true
  }

  function receive(frame: FeedFrame) {
    if (frame.event === 'ready') return
    // The agent lost an inbox: what is on screen may hold its conversations, so reload it.
    if (frame.event === 'access.changed') {
      for (const listener of resyncListeners) listener()
      return
    }
    if (frame.event === 'error') {
      if (REFUSALS.has(frame.data.code)) options.onRefused?.(frame.data.code as FeedRefusal)
      return
    }
    if (frame.event === 'message.created') {
      lastMessageId = Math.max(lastMessageId ?? 0, frame.data.id)
    }
    for (const listener of listeners) listener(frame)
  }

  const shared = createSharedLive({
    name: options.name,
    locks: options.locks,
    BroadcastChannel: options.BroadcastChannel,
    onFrame: (frame) => receive(frame as unknown as FeedFrame),
    onStatus(status) {
      setState(status === 'online' ? 'live' : status === 'connecting' ? 'connecting' : 'offline')
    },
    // The owning tab's socket: the widget's, authenticated by the session cookie at the upgrade
    // (no token in the page), asking on each reconnect for what came after the newest message
    // any tab of this feed saw. Its frames, refusals included, go to every tab as they are.
    createSocket(handlers) {
      // A tab taking over starts from connecting, so its socket's `ready` is a reconnect that
      // every tab resyncs after.
      handlers.onStatus('connecting')
      return createLiveSocket({
        url: () => options.url(lastMessageId),
        WebSocket: options.WebSocket,
        backoff: options.backoff,
        random: options.random,
        heartbeatMs: options.heartbeatMs,
        onFrame: handlers.onFrame,
        onStatus: handlers.onStatus,
      })
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
    close: () => shared.close(),
    reconnectNow: () => shared.reconnectNow(),
  }
}

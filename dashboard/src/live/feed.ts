import { signal } from '@preact/signals'
import { type BackoffOptions, backoffDelay } from '../../../widget/src/client/backoff'
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

const CLOSE_CODES: Record<number, FeedRefusal> = {
  4401: 'unauthorized',
  4403: 'forbidden',
  4410: 'gone',
}
const REFUSALS: ReadonlySet<string> = new Set(['unauthorized', 'forbidden', 'gone'])

function parseFrame(raw: unknown): FeedFrame | null {
  if (typeof raw !== 'string') return null
  try {
    const frame = JSON.parse(raw) as Partial<FeedFrame>
    if (typeof frame?.event !== 'string' || !frame.data || typeof frame.data !== 'object') {
      return null
    }
    return frame as FeedFrame
  } catch {
    return null
  }
}

/**
 * The account feed socket, authenticated by the session cookie at the upgrade (no token in the
 * page). Reconnects with jittered backoff; each reconnect asks the server to replay the messages
 * after the newest one this tab saw (`?after=`), and once `ready` tells the resync listeners to
 * reload what replay does not carry (status changes, assignments).
 */
export function createLiveFeed(options: LiveFeedOptions): AccountFeed {
  const WS = options.WebSocket ?? (globalThis.WebSocket as WebSocketClass)
  const backoff = options.backoff ?? { base: 1000, max: 15000 }
  const heartbeatMs = options.heartbeatMs ?? 25000
  const state = signal<ConnectionState>('connecting')
  const listeners = new Set<(frame: FeedFrame) => void>()
  const resyncListeners = new Set<() => void>()
  let ws: WebSocket | null = null
  let attempt = 0
  let stopped = false
  let everReady = false
  let lastMessageId: number | null = null
  let lastFrameAt = 0
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let heartbeat: ReturnType<typeof setInterval> | undefined

  const drop = () => {
    clearInterval(heartbeat)
    heartbeat = undefined
    const old = ws
    ws = null
    if (!old) return
    old.onopen = old.onmessage = old.onclose = old.onerror = null
    try {
      old.close()
    } catch {}
  }

  const refuse = (reason: FeedRefusal) => {
    close()
    options.onRefused?.(reason)
  }

  const scheduleRetry = () => {
    drop()
    if (stopped) return
    state.value = 'offline'
    clearTimeout(retryTimer)
    retryTimer = setTimeout(connect, backoffDelay(attempt++, backoff, options.random))
  }

  const deliver = (frame: FeedFrame) => {
    if (frame.event === 'message.created') {
      lastMessageId = Math.max(lastMessageId ?? 0, frame.data.id)
    }
    for (const listener of listeners) listener(frame)
  }

  function connect() {
    if (stopped) return
    drop()
    state.value = 'connecting'
    let socket: WebSocket
    try {
      socket = new WS(options.url(lastMessageId))
    } catch {
      scheduleRetry()
      return
    }
    ws = socket
    socket.onmessage = (event) => {
      const frame = parseFrame(event.data)
      if (!frame) return
      lastFrameAt = Date.now()
      if (frame.event === 'pong') return
      if (frame.event === 'error') {
        if (REFUSALS.has(frame.data.code)) refuse(frame.data.code as FeedRefusal)
        return
      }
      if (frame.event === 'ready') {
        attempt = 0
        state.value = 'live'
        clearInterval(heartbeat)
        heartbeat = setInterval(beat, heartbeatMs)
        const reconnected = everReady
        everReady = true
        if (reconnected) for (const listener of resyncListeners) listener()
        return
      }
      // The agent lost an inbox: what is on screen may hold its conversations, so reload it.
      // The frame is delivered too: the feed shared by tabs relays it to the other tabs.
      if (frame.event === 'access.changed') for (const listener of resyncListeners) listener()
      deliver(frame)
    }
    socket.onclose = (event: CloseEvent) => {
      const refusal = CLOSE_CODES[event?.code]
      if (refusal) refuse(refusal)
      else scheduleRetry()
    }
    socket.onerror = scheduleRetry
  }

  function beat() {
    if (Date.now() - lastFrameAt > heartbeatMs * 2) scheduleRetry()
    else if (ws?.readyState === 1) ws.send(JSON.stringify({ type: 'ping' }))
  }

  function close() {
    stopped = true
    clearTimeout(retryTimer)
    drop()
    state.value = 'offline'
  }

  connect()
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
    close,
    reconnectNow() {
      if (stopped || state.value !== 'offline') return
      attempt = 0
      clearTimeout(retryTimer)
      connect()
    },
  }
}

/** The feed's address on this origin (ws: or wss: as the page). */
export function feedUrl(origin: string, accountId: number, after: number | null): string {
  const url = new URL(`/api/v1/accounts/${accountId}/live`, origin)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  if (after !== null) url.searchParams.set('after', String(after))
  return url.toString()
}

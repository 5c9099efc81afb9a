import {
  type ClientFrame,
  type ErrorFrameData,
  parseServerFrame,
  type ServerFrame,
} from '../realtime'
import { type BackoffOptions, backoffDelay } from './backoff'

/** online: authenticated and replaying/live; waiting: disconnected, a retry is scheduled. */
export type SocketStatus = 'connecting' | 'online' | 'waiting' | 'closed'

type WebSocketClass = new (url: string) => WebSocket

export interface LiveSocketOptions {
  /** Called for every attempt, so `?after=` always carries the newest message id. */
  url: () => string
  /**
   * The auth frame's token. Without one no auth frame is sent: the upgrade itself is
   * authenticated (the dashboard's session cookie) and `ready` comes unasked.
   */
  token?: string
  onFrame: (frame: ServerFrame) => void
  onStatus?: (status: SocketStatus) => void
  WebSocket?: WebSocketClass
  backoff?: BackoffOptions
  random?: () => number
  /** A ping goes out this often; twice as long without any frame means the link is dead. */
  heartbeatMs?: number
  /** Where the browser's `offline` event fires (the window by default). */
  network?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>
}

export interface LiveSocket {
  send(frame: ClientFrame): boolean
  /** Skip the remaining backoff (the browser came back online, the tab became visible). */
  reconnectNow(): void
  close(): void
  readonly status: SocketStatus
}

const FATAL: ReadonlySet<string> = new Set(['unauthorized', 'forbidden', 'gone'])
/** A refusal's close code (worker/live/frames.ts CLOSE), for a close without its error frame. */
const REFUSAL_CLOSES: Record<number, ErrorFrameData['code']> = {
  4401: 'unauthorized',
  4403: 'forbidden',
  4410: 'gone',
}

/**
 * A live socket (a conversation's, or the dashboard's account feed): the first frame is the auth
 * frame, unless the upgrade was authenticated; after `ready` the server
 * replays what came after `?after=` and then streams. Reconnects with jittered exponential
 * backoff until closed or refused.
 */
export function createLiveSocket(options: LiveSocketOptions): LiveSocket {
  const WS = options.WebSocket ?? (globalThis.WebSocket as WebSocketClass)
  const backoff = options.backoff ?? { base: 1000, max: 15000 }
  const heartbeatMs = options.heartbeatMs ?? 25000
  let ws: WebSocket | null = null
  let status: SocketStatus = 'connecting'
  let attempt = 0
  let stopped = false
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let heartbeat: ReturnType<typeof setInterval> | undefined
  let lastFrameAt = 0

  const setStatus = (next: SocketStatus) => {
    if (next === status) return
    status = next
    options.onStatus?.(next)
  }

  const drop = () => {
    clearInterval(heartbeat)
    heartbeat = undefined
    const old = ws
    ws = null
    if (old) {
      old.onopen = old.onmessage = old.onclose = old.onerror = null
      try {
        old.close()
      } catch {}
    }
  }

  const scheduleRetry = () => {
    drop()
    if (stopped) return
    setStatus('waiting')
    clearTimeout(retryTimer)
    retryTimer = setTimeout(connect, backoffDelay(attempt++, backoff, options.random))
  }

  function connect() {
    if (stopped) return
    drop()
    setStatus('connecting')
    let socket: WebSocket
    try {
      socket = new WS(options.url())
    } catch {
      scheduleRetry()
      return
    }
    ws = socket
    const token = options.token
    if (token !== undefined)
      socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token }))
    socket.onmessage = (event) => {
      const frame = parseServerFrame(event.data)
      if (!frame) return
      lastFrameAt = Date.now()
      if (frame.event === 'ready') {
        attempt = 0
        setStatus('online')
        clearInterval(heartbeat)
        heartbeat = setInterval(beat, heartbeatMs)
      }
      if (frame.event === 'pong') return
      if (frame.event === 'error' && FATAL.has((frame.data as ErrorFrameData).code)) {
        options.onFrame(frame)
        close()
        return
      }
      options.onFrame(frame)
    }
    socket.onclose = (event) => {
      const code = REFUSAL_CLOSES[(event as CloseEvent | undefined)?.code ?? 0]
      if (!code) return scheduleRetry()
      options.onFrame({ event: 'error', data: { code, message: code } })
      close()
    }
    socket.onerror = scheduleRetry
  }

  function beat() {
    if (Date.now() - lastFrameAt > heartbeatMs * 2) scheduleRetry()
    else send({ type: 'ping' })
  }

  function send(frame: ClientFrame): boolean {
    if (status !== 'online' || !ws || ws.readyState !== 1) return false
    ws.send(JSON.stringify(frame))
    return true
  }

  // The browser knows a link is gone long before the heartbeat does: drop it at once, so the app
  // says it is offline and the retry (sped up by `online`) replays what was missed.
  const network = options.network ?? (globalThis as Partial<EventTarget>)
  const wentOffline = () => scheduleRetry()
  network.addEventListener?.('offline', wentOffline)

  function close() {
    network.removeEventListener?.('offline', wentOffline)
    stopped = true
    clearTimeout(retryTimer)
    drop()
    setStatus('closed')
  }

  connect()
  return {
    send,
    close,
    reconnectNow() {
      if (stopped || status === 'online' || status === 'connecting') return
      attempt = 0
      clearTimeout(retryTimer)
      connect()
    },
    get status() {
      return status
    },
  }
}

import { type BackoffOptions, backoffDelay } from '../../../widget/src/client/backoff'
import type { ClientFrame, RoomFrame } from '../live/types'

/** live: `ready` came; waiting: dropped, a retry is scheduled; refused: 4401/4403/4410, no retry. */
export type RoomStatus = 'connecting' | 'live' | 'waiting' | 'refused' | 'closed'

type WebSocketClass = new (url: string) => WebSocket

export interface RoomOptions {
  /** Called for every attempt, so `?after=` always carries the newest message id held. */
  url: () => string
  onFrame: (frame: RoomFrame) => void
  onStatus?: (status: RoomStatus) => void
  WebSocket?: WebSocketClass
  backoff?: BackoffOptions
  random?: () => number
  /** A ping goes out this often; twice as long without any frame means the link is dead. */
  heartbeatMs?: number
}

export interface Room {
  /** Typing in the reply box (the room shows it to the visitor and the other agents). */
  /** `isPrivate`: typing a private note. */
  typing(on: boolean, isPrivate?: boolean): boolean
  seen(): boolean
  /** Skips the remaining backoff (the browser is back online). */
  reconnectNow(): void
  close(): void
  readonly status: RoomStatus
}

/** Close codes that refuse the socket for good (worker/live/frames.ts CLOSE). */
const REFUSED = new Set([4401, 4403, 4410])
const REFUSED_CODES = new Set(['unauthorized', 'forbidden', 'gone'])

export function roomUrl(origin: string, accountId: number, displayId: number, after?: number) {
  const base = origin.replace(/^http/, 'ws')
  const query = after ? `?after=${after}` : ''
  return `${base}/api/v1/accounts/${accountId}/conversations/${displayId}/live${query}`
}

/**
 * The open conversation's own socket. The session cookie authenticates it at the upgrade, so
 * `ready` comes without an auth frame; then the room replays every message after `?after=` and
 * streams. Reconnects with jittered exponential backoff, as the widget's socket does.
 */
export function openRoom(options: RoomOptions): Room {
  const WS = options.WebSocket ?? (globalThis.WebSocket as WebSocketClass)
  const backoff = options.backoff ?? { base: 1000, max: 15000 }
  const heartbeatMs = options.heartbeatMs ?? 25000
  let ws: WebSocket | null = null
  let status: RoomStatus = 'connecting'
  let attempt = 0
  let stopped = false
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let heartbeat: ReturnType<typeof setInterval> | undefined
  let lastFrameAt = 0

  const setStatus = (next: RoomStatus) => {
    if (next === status) return
    status = next
    options.onStatus?.(next)
  }

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

  const stop = (final: RoomStatus) => {
    stopped = true
    clearTimeout(retryTimer)
    drop()
    setStatus(final)
  }

  const scheduleRetry = () => {
    drop()
    if (stopped) return
    setStatus('waiting')
    clearTimeout(retryTimer)
    retryTimer = setTimeout(connect, backoffDelay(attempt++, backoff, options.random))
  }

  function onMessage(raw: unknown) {
    if (typeof raw !== 'string') return
    let frame: RoomFrame
    try {
      frame = JSON.parse(raw) as RoomFrame
    } catch {
      return
    }
    if (typeof frame?.event !== 'string') return
    lastFrameAt = Date.now()
    if (frame.event === 'ready') {
      attempt = 0
      setStatus('live')
      clearInterval(heartbeat)
      heartbeat = setInterval(beat, heartbeatMs)
    }
    if (frame.event === 'pong') return
    options.onFrame(frame)
    if (frame.event === 'error' && REFUSED_CODES.has(String(frame.data?.code))) stop('refused')
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
    socket.onmessage = (event) => onMessage(event.data)
    socket.onclose = (event) => {
      if (REFUSED.has((event as CloseEvent | undefined)?.code ?? 0)) stop('refused')
      else scheduleRetry()
    }
    socket.onerror = scheduleRetry
  }

  function beat() {
    if (Date.now() - lastFrameAt > heartbeatMs * 2) scheduleRetry()
    else send({ type: 'ping' })
  }

  function send(frame: ClientFrame): boolean {
    if (status !== 'live' || !ws || ws.readyState !== 1) return false
    ws.send(JSON.stringify(frame))
    return true
  }

  connect()
  return {
    typing: (on, isPrivate = false) =>
      send({
        type: 'typing',
        status: on ? 'on' : 'off',
        ...(isPrivate ? { is_private: true } : {}),
      }),
    seen: () => send({ type: 'seen' }),
    reconnectNow() {
      if (stopped || status !== 'waiting') return
      attempt = 0
      clearTimeout(retryTimer)
      connect()
    },
    close: () => stop('closed'),
    get status() {
      return status
    },
  }
}

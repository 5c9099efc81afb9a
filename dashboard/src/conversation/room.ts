import type { BackoffOptions } from '../../../protocol/client/backoff'
import { createLiveSocket, type SocketStatus } from '../../../protocol/client/socket'
import type { RoomFrame } from '../live/types'

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

const REFUSED_CODES = new Set(['unauthorized', 'forbidden', 'gone'])

export function roomUrl(origin: string, accountId: number, displayId: number, after?: number) {
  const base = origin.replace(/^http/, 'ws')
  const query = after ? `?after=${after}` : ''
  return `${base}/api/v1/accounts/${accountId}/conversations/${displayId}/live${query}`
}

/**
 * The open conversation's own socket: the widget's live socket without an auth frame (the
 * session cookie authenticates the upgrade, and `ready` comes unasked). The room replays every
 * message after `?after=`, then streams; drops are retried with jittered backoff.
 */
export function openRoom(options: RoomOptions): Room {
  let refused = false
  let status: RoomStatus = 'connecting'
  const socket = createLiveSocket({
    url: options.url,
    WebSocket: options.WebSocket,
    backoff: options.backoff,
    random: options.random,
    heartbeatMs: options.heartbeatMs,
    onFrame(frame) {
      if (frame.event === 'error' && REFUSED_CODES.has(String(frame.data.code))) refused = true
      options.onFrame(frame as unknown as RoomFrame)
    },
    onStatus(next) {
      status = roomStatus(next, refused)
      options.onStatus?.(status)
    },
  })
  return {
    typing: (on, isPrivate = false) =>
      socket.send({
        type: 'typing',
        status: on ? 'on' : 'off',
        ...(isPrivate ? { is_private: true } : {}),
      }),
    seen: () => socket.send({ type: 'seen' }),
    reconnectNow: () => socket.reconnectNow(),
    close: () => socket.close(),
    get status() {
      return status
    },
  }
}

function roomStatus(status: SocketStatus, refused: boolean): RoomStatus {
  if (status === 'online') return 'live'
  if (status === 'closed') return refused ? 'refused' : 'closed'
  return status
}

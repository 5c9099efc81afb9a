import type { ClientFrame, ServerFrame } from '../realtime'
import type { LiveSocket, SocketStatus } from './socket'

type TabMessage =
  | { t: 'frame'; frame: ServerFrame }
  | { t: 'status'; status: SocketStatus }
  | { t: 'send'; frame: ClientFrame }
  | { t: 'hello' }
  | { t: 'signal'; signal: unknown }

export interface SocketHandlers {
  onFrame: (frame: ServerFrame) => void
  onStatus: (status: SocketStatus) => void
}

export interface SharedLiveOptions extends SocketHandlers {
  /** One name per conversation: the lock and the channel are both named by it. */
  name: string
  createSocket: (handlers: SocketHandlers) => LiveSocket
  /** Small messages between this site's tabs that are not socket frames (e.g. "seen"). */
  onSignal?: (signal: unknown) => void
  locks?: LockManager
  BroadcastChannel?: typeof BroadcastChannel
}

export interface SharedLive {
  send(frame: ClientFrame): boolean
  reconnectNow(): void
  signal(signal: unknown): void
  close(): void
  readonly leader: boolean
}

/**
 * One socket per conversation for all of a site's open tabs. The tab holding the Web Lock is the
 * leader: it owns the socket and relays every frame over a BroadcastChannel; the others receive
 * frames from it and hand it their own frames to send. When the leader goes away its lock is
 * released, the next tab takes over and reconnects with its own `?after=` cursor, so nothing is
 * missed. Without Web Locks or BroadcastChannel each tab simply keeps its own socket.
 */
export function createSharedLive(options: SharedLiveOptions): SharedLive {
  const { onFrame, onStatus } = options
  const Channel = options.BroadcastChannel
  if (!options.locks || !Channel) {
    const socket = options.createSocket({ onFrame, onStatus })
    return {
      send: (frame) => socket.send(frame),
      reconnectNow: () => socket.reconnectNow(),
      signal() {},
      close: () => socket.close(),
      leader: true,
    }
  }

  const channel = new Channel(options.name)
  const abort = new AbortController()
  let socket: LiveSocket | null = null
  let leaderStatus: SocketStatus = 'connecting'
  let release: (() => void) | undefined
  let closed = false
  const post = (message: TabMessage) => {
    if (!closed) channel.postMessage(message)
  }

  options.locks
    .request(options.name, { signal: abort.signal }, () => {
      if (closed) return
      socket = options.createSocket({
        onFrame(frame) {
          onFrame(frame)
          post({ t: 'frame', frame })
        },
        onStatus(status) {
          onStatus(status)
          post({ t: 'status', status })
        },
      })
      return new Promise<void>((resolve) => {
        release = resolve
      })
    })
    .catch(() => {}) // aborted: this tab closed while waiting for the lock

  channel.onmessage = (event: MessageEvent<TabMessage>) => {
    const message = event.data
    if (message.t === 'signal') options.onSignal?.(message.signal)
    else if (socket) {
      if (message.t === 'send') socket.send(message.frame)
      else if (message.t === 'hello') post({ t: 'status', status: socket.status })
    } else if (message.t === 'frame') onFrame(message.frame)
    else if (message.t === 'status') {
      leaderStatus = message.status
      onStatus(message.status)
    }
  }
  post({ t: 'hello' })

  return {
    send(frame) {
      if (socket) return socket.send(frame)
      if (leaderStatus !== 'online') return false
      post({ t: 'send', frame })
      return true
    },
    reconnectNow: () => socket?.reconnectNow(),
    signal: (signal) => post({ t: 'signal', signal }),
    close() {
      closed = true
      abort.abort()
      socket?.close()
      socket = null
      release?.()
      channel.close()
    },
    get leader() {
      return socket !== null
    },
  }
}

import type { BackoffOptions } from '../../../protocol/client/backoff'
import type { LiveFeed } from './types'

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

/** The feed's address on this origin (ws: or wss: as the page). */
export function feedUrl(origin: string, accountId: number, after: number | null): string {
  const url = new URL(`/api/v1/accounts/${accountId}/live`, origin)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  if (after !== null) url.searchParams.set('after', String(after))
  return url.toString()
}

import type { ServerEvent } from '../../protocol/realtime'
import type { LiveRole } from './access'

// The shapes the worker, the live modules and the two Durable Objects exchange. They live here,
// not with the objects, so that nothing under worker/live imports worker/durable-objects: the
// objects depend on live/, never the other way round (no import cycle through events/ either).

/**
 * A room publishing events of its own conversation (its alarm's stage alert) sends their frames
 * itself instead of calling its own stub; the feed, webhooks and queue go the usual way.
 */
export type OwnRoom = { broadcast(message: RoomBroadcast): Promise<unknown> }

/** What the worker route learned about a socket before handing it to the room. */
export type RoomSocket = {
  role: 'visitor' | 'agent'
  authed: boolean
  accountId: number
  conversationId: number
  displayId: number
  inboxId: number
  /** Replay cursor: messages with a greater id are sent after authentication. */
  after: number | null
  /** The highest message id this socket has been sent; never sent twice. */
  lastMessageId: number
  origin: string
  contactId?: number
  /** SHA-256 of the visitor's pubsub_token, which the first frame must present. */
  pubsubTokenHash?: string
  userId?: number
  userName?: string
  /** Agents: SHA-256 of the socket's token, never the token; what `revalidate()` checks again. */
  tokenHash?: string
  /** Agents: when the token was checked (ms), for the join-time race with a revalidation. */
  checkedAt?: number
  /** Set while the socket waits for its auth frame: when it is closed unanswered (ms). */
  deadline?: number
  /** What it sent in the current window (`./guard.ts`). */
  frames?: FrameWindow
  /** The `lastMessageId` at its last `seen`: a `seen` with nothing newer changes nothing. */
  seenThrough?: number
}

/** Frames a socket sent since `since` (ms). */
export type FrameWindow = { since: number; count: number }

export const SOCKET_STATE_HEADER = 'x-parley-socket'

/**
 * One event for the room: what agents get, what the visitor gets (null: not for the visitor).
 * It names its account and conversation, and a room serving another refuses it.
 */
export type RoomBroadcast = {
  accountId: number
  conversationId: number
  event: ServerEvent
  agent: Record<string, unknown> | null
  visitor: Record<string, unknown> | null
  /** For message.created: lets each socket skip what its replay already sent. */
  messageId?: number
  /** Not echoed to the socket(s) of whoever caused it (typing). */
  exceptActor?: string
}

/** What the worker route learned about an agent's account socket. */
export type FeedSocket = {
  authed: boolean
  accountId: number
  userId?: number
  role?: LiveRole
  /** For agents: the inboxes whose events this socket may see (narrowed when rights shrink). */
  inboxIds?: number[]
  /** SHA-256 of the socket's token, never the token: what `revalidate()` checks again. */
  tokenHash?: string
  /** When the token was checked (ms), for the join-time race with a revalidation. */
  checkedAt?: number
  /** Set while the socket waits for its auth frame: when it is closed unanswered (ms). */
  deadline?: number
  /** What it sent in the current window (`./guard.ts`). */
  frames?: FrameWindow
}

export const FEED_STATE_HEADER = 'x-parley-feed'

export type FeedBroadcast = { event: ServerEvent; inboxId: number; data: Record<string, unknown> }

/** A room with sockets, as registered with its account's feed: only these are revalidated. */
export type RoomEntry = { inboxId: number; agents: boolean }

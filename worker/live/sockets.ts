import { z } from 'zod'
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

/** Frames a socket sent since `since` (ms). */
const FrameWindowSchema = z.object({ since: z.number(), count: z.number() })
export type FrameWindow = z.infer<typeof FrameWindowSchema>

/**
 * What every live socket keeps in its attachment, whatever its object (`./live-object.ts`): each
 * object's attachment schema extends this, and whatever does not parse is no socket's state.
 */
export const LiveSocketSchema = z.object({
  authed: z.boolean(),
  /** Set while the socket waits for its auth frame: when it is closed unanswered (ms). */
  deadline: z.number().optional(),
  /** What it sent in the current window (`./guard.ts`). */
  frames: FrameWindowSchema.optional(),
})

/** What the worker route learned about a socket before handing it to the room. */
export const RoomSocketSchema = LiveSocketSchema.extend({
  role: z.enum(['visitor', 'agent']),
  accountId: z.number(),
  conversationId: z.number(),
  displayId: z.number(),
  inboxId: z.number(),
  /** Replay cursor: messages with a greater id are sent after authentication. */
  after: z.number().nullable(),
  /** The highest message id this socket has been sent; never sent twice. */
  lastMessageId: z.number(),
  origin: z.string(),
  contactId: z.number().optional(),
  /** SHA-256 of the visitor's pubsub_token, which the first frame must present. */
  pubsubTokenHash: z.string().optional(),
  userId: z.number().optional(),
  userName: z.string().optional(),
  /** Agents: SHA-256 of the socket's token, never the token; what `revalidate()` checks again. */
  tokenHash: z.string().optional(),
  /** Agents: when the token was checked (ms), for the join-time race with a revalidation. */
  checkedAt: z.number().optional(),
  /** The `lastMessageId` at its last `seen`: a `seen` with nothing newer changes nothing. */
  seenThrough: z.number().optional(),
})
export type RoomSocket = z.infer<typeof RoomSocketSchema>

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

const LIVE_ROLES = ['administrator', 'agent', 'agent_bot'] as const satisfies readonly LiveRole[]

/** What the worker route learned about an agent's account socket. */
export const FeedSocketSchema = LiveSocketSchema.extend({
  accountId: z.number(),
  userId: z.number().optional(),
  role: z.enum(LIVE_ROLES).optional(),
  /** For agents: the inboxes whose events this socket may see (narrowed when rights shrink). */
  inboxIds: z.array(z.number()).optional(),
  /** SHA-256 of the socket's token, never the token: what `revalidate()` checks again. */
  tokenHash: z.string().optional(),
  /** When the token was checked (ms), for the join-time race with a revalidation. */
  checkedAt: z.number().optional(),
})
export type FeedSocket = z.infer<typeof FeedSocketSchema>

export const FEED_STATE_HEADER = 'x-parley-feed'

export type FeedBroadcast = { event: ServerEvent; inboxId: number; data: Record<string, unknown> }

/** A room with sockets, as registered with its account's feed: only these are revalidated. */
export type RoomEntry = { inboxId: number; agents: boolean }

import { z } from '@hono/zod-openapi'
import type { ErrorFrameData, ServerEvent } from '../../protocol/realtime'
import { ConversationSchema, STATUSES } from './conversations'
import { MessagePushDataSchema } from './messages'
import { NotificationSchema } from './notifications'
import { PublicMessageSchema } from './public-messages'
import { ClientFrameSchema } from './realtime'

// The data of every server frame (`{"event": …, "data": …}`) on each of the three live sockets,
// as zod schemas: /asyncapi.json is generated from them, and the tests parse real frames with
// them. The REST shapes are reused where a frame carries one (a message, a conversation).

const Id = z.number().int()

export const ErrorFrameDataSchema = z
  .object({
    code: z.enum([
      'invalid_frame',
      'unauthorized',
      'forbidden',
      'gone',
      'rate_limited',
      'auth_timeout',
    ]),
    message: z.string(),
  })
  .openapi('LiveError')
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
/** Compiles only while the objects' `ErrorFrameData` and this schema describe the same data. */
export const ERROR_DATA_IN_STEP: Same<ErrorFrameData, z.infer<typeof ErrorFrameDataSchema>> = true

export const PongDataSchema = z.object({}).strict().openapi('LivePong')

export const RoomReadySchema = z
  .object({ conversation_id: Id, role: z.enum(['visitor', 'agent']) })
  .openapi('LiveRoomReady')
export const FeedReadySchema = z.object({ account_id: Id }).openapi('LiveFeedReady')
/**
 * The feed's rights shrank (an inbox membership removed, a demotion) and it stays open, narrowed:
 * frames of what was lost stop, and a client reloads what it shows, which may hold some of it.
 */
export const AccessChangedSchema = z.object({ account_id: Id }).openapi('LiveAccessChanged', {
  description: 'What this socket may see shrank: reload what is on screen',
})

/** Who is typing: an agent (`user`, with its name) or the visitor (`contact`). */
export const TypingDataSchema = z
  .object({
    conversation: z.object({ id: Id.nullable() }),
    user: z.object({
      id: Id,
      name: z.string().optional(),
      type: z.enum(['user', 'contact']),
    }),
    is_private: z.boolean(),
  })
  .openapi('LiveTyping')

export const ReadDataSchema = z
  .union([
    z.object({ conversation_id: Id, agent_last_seen_at: Id }),
    z.object({ conversation_id: Id, contact_last_seen_at: Id }),
  ])
  .openapi('LiveRead')

const PresenceStatus = z.enum(['online', 'offline'])
export const PresenceDataSchema = z
  .object({
    account_id: Id,
    users: z.record(z.string(), PresenceStatus),
    contacts: z.record(z.string(), PresenceStatus),
  })
  .openapi('LivePresence')

/** The account feed's presence: a colleague's effective availability (online, busy, offline). */
export const FeedPresenceDataSchema = z
  .object({
    account_id: Id,
    users: z.record(z.string(), z.enum(['online', 'busy', 'offline'])),
    contacts: z.record(z.string(), PresenceStatus),
  })
  .openapi('LiveFeedPresence')

/** The agents viewing a conversation, on every agent's join and leave; never sent to the visitor. */
export const RosterDataSchema = z
  .object({
    agents: z.array(z.object({ id: Id, name: z.string() })).max(20),
    total: z
      .number()
      .int()
      .min(0)
      .openapi({ description: 'All agents viewing (agents is capped)' }),
  })
  .openapi('LiveRoomRoster')

/** What the visitor sees of its conversation in `conversation.*` frames. */
export const VisitorConversationSchema = z
  .object({
    id: Id.openapi({ description: 'The display id' }),
    uuid: z.string(),
    inbox_id: Id,
    status: z.enum(STATUSES),
    contact_last_seen_at: Id,
    agent_last_seen_at: Id,
    snoozed_until: Id.nullable(),
  })
  .openapi('LiveVisitorConversation')

type FrameSchemas = Partial<Record<ServerEvent, z.ZodType>>

const control = { pong: PongDataSchema, error: ErrorFrameDataSchema } satisfies FrameSchemas

/** A conversation's socket as the visitor has it: public shapes, no private notes or typing. */
export const VISITOR_FRAMES = {
  ready: RoomReadySchema,
  'message.created': PublicMessageSchema,
  'message.updated': PublicMessageSchema,
  'conversation.created': VisitorConversationSchema,
  'conversation.status_changed': VisitorConversationSchema,
  'conversation.updated': VisitorConversationSchema,
  'conversation.typing_on': TypingDataSchema,
  'conversation.typing_off': TypingDataSchema,
  'conversation.read': ReadDataSchema,
  'presence.update': PresenceDataSchema,
  ...control,
} satisfies FrameSchemas

/** A conversation's socket as agents have it: the application API's shapes. */
export const AGENT_FRAMES = {
  ...VISITOR_FRAMES,
  'message.created': MessagePushDataSchema,
  'message.updated': MessagePushDataSchema,
  'conversation.created': ConversationSchema,
  'conversation.status_changed': ConversationSchema,
  'conversation.updated': ConversationSchema,
  'room.roster': RosterDataSchema,
} satisfies FrameSchemas

/**
 * Chatwoot's account.cache_invalidated: labels, teams or canned responses of the account changed
 * (in Settings); a dashboard reloads the lists it holds of each named key. Each value is when
 * that list changed (ms), Chatwoot's cache key.
 */
export const CacheInvalidatedSchema = z
  .object({
    account_id: Id,
    cache_keys: z
      .object({
        label: z.number().int(),
        team: z.number().int(),
        canned_response: z.number().int(),
      })
      .partial(),
  })
  .openapi('LiveCacheInvalidated')

/**
 * The account feed, for the inbox list: new conversations, every change to one (assignment,
 * labels, priority, snooze, status…), agents' reads and new messages of visible inboxes.
 */
export const FEED_FRAMES = {
  ready: FeedReadySchema,
  'access.changed': AccessChangedSchema,
  'message.created': MessagePushDataSchema,
  'conversation.created': ConversationSchema,
  'conversation.status_changed': ConversationSchema,
  'conversation.updated': ConversationSchema,
  'conversation.read': ReadDataSchema,
  'presence.update': FeedPresenceDataSchema,
  // To the notified agent's sockets only (Chatwoot's payload: reference §9).
  'notification.created': z
    .object({
      notification: NotificationSchema,
      unread_count: z.number().int(),
      count: z.number().int(),
    })
    .openapi('LiveNotificationCreated'),
  // To every agent of the account (what the lists of labels, teams and canned responses hold).
  'account.cache_invalidated': CacheInvalidatedSchema,
  ...control,
} satisfies FrameSchemas

/** Client frames by type (the union the objects parse), and which each socket accepts. */
export const CLIENT_FRAMES = Object.fromEntries(
  ClientFrameSchema.options.map((option) => [option.shape.type.value, option]),
) as Record<ClientFrameType, (typeof ClientFrameSchema.options)[number]>
export type ClientFrameType = z.infer<typeof ClientFrameSchema>['type']
export const ROOM_CLIENT_FRAMES: ClientFrameType[] = ['auth', 'typing', 'seen', 'ping']
export const FEED_CLIENT_FRAMES: ClientFrameType[] = ['auth', 'ping']

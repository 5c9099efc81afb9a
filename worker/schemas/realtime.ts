import { z } from '@hono/zod-openapi'

/**
 * The live socket protocol, shared by the ConversationRoom/AccountFeed objects and the widget
 * (which imports only these types). Every socket's first client frame authenticates it; nothing
 * is sent before that frame is checked.
 */
export const ClientFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('auth'),
    /** Visitor sockets: the contact inbox's pubsub_token. Agent sockets: the api_access_token. */
    token: z.string().min(1).max(512),
  }),
  z.object({
    type: z.literal('typing'),
    status: z.enum(['on', 'off']),
    /** Agents only: typing a private note, which the visitor is never shown. */
    is_private: z.boolean().optional(),
  }),
  z.object({ type: z.literal('seen') }),
  z.object({ type: z.literal('ping') }),
])
export type ClientFrame = z.infer<typeof ClientFrameSchema>

/** Chatwoot's dotted event names (reference §9), plus the socket's own control events. */
export const SERVER_EVENTS = [
  'message.created',
  'message.updated',
  'conversation.created',
  'conversation.status_changed',
  'conversation.updated',
  'conversation.typing_on',
  'conversation.typing_off',
  'conversation.read',
  'presence.update',
  'access.changed',
  'ready',
  'pong',
  'error',
] as const
export type ServerEvent = (typeof SERVER_EVENTS)[number]

export type ServerFrame = { event: ServerEvent; data: Record<string, unknown> }

/**
 * An error frame keeps the socket open unless the code says the socket is refused: then the
 * socket closes with 4401 (`unauthorized`), 4403 (`forbidden`) or 4410 (`gone`: its
 * conversation or inbox was deleted), all final; or 4408 (`auth_timeout`: no auth frame in
 * time) or 4429 (`rate_limited`: too many frames), after which a client may connect again.
 */
export type ErrorFrameData = {
  code: 'invalid_frame' | 'unauthorized' | 'forbidden' | 'gone' | 'rate_limited' | 'auth_timeout'
  message: string
}

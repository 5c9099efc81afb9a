import type { components } from './generated/live'

/**
 * The live sockets' frames, shared by the ConversationRoom/AccountFeed objects (which validate
 * what clients send with worker/schemas/realtime.ts) and by the widget and the dashboard. Every
 * socket's first client frame authenticates it; nothing is sent before that frame is checked.
 */

/** What a client sends, as /asyncapi.json documents it (generated from the worker's schema). */
export type ClientFrame = components['schemas'][
  | 'client.auth'
  | 'client.typing'
  | 'client.seen'
  | 'client.ping']

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
  'notification.created',
  'account.cache_invalidated',
  'room.roster',
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

export function parseServerFrame(raw: unknown): ServerFrame | null {
  if (typeof raw !== 'string') return null
  try {
    const frame = JSON.parse(raw) as Partial<ServerFrame>
    if (typeof frame?.event !== 'string') return null
    const data = frame.data && typeof frame.data === 'object' ? frame.data : {}
    return { event: frame.event, data } as ServerFrame
  } catch {
    return null
  }
}

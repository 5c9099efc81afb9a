import { z } from '@hono/zod-openapi'

/**
 * The client frames of the live sockets, as the ConversationRoom/AccountFeed objects validate
 * them (the frames' shared types and constants are in protocol/realtime.ts). Every socket's
 * first client frame authenticates it; nothing is sent before that frame is checked.
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

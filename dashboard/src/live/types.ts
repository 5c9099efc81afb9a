/**
 * The live sockets' frames as the dashboard reads them: the types generated from /asyncapi.json
 * (`npm run generate:client`), which is generated from the zod schemas the worker's tests parse
 * real frames with.
 */
import type { channels } from '../../../protocol/generated/live'

/** A channel's server frames (each message's payload is the whole `{event, data}` frame). */
type FramesOf<C> = C[Exclude<keyof C & string, `client.${string}`>]

/** A frame of the account feed (`/api/v1/accounts/{id}/live`). */
export type FeedFrame = FramesOf<channels['accountFeed']>
/** A frame of a conversation's socket as an agent has it. */
export type RoomFrame = FramesOf<channels['agentConversation']>
/** What the dashboard sends on either socket. */
export type ClientFrame =
  | channels['agentConversation']['client.auth']
  | channels['agentConversation']['client.typing']
  | channels['agentConversation']['client.seen']
  | channels['agentConversation']['client.ping']

export type ConnectionState = 'connecting' | 'live' | 'offline'

/**
 * The account feed as the app's parts use it (live/feed.ts; live/shared-feed.ts shares one socket
 * among an agent's tabs). After every reconnect it replays from the last message seen (`?after=`)
 * and calls the resync listeners so the list and the open conversation reload what replay does
 * not carry.
 */
export interface LiveFeed {
  subscribe(listener: (frame: FeedFrame) => void): () => void
  /** Called after a reconnect: reload what is on screen that replay does not cover. */
  onResync(listener: () => void): () => void
  readonly state: { readonly value: ConnectionState }
  close(): void
}

import { OpenAPIHono, z } from '@hono/zod-openapi'
import { CLOSE } from './live/frames'
import { AUTH_DEADLINE_MS, FRAME_BUDGET, FRAME_WINDOW_MS, PENDING_SOCKETS_MAX } from './live/guard'
import { REPLAY_LIMIT } from './live/replay'
import {
  AGENT_FRAMES,
  CLIENT_FRAMES,
  type ClientFrameType,
  FEED_CLIENT_FRAMES,
  FEED_FRAMES,
  ROOM_CLIENT_FRAMES,
  VISITOR_FRAMES,
} from './schemas/live-frames'

// The live socket protocol as an AsyncAPI 3.0 document, generated from the zod schemas the tests
// parse real frames with (`worker/schemas/live-frames.ts`). Their JSON Schemas come from the same
// generator as /openapi.json's, so a shape documented in both reads the same in both.

type Json = Record<string, unknown>

const CLOSE_CODES = [
  {
    code: CLOSE.unauthorized,
    reason: 'unauthorized',
    description:
      'The first frame is not a valid auth frame, or the credential is gone (token rotated or ' +
      'revoked; session ended by sign-out, a password change or its expiry; user or agent bot ' +
      'deleted; user removed from the account, which also ends its sessions).',
  },
  {
    code: CLOSE.forbidden,
    reason: 'forbidden',
    description:
      "A valid agent who may not see this conversation's inbox (never a member, membership " +
      'removed, administrator demoted).',
  },
  {
    code: CLOSE.gone,
    reason: 'gone',
    description:
      "The conversation or its inbox was deleted; the visitor's socket too. Also told, after a " +
      'valid auth frame only, when the path names no conversation: before it, an unknown id ' +
      'answers exactly as a known one does. Final.',
  },
  {
    code: CLOSE.authTimeout,
    reason: 'auth_timeout',
    description: `No valid auth frame within ${AUTH_DEADLINE_MS / 1000} s of the upgrade. A client may connect again.`,
  },
  {
    code: CLOSE.tooManyFrames,
    reason: 'rate_limited',
    description:
      `More than ${FRAME_BUDGET} frames in ${FRAME_WINDOW_MS / 1000} s from the socket, or ` +
      `already ${PENDING_SOCKETS_MAX} sockets waiting for their auth frame on the same ` +
      'conversation or account. A client may connect again after a backoff. (Upgrades are also ' +
      'limited per client address: 429 before the socket opens.)',
  },
]

const CLOSE_TEXT = CLOSE_CODES.map((c) => `**${c.code}** (${c.reason}): ${c.description}`).join(
  '\n- ',
)

const AUTH_TEXT =
  'The first client frame authenticates: `{"type":"auth","token":"…"}`; nothing is sent before ' +
  'it is checked. Each refusal is an `error` frame with the same code, then the close.'

const SESSION_TEXT =
  "The dashboard's session cookie (`parley_session`, from `POST /auth/sign_in`) also " +
  'authenticates the upgrade, from this site only (the `Origin` header must be ours, else 403): ' +
  'the socket is ready at once, with no auth frame, and is closed 4401 when the session ends.'

const AFTER = {
  description:
    `Replay every message after this id the socket may see (at most ${REPLAY_LIMIT}), as ` +
    '`message.created` frames after `ready` and before any live frame: a reconnect loses and ' +
    'duplicates nothing.',
}

type ChannelSpec = {
  address: string
  title: string
  description: string
  parameters: Record<string, string>
  frames: Record<string, z.ZodType>
  clientFrames: ClientFrameType[]
  replay: boolean
}

const CHANNELS: Record<string, ChannelSpec> = {
  visitorConversation: {
    address:
      '/public/api/v1/inboxes/{inbox_identifier}/contacts/{source_id}/conversations/{conversation_id}/live',
    title: "A conversation's socket, for its visitor",
    description: `${AUTH_TEXT} The token is the contact inbox's \`pubsub_token\`. Data are the public client API's shapes; private notes, activity lines and private typing never reach it.`,
    parameters: {
      inbox_identifier: "The inbox's public identifier",
      source_id: "The visitor's contact inbox source_id",
      conversation_id: "The conversation's display id",
    },
    frames: VISITOR_FRAMES,
    clientFrames: ROOM_CLIENT_FRAMES,
    replay: true,
  },
  agentConversation: {
    address: '/api/v1/accounts/{account_id}/conversations/{conversation_id}/live',
    title: "A conversation's socket, for agents and integrators",
    description: `${AUTH_TEXT} The token is an \`api_access_token\`, which may instead be sent as that header on the upgrade. ${SESSION_TEXT} Data are the application API's shapes.`,
    parameters: {
      account_id: "The account's id",
      conversation_id: "The conversation's display id",
    },
    frames: AGENT_FRAMES,
    clientFrames: ROOM_CLIENT_FRAMES,
    replay: true,
  },
  accountFeed: {
    address: '/api/v1/accounts/{account_id}/live',
    title: "The account's feed, for agents",
    description: `${AUTH_TEXT} The token is an \`api_access_token\` (or the header). ${SESSION_TEXT} New conversations, every change to one (\`conversation.updated\`: assignment, team, labels, priority, snooze, status, custom attributes), reads by agents (\`conversation.read\`) and new messages of the inboxes the agent may see (administrators: all); a feed whose rights shrink stays open and stops sending the inboxes it lost.`,
    parameters: { account_id: "The account's id" },
    frames: FEED_FRAMES,
    clientFrames: FEED_CLIENT_FRAMES,
    replay: false,
  },
}

/** Each zod schema as JSON Schema, named ones as components, by the OpenAPI 3.1 generator. */
function jsonSchemas(named: Record<string, z.ZodType>) {
  const generator = new OpenAPIHono()
  for (const [name, schema] of Object.entries(named)) {
    generator.openAPIRegistry.register(name, schema)
  }
  const doc = generator.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'live', version: '1' },
  })
  return (doc.components?.schemas ?? {}) as Record<string, Json>
}

/** A frame's component: `<channel>.<event>`, e.g. `accountFeed.message.created`. */
const frameName = (channel: string, event: string) => `${channel}.${event}`

/** The AsyncAPI 3.0 document; `origin` (e.g. `https://parley.example.com`) names the server. */
export function buildAsyncApiDocument(origin: string) {
  const named: Record<string, z.ZodType> = {}
  for (const [id, spec] of Object.entries(CHANNELS)) {
    for (const [event, data] of Object.entries(spec.frames)) {
      // Data schemas with a name of their own (Conversation, PublicMessage…) become references.
      named[frameName(id, event)] = z.object({ event: z.literal(event), data })
    }
  }
  for (const [type, schema] of Object.entries(CLIENT_FRAMES)) named[`client.${type}`] = schema
  const url = new URL(origin)
  const channels: Json = {}
  const operations: Json = {}
  for (const [id, spec] of Object.entries(CHANNELS)) {
    const messages: Json = {}
    for (const event of Object.keys(spec.frames)) {
      messages[event] = {
        name: event,
        title: event,
        payload: { $ref: `#/components/schemas/${frameName(id, event)}` },
      }
    }
    for (const type of spec.clientFrames) {
      messages[`client.${type}`] = {
        name: type,
        title: `${type} (client frame)`,
        payload: { $ref: `#/components/schemas/client.${type}` },
      }
    }
    channels[id] = {
      address: spec.address,
      title: spec.title,
      description: `${spec.description}\n\nClose codes:\n- ${CLOSE_TEXT}`,
      parameters: Object.fromEntries(
        Object.entries(spec.parameters).map(([name, description]) => [name, { description }]),
      ),
      messages,
      bindings: {
        ws: {
          method: 'GET',
          query: {
            type: 'object',
            properties: spec.replay ? { after: { type: 'integer', minimum: 0, ...AFTER } } : {},
          },
        },
      },
    }
    const ref = (key: string) => ({ $ref: `#/channels/${id}/messages/${key}` })
    operations[`${id}.receive`] = {
      action: 'receive',
      channel: { $ref: `#/channels/${id}` },
      summary: 'Frames the server sends',
      messages: Object.keys(spec.frames).map(ref),
    }
    operations[`${id}.send`] = {
      action: 'send',
      channel: { $ref: `#/channels/${id}` },
      summary: 'Frames the client sends',
      messages: spec.clientFrames.map((type) => ref(`client.${type}`)),
    }
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Parley live sockets',
      version: '1.0.0',
      description:
        'Hibernatable WebSockets for a conversation (visitor and agents) and for an account ' +
        '(agents). Frames are JSON text: `{"event": "<Chatwoot\'s dotted name>", "data": {…}}` ' +
        'from the server, `{"type": …}` from the client.',
    },
    defaultContentType: 'application/json',
    servers: {
      parley: { host: url.host, protocol: url.protocol === 'https:' ? 'wss' : 'ws' },
    },
    channels,
    operations,
    components: { schemas: jsonSchemas(named) },
    'x-close-codes': CLOSE_CODES,
  }
}

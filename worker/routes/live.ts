import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { findConversationByDisplayId } from '../db/queries/conversations'
import { findUser } from '../db/queries/users'
import type { AppEnv, Principal } from '../env'
import { apiError, errorResponses } from '../errors'
import { tokenHashOf } from '../lib/crypto'
import { sessionCredentialKey } from '../live/access'
import { listMemberInboxIds } from '../live/inboxes'
import {
  FEED_STATE_HEADER,
  type FeedSocket,
  type RoomSocket,
  SOCKET_STATE_HEADER,
} from '../live/sockets'
import { accountFeed, conversationRoom, guessRoom } from '../live/stubs'
import { restrictedAgentId } from '../middleware/access'
import { accountSecurity } from '../schemas/auth'
import { AccountIdParamsSchema, CursorSchema, IdSchema } from '../schemas/common'
import { createRouter } from './router'

const tags = ['Live']

export const LiveQuerySchema = z.object({
  after: CursorSchema.optional().openapi({
    description: 'Replay every message after this id that the socket may see, then go live',
  }),
})

// A request that is not an upgrade is refused with the 400 envelope that errorResponses documents.
const upgradeResponses = {
  101: { description: 'Switching to the WebSocket protocol' },
}

/** LIVE_RATE_LIMITER's period (wrangler.toml). */
export const LIVE_RATE_PERIOD_SECONDS = 60

/**
 * Socket upgrades per client address, on every live path: a socket costs its object memory and
 * a deadline even before it authenticates, so no address may open them without end.
 */
export async function limitUpgrades(c: Context<AppEnv>) {
  const ip = c.req.header('cf-connecting-ip') || 'unknown'
  const { success } = await c.env.LIVE_RATE_LIMITER.limit({ key: ip })
  if (!success) {
    throw apiError('rate_limited', 'Too many live sockets opened; try again in a minute', [], {
      'retry-after': String(LIVE_RATE_PERIOD_SECONDS),
    })
  }
}

/** The internal request that hands a socket to a Durable Object, carrying what was checked. */
export function handOff(c: Context, header: string, state: unknown) {
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
    throw apiError('bad_request', 'This endpoint only accepts WebSocket upgrades')
  }
  const headers = new Headers(c.req.raw.headers)
  headers.set(header, JSON.stringify(state))
  return new Request(c.req.url, { headers })
}

/**
 * What a socket authenticated at the upgrade keeps of its credential: the token's hash (never
 * the token), or its session's (cookie or devise header), which a revalidation checks again
 * when rights are taken away, and when it was checked.
 */
async function checkedToken(principal: Exclude<Principal, { type: 'platform_app' }>) {
  const session = principal.type === 'user' ? principal.session : undefined
  return {
    userId: principal.id,
    tokenHash: session
      ? sessionCredentialKey(session.tokenHash)
      : await tokenHashOf(principal.token),
    checkedAt: Date.now(),
  }
}

const conversationLive = createRoute({
  operationId: 'openConversationSocket',
  method: 'get',
  path: '/api/v1/accounts/{account_id}/conversations/{conversation_id}/live',
  tags,
  security: accountSecurity,
  summary: "A conversation's live socket for agents and integrators",
  description:
    'Authenticate with the `api_access_token` header, with the dashboard session cookie (from ' +
    'this site only: the Origin header must be ours; `ready` comes at once), or, from a browser, ' +
    'with a first frame `{"type":"auth","token":"…"}`. Server frames are ' +
    '`{"event":"<Chatwoot dotted name>","data":{…}}`.',
  request: {
    params: AccountIdParamsSchema.extend({
      conversation_id: IdSchema.openapi({ param: { name: 'conversation_id', in: 'path' } }),
    }),
    query: LiveQuerySchema,
  },
  responses: {
    ...upgradeResponses,
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'rate_limited',
    ),
  },
})

const accountLive = createRoute({
  operationId: 'openAccountSocket',
  method: 'get',
  path: '/api/v1/accounts/{account_id}/live',
  tags,
  security: accountSecurity,
  summary: 'The account-wide live stream: new and changed conversations, and new messages',
  description:
    'Authenticate as on the conversation socket: the `api_access_token` header, the dashboard ' +
    'session cookie (same origin only), or a first frame `{"type":"auth","token":"…"}`.',
  request: { params: AccountIdParamsSchema },
  responses: {
    ...upgradeResponses,
    ...errorResponses('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
  },
})

export const liveRoutes = createRouter()
  .openapi(conversationLive, async (c) => {
    await limitUpgrades(c)
    const { conversation_id } = c.req.valid('param')
    const { after } = c.req.valid('query')
    const pending = c.var.liveAuthPending === true
    const agentId = pending ? null : restrictedAgentId(c)
    const found = await findConversationByDisplayId(
      c.var.db,
      c.var.accountId,
      conversation_id,
      agentId,
    )
    if (!found && pending) {
      // Before its auth frame a socket learns nothing, not even whether the id exists.
      const guess: RoomSocket = {
        role: 'agent',
        authed: false,
        accountId: c.var.accountId,
        conversationId: 0,
        displayId: conversation_id,
        inboxId: 0,
        after: null,
        lastMessageId: 0,
        origin: new URL(c.req.url).origin,
      }
      const room = guessRoom(c.env, c.var.accountId, conversation_id)
      return room.fetch(handOff(c, SOCKET_STATE_HEADER, guess)) as never
    }
    if (!found) throw apiError('not_found', `Conversation ${conversation_id} not found`)
    if (!found.visible) throw apiError('forbidden', 'You are not a member of this inbox')
    const principal = pending ? null : c.var.principal
    const state: RoomSocket = {
      role: 'agent',
      authed: !pending,
      accountId: c.var.accountId,
      conversationId: found.conversation.id,
      displayId: found.conversation.displayId,
      inboxId: found.conversation.inboxId,
      after: after ?? null,
      lastMessageId: 0,
      origin: new URL(c.req.url).origin,
      ...(principal && principal.type !== 'platform_app' ? await checkedToken(principal) : {}),
      // Colleagues see who is viewing and typing by name, as for a socket authenticated by frame.
      ...(principal?.type === 'user'
        ? { userName: (await findUser(c.var.db, principal.id))?.name ?? '' }
        : principal?.type === 'agent_bot'
          ? { userName: 'Bot' }
          : {}),
    }
    const room = conversationRoom(c.env, c.var.accountId, found.conversation.id)
    return room.fetch(handOff(c, SOCKET_STATE_HEADER, state)) as never
  })
  .openapi(accountLive, async (c) => {
    await limitUpgrades(c)
    const pending = c.var.liveAuthPending === true
    const principal = pending ? null : c.var.principal
    const agentId = pending ? null : restrictedAgentId(c)
    const state: FeedSocket = {
      authed: !pending,
      accountId: c.var.accountId,
      ...(principal && principal.type !== 'platform_app'
        ? {
            ...(await checkedToken(principal)),
            role: c.var.role,
            inboxIds:
              agentId === null
                ? undefined
                : await listMemberInboxIds(c.var.db, c.var.accountId, agentId),
          }
        : {}),
    }
    const feed = accountFeed(c.env, c.var.accountId)
    return feed.fetch(handOff(c, FEED_STATE_HEADER, state)) as never
  })

import { createRoute } from '@hono/zod-openapi'
import { apiError, errorResponses } from '../../errors'
import { sha256Hex } from '../../lib/crypto'
import { type RoomSocket, SOCKET_STATE_HEADER } from '../../live/sockets'
import { conversationRoom } from '../../live/stubs'
import { allowedHosts, originAllowed } from '../../middleware/public-cors'
import { visitorConversation } from '../../middleware/visitor'
import { noCredentials } from '../../schemas/common'
import { ConversationParamsSchema } from '../../schemas/public'
import { handOff, LiveQuerySchema, limitUpgrades } from '../live'
import { createRouter } from '../router'
import { capability, conversationPath, publicTags } from './shared'

const visitorLive = createRoute({
  security: noCredentials,
  operationId: 'openPublicConversationSocket',
  method: 'get',
  path: `${conversationPath}/live`,
  tags: publicTags.live,
  summary: "The visitor's live socket on a conversation",
  description:
    `${capability} A WebSocket. The first frame must be ` +
    '`{"type":"auth","token":"<pubsub_token>"}`; ' +
    'nothing is sent before it. Then `ready`, every visible message after `after`, and live ' +
    'frames `{"event","data"}`; private notes and activity lines never arrive. When the inbox ' +
    'lists allowed_domains, the Origin must be one of them.',
  request: { params: ConversationParamsSchema, query: LiveQuerySchema },
  responses: {
    101: { description: 'Switching to the WebSocket protocol' },
    ...errorResponses('forbidden', 'not_found', 'validation_failed', 'rate_limited'),
  },
})

export const publicLiveRoutes = createRouter().openapi(visitorLive, async (c) => {
  await limitUpgrades(c)
  const { conversation, contactInbox, inbox } = await visitorConversation(c, c.req.valid('param'))
  const hosts = allowedHosts(inbox.settings)
  // Browsers always send Origin on a socket; an inbox that names its sites takes no other.
  if (hosts.length > 0 && !originAllowed(hosts, c.req.header('origin') ?? '')) {
    throw apiError('forbidden', 'This origin is not allowed to use this inbox')
  }
  const state: RoomSocket = {
    role: 'visitor',
    authed: false,
    accountId: conversation.accountId,
    conversationId: conversation.id,
    displayId: conversation.displayId,
    inboxId: conversation.inboxId,
    after: c.req.valid('query').after ?? null,
    lastMessageId: 0,
    origin: new URL(c.req.url).origin,
    contactId: contactInbox.contactId,
    pubsubTokenHash: await sha256Hex(contactInbox.pubsubToken),
  }
  const room = conversationRoom(c.env, conversation.accountId, conversation.id)
  return room.fetch(handOff(c, SOCKET_STATE_HEADER, state)) as never
})

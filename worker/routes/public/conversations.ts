import { createRoute, z } from '@hono/zod-openapi'
import { checkCustomAttributes } from '../../contacts/custom-attributes'
import { conversationCreation, initialStatus } from '../../conversations/create'
import { statusChangeWrite } from '../../conversations/status'
import { latestConversationOf, markSeenByContact } from '../../db/queries/public'
import { errorResponses } from '../../errors'
import { nowSeconds } from '../../lib/time'
import { visitorDetails } from '../../lib/visitor-details'
import { seenIsCurrent } from '../../live/replay'
import { conversationRoom } from '../../live/stubs'
import { unwrapBody } from '../../middleware/body'
import {
  limitClientAddress,
  limitVisitor,
  visitorConversation,
  visitorOf,
} from '../../middleware/visitor'
import { EmptySchema, jsonBody, jsonResponse, noCredentials } from '../../schemas/common'
import {
  ContactParamsSchema,
  ConversationParamsSchema,
  PublicConversationCreateSchema,
  PublicConversationSchema,
  TypingInputSchema,
} from '../../schemas/public'
import { createRouter } from '../router'
import { commit, commitWithEvents } from '../write-adapter'
import { publicLabelRoutes } from './labels'
import {
  capability,
  conversationPath,
  conversationsPath,
  publicTags,
  visitorConversationJson,
  visitorConversationsJson,
} from './shared'

const listConversations = createRoute({
  security: noCredentials,
  operationId: 'listPublicConversations',
  method: 'get',
  path: conversationsPath,
  tags: publicTags.conversations,
  summary: "The visitor's conversations with their newest messages",
  description:
    `${capability} A bare array of the newest 20, oldest first. A verified visitor ` +
    "(hmac_verified) sees its contact's conversations in every verified contact inbox. Each " +
    'carries its newest 20 messages, never private notes or activity lines.',
  request: { params: ContactParamsSchema },
  responses: {
    200: jsonResponse(z.array(PublicConversationSchema), 'Conversations'),
    ...errorResponses('forbidden', 'not_found'),
  },
})

const createConversation = createRoute({
  security: noCredentials,
  operationId: 'createPublicConversation',
  method: 'post',
  path: conversationsPath,
  tags: publicTags.conversations,
  summary: 'Start a conversation',
  description:
    `${capability} With the inbox setting lock_to_single_conversation, the visitor's latest ` +
    'conversation that is not resolved is returned instead. Rate limited per client address.',
  middleware: [unwrapBody('conversation')],
  request: {
    params: ContactParamsSchema,
    body: { ...jsonBody(PublicConversationCreateSchema), required: false },
  },
  responses: {
    200: jsonResponse(PublicConversationSchema, 'The conversation'),
    ...errorResponses(
      'forbidden',
      'not_found',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

const showConversation = createRoute({
  security: noCredentials,
  operationId: 'getPublicConversation',
  method: 'get',
  path: conversationPath,
  tags: publicTags.conversations,
  summary: 'One of the visitor’s conversations',
  description: capability,
  request: { params: ConversationParamsSchema },
  responses: {
    200: jsonResponse(PublicConversationSchema, 'The conversation'),
    ...errorResponses('forbidden', 'not_found'),
  },
})

const resolveConversation = createRoute({
  security: noCredentials,
  operationId: 'togglePublicConversationStatus',
  method: 'post',
  path: `${conversationPath}/toggle_status`,
  tags: publicTags.conversations,
  summary: 'End (resolve) the conversation',
  description: `${capability} Only resolves; a resolved conversation is left as it is.`,
  request: { params: ConversationParamsSchema },
  responses: {
    200: jsonResponse(PublicConversationSchema, 'The conversation'),
    ...errorResponses('forbidden', 'not_found'),
  },
})

const toggleTyping = createRoute({
  security: noCredentials,
  operationId: 'togglePublicConversationTyping',
  method: 'post',
  path: `${conversationPath}/toggle_typing`,
  tags: publicTags.conversations,
  summary: 'The visitor started or stopped typing',
  description:
    `${capability} Agents on the conversation's live sockets see it. Rate limited per ` +
    'visitor.',
  request: { params: ConversationParamsSchema, body: jsonBody(TypingInputSchema) },
  responses: {
    200: jsonResponse(EmptySchema, 'Done'),
    ...errorResponses(
      'forbidden',
      'not_found',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

const updateLastSeen = createRoute({
  security: noCredentials,
  operationId: 'updatePublicConversationLastSeen',
  method: 'post',
  path: `${conversationPath}/update_last_seen`,
  tags: publicTags.conversations,
  summary: 'The visitor has read the conversation',
  description:
    `${capability} Sets contact_last_seen_at; replies sent until now become read. Nothing is ` +
    'written when nothing arrived since the last one. Rate limited per visitor.',
  request: { params: ConversationParamsSchema },
  responses: {
    200: jsonResponse(EmptySchema, 'Done'),
    ...errorResponses('forbidden', 'not_found', 'rate_limited'),
  },
})

const conversationRoutes = createRouter()
  .openapi(listConversations, async (c) => {
    const { inbox_identifier, source_id } = c.req.valid('param')
    const visitor = await visitorOf(c, inbox_identifier, source_id)
    return c.json(await visitorConversationsJson(c, visitor), 200)
  })
  .openapi(createConversation, async (c) => {
    await limitClientAddress(c)
    const { inbox_identifier, source_id } = c.req.valid('param')
    const visitor = await visitorOf(c, inbox_identifier, source_id)
    const { inbox, contactInbox, contact } = visitor
    const body = c.req.valid('json') ?? {}
    const db = c.var.db
    await checkCustomAttributes(
      db,
      inbox.accountId,
      'conversation_attribute',
      body.custom_attributes,
    )
    if (inbox.settings.lock_to_single_conversation === true) {
      const ongoing = await latestConversationOf(db, contactInbox, true)
      if (ongoing) return c.json(await visitorConversationJson(c, visitor, ongoing.id), 200)
    }
    const now = nowSeconds()
    const status = initialStatus(contact)
    const parties = {
      accountId: inbox.accountId,
      inboxId: inbox.id,
      contactId: contactInbox.contactId,
      contactInboxId: contactInbox.id,
    }
    const created = conversationCreation(
      db,
      parties,
      {
        status,
        waitingSince: status === 'resolved' ? null : now,
        customAttributes: body.custom_attributes ?? {},
        additionalAttributes: visitorDetails(c.req.raw, body.referer_url, now),
      },
      now,
    )
    const [[row]] = await commitWithEvents(
      c,
      [created.statement, ...created.reporting],
      [created.event],
    )
    if (!row) throw new Error('conversation insert returned nothing')
    return c.json(await visitorConversationJson(c, visitor, row.id), 200)
  })
  .openapi(showConversation, async (c) => {
    const { conversation, ...visitor } = await visitorConversation(c, c.req.valid('param'))
    return c.json(await visitorConversationJson(c, visitor, conversation.id), 200)
  })
  .openapi(resolveConversation, async (c) => {
    const { conversation, ...visitor } = await visitorConversation(c, c.req.valid('param'))
    if (conversation.status !== 'resolved') {
      const by = { type: 'contact' as const, id: visitor.contact.id, name: visitor.contact.name }
      await commit(c, statusChangeWrite(c.var.db, conversation, 'resolved', by, nowSeconds()))
    }
    return c.json(await visitorConversationJson(c, visitor, conversation.id), 200)
  })
  .openapi(toggleTyping, async (c) => {
    const params = c.req.valid('param')
    await limitVisitor(c, params.source_id)
    const { conversation, contact } = await visitorConversation(c, params)
    const room = conversationRoom(c.env, conversation.accountId, conversation.id)
    const user = { id: contact.id, name: contact.name, type: 'contact' }
    await room.typing(`contact:${contact.id}`, c.req.valid('json').typing_status, false, user)
    return c.json({}, 200)
  })
  .openapi(updateLastSeen, async (c) => {
    const params = c.req.valid('param')
    await limitVisitor(c, params.source_id)
    const { conversation } = await visitorConversation(c, params)
    if (!seenIsCurrent(conversation.contactLastSeenAt, conversation.lastActivityAt)) {
      await markSeenByContact(c.var.db, conversation.accountId, conversation.id, nowSeconds())
    }
    return c.json({}, 200)
  })

export const publicConversationRoutes = createRouter()
  .route('/', conversationRoutes)
  .route('/', publicLabelRoutes)

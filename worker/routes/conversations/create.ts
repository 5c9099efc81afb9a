import { createRoute, type z } from '@hono/zod-openapi'
import type { SQL } from 'drizzle-orm'
import type { Context } from 'hono'
import { checkCustomAttributes } from '../../contacts/custom-attributes'
import { type Agent, type Statement, senderOf } from '../../conversations/changes'
import { conversationCreation, initialStatus } from '../../conversations/create'
import { messageRows } from '../../conversations/messages'
import { findContactInbox, insertContactInboxStatement } from '../../db/queries/contact-inboxes'
import {
  contactInboxIdBySource,
  findAccountContactInbox,
  findAccountMember,
  findAccountTeam,
  latestConversationOfContactInbox,
} from '../../db/queries/conversations'
import { findInbox, isInboxMember } from '../../db/queries/inboxes'
import { MESSAGE_TYPE } from '../../db/queries/messages'
import type { AppEnv } from '../../env'
import { apiError, errorResponses, fieldError, validationError } from '../../errors'
import type { EventInput } from '../../events/outbox'
import { nowSeconds } from '../../lib/time'
import { requireBotInbox, restrictedAgentId, visibleContact } from '../../middleware/access'
import { unwrapBody } from '../../middleware/body'
import { accountSecurity } from '../../schemas/auth'
import { AccountIdParamsSchema, jsonBody, jsonResponse } from '../../schemas/common'
import { ConversationInputSchema, ConversationSchema } from '../../schemas/conversations'
import { createRouter } from '../router'
import { actorOf, commitWithEvents } from '../write-adapter'
import { base, conversationJson, tags } from './shared'

const createConversationRoute = createRoute({
  operationId: 'createConversation',
  method: 'post',
  path: base,
  tags,
  security: accountSecurity,
  summary: 'Create a conversation (agent bots too)',
  description:
    'Name the contact either by `source_id` (a contact inbox of this account) or by `inbox_id` ' +
    'and `contact_id` (the contact inbox is created when missing). With the inbox setting ' +
    '`lock_to_single_conversation` the latest conversation of the contact inbox is returned ' +
    'instead. `message.content` becomes the first outgoing message.',
  middleware: [unwrapBody('conversation')],
  request: { params: AccountIdParamsSchema, body: jsonBody(ConversationInputSchema) },
  responses: {
    200: jsonResponse(ConversationSchema, 'The conversation'),
    ...errorResponses(
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_failed',
      'unsupported_media_type',
      'rate_limited',
    ),
  },
})

type Input = z.infer<typeof ConversationInputSchema>

/**
 * The inbox and contact the new conversation belongs to, and its contact inbox if one exists.
 * An agent is answered 404 for a contact or contact inbox it may not see, as reading them
 * answers, before anything is written.
 */
async function resolveParties(c: Context<AppEnv>, body: Input) {
  const db = c.var.db
  const accountId = c.var.accountId
  if (body.source_id) {
    const found = await findAccountContactInbox(
      db,
      accountId,
      body.source_id,
      body.inbox_id,
      restrictedAgentId(c),
    )
    if (!found) throw apiError('not_found', 'No contact inbox has this source_id')
    const { contact } = await visibleContact(c, found.contactInbox.contactId)
    return { inbox: found.inbox, contact, contactInbox: found.contactInbox }
  }
  if (body.inbox_id === undefined || body.contact_id === undefined) {
    throw validationError([
      fieldError('source_id', 'is required unless inbox_id and contact_id are given', 'required'),
    ])
  }
  const [inbox, { contact }] = await Promise.all([
    findInbox(db, accountId, body.inbox_id),
    visibleContact(c, body.contact_id),
  ])
  if (!inbox) throw apiError('not_found', `Inbox ${body.inbox_id} not found`)
  const contactInbox = await findContactInbox(db, contact.id, inbox.id)
  return { inbox, contact, contactInbox }
}

async function checkReferences(c: Context<AppEnv>, body: Input) {
  const db = c.var.db
  const accountId = c.var.accountId
  const [member, team] = await Promise.all([
    body.assignee_id ? findAccountMember(db, accountId, body.assignee_id) : null,
    body.team_id ? findAccountTeam(db, accountId, body.team_id) : null,
    checkCustomAttributes(db, accountId, 'conversation_attribute', body.custom_attributes),
  ])
  const errors = []
  if (body.assignee_id && !member) {
    errors.push(fieldError('assignee_id', 'is not a member of this account', 'not_member'))
  }
  if (body.team_id && !team) {
    errors.push(fieldError('team_id', 'is not a team of this account', 'unknown_team'))
  }
  if (errors.length > 0) throw validationError(errors)
}

function sourceIdFor(
  channelType: string,
  contact: { email: string | null; phoneNumber: string | null },
) {
  if (channelType === 'email' && contact.email) return contact.email
  if (channelType === 'phone' && contact.phoneNumber) return contact.phoneNumber
  return crypto.randomUUID()
}

type Parties = Awaited<ReturnType<typeof resolveParties>>

/**
 * The statements that create the conversation (and its contact inbox and first message when
 * needed) with their events. Ids the batch creates are named by the uuid and source id it assigns.
 */
function creation(c: Context<AppEnv>, body: Input, parties: Parties, actor: Agent) {
  const db = c.var.db
  const accountId = c.var.accountId
  const { inbox, contact, contactInbox } = parties
  const now = nowSeconds()
  const statements: Statement[] = []
  let contactInboxId: number | SQL
  if (contactInbox) {
    contactInboxId = contactInbox.id
  } else {
    const sourceId = sourceIdFor(inbox.channelType, contact)
    const values = { accountId, contactId: contact.id, inboxId: inbox.id, sourceId }
    statements.push(
      insertContactInboxStatement(db, { ...values, hmacVerified: body.hmac_verified }),
    )
    contactInboxId = contactInboxIdBySource(inbox.id, sourceId)
  }
  const status = initialStatus(contact, body.status)
  const created = conversationCreation(
    db,
    { accountId, inboxId: inbox.id, contactId: contact.id, contactInboxId },
    {
      status,
      assigneeId: body.assignee_id ?? null,
      assigneeType: body.assignee_id ? 'User' : null,
      teamId: body.team_id ?? null,
      snoozedUntil: status === 'snoozed' ? (body.snoozed_until ?? null) : null,
      // The wait starts now; an initial reply (or a resolved start) ends it at once.
      waitingSince: body.message || status === 'resolved' ? null : now,
      firstReplyCreatedAt: body.message && actor.type === 'user' ? now : null,
      customAttributes: body.custom_attributes ?? {},
      additionalAttributes: body.additional_attributes ?? {},
    },
    now,
  )
  const conversationId = created.conversationId
  statements.push(created.statement, ...created.reporting)
  const ids = { accountId, inboxId: inbox.id, contactId: contact.id, conversationId }
  const events: EventInput[] = [created.event]
  if (body.message) {
    // The creation set what the message does to it (no wait; an agent's first reply).
    const first = messageRows(
      db,
      {
        ...ids,
        id: conversationId,
        assigneeId: body.assignee_id ?? null,
        teamId: body.team_id ?? null,
        createdAt: now,
        waitingSince: null,
        firstReplyCreatedAt: null,
      },
      {
        messageType: MESSAGE_TYPE.outgoing,
        contentType: 'text',
        content: body.message.content,
        additionalAttributes: body.message.template_params
          ? { template_params: body.message.template_params }
          : {},
        sender: senderOf(actor),
      },
      [],
      now,
    )
    statements.push(...first.inserts, ...first.after)
    events.push(first.event)
  }
  return { statements, events, conversationIndex: contactInbox ? 0 : 1 }
}

export const conversationCreateRoutes = createRouter().openapi(
  createConversationRoute,
  async (c) => {
    const body = c.req.valid('json')
    const db = c.var.db
    // A bot learns nothing of inboxes it does not serve, not even whether a contact exists.
    if (body.inbox_id !== undefined) await requireBotInbox(c, body.inbox_id)
    const parties = await resolveParties(c, body)
    const { inbox, contactInbox } = parties
    await requireBotInbox(c, inbox.id)
    const agentId = restrictedAgentId(c)
    if (agentId !== null && !(await isInboxMember(db, inbox.id, agentId))) {
      throw apiError('forbidden', 'You are not a member of this inbox')
    }
    await checkReferences(c, body)
    if (contactInbox && inbox.settings.lock_to_single_conversation === true) {
      const latest = await latestConversationOfContactInbox(db, contactInbox.id)
      if (latest) return c.json(await conversationJson(c, latest.id), 200)
    }
    const { statements, events, conversationIndex } = creation(c, body, parties, await actorOf(c))
    const results = await commitWithEvents(c, statements as [Statement, ...Statement[]], events)
    const [created] = results[conversationIndex] as unknown as { id: number }[]
    if (!created) throw new Error('conversation insert returned nothing')
    return c.json(await conversationJson(c, created.id), 200)
  },
)

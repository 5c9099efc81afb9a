import { and, count, desc, eq, gt, ne } from 'drizzle-orm'
import type { Db } from '../db/client'
import {
  accounts,
  attachments,
  contactInboxes,
  contacts,
  conversations,
  type events,
  inboxes,
  messages,
  teams,
  users,
} from '../db/schema'
import { isoFromSeconds } from '../lib/time'
import { toContactPushData } from '../schemas/contacts'
import { CHANNEL_CLASS } from '../schemas/inboxes'

type EventRow = typeof events.$inferSelect
type MessageRow = typeof messages.$inferSelect
type Json = Record<string, unknown>

const MESSAGE_TYPES = ['incoming', 'outgoing', 'activity', 'template'] as const

/**
 * Renders an event's Chatwoot webhook payload from D1 (reference §7.3): the `event` key merged at
 * the top level, message_type as a string, changed_attributes as single-key objects.
 * Returns null when the subject no longer exists (then nothing is delivered).
 */
export async function renderEventPayload(db: Db, env: Env, event: EventRow): Promise<Json | null> {
  const base = env.PUBLIC_BASE_URL || 'http://localhost'
  const account = await accountRef(db, event.accountId)
  if (!account) return null
  const withEvent = (body: Json | null) => (body ? { ...body, event: event.kind } : null)
  switch (event.kind) {
    case 'contact_created':
    case 'contact_updated': {
      if (!event.contactId) return null
      const body = await contactWebhookData(db, base, event.contactId, account)
      if (!body) return null
      return withEvent(
        event.kind === 'contact_updated'
          ? { ...body, changed_attributes: event.changedAttributes }
          : body,
      )
    }
    case 'message_created':
    case 'message_updated': {
      if (!event.messageId) return null
      return withEvent(await messageWebhookData(db, base, event.messageId, account))
    }
    case 'conversation_created':
    case 'conversation_updated':
    case 'conversation_status_changed': {
      if (!event.conversationId) return null
      const body = await conversationWebhookData(db, base, event.conversationId)
      if (!body) return null
      return withEvent(
        event.kind === 'conversation_created'
          ? body
          : { ...body, changed_attributes: event.changedAttributes },
      )
    }
    case 'webwidget_triggered':
      return withEvent(await webwidgetData(db, base, event, account))
    default:
      return null
  }
}

async function accountRef(db: Db, accountId: number) {
  const [row] = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1)
  return row
}

async function contactWebhookData(
  db: Db,
  base: string,
  contactId: number,
  account: { id: number; name: string },
) {
  const [contact] = await db.select().from(contacts).where(eq(contacts.id, contactId)).limit(1)
  if (!contact) return null
  const push = toContactPushData(contact, base)
  return {
    account,
    additional_attributes: push.additional_attributes,
    avatar: push.thumbnail,
    custom_attributes: push.custom_attributes,
    email: push.email,
    id: push.id,
    identifier: push.identifier,
    name: push.name,
    phone_number: push.phone_number,
    thumbnail: push.thumbnail,
    blocked: push.blocked,
  }
}

async function senderData(db: Db, base: string, message: MessageRow): Promise<Json | null> {
  if (!message.senderId) return null
  if (message.senderType === 'Contact') {
    const [contact] = await db
      .select()
      .from(contacts)
      .where(eq(contacts.id, message.senderId))
      .limit(1)
    return contact ? { ...toContactPushData(contact, base), type: 'contact' } : null
  }
  if (message.senderType === 'User') {
    const [user] = await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, message.senderId))
      .limit(1)
    return user ? { ...user, type: 'user' } : null
  }
  return { id: message.senderId, name: 'Bot', type: 'agent_bot' }
}

async function attachmentData(db: Db, base: string, messageId: number, accountId: number) {
  const rows = await db.select().from(attachments).where(eq(attachments.messageId, messageId))
  return rows.map((a) => ({
    id: a.id,
    message_id: a.messageId,
    file_type: a.fileType,
    account_id: accountId,
    extension: a.extension,
    data_url: `${base}/files/${a.objectKey}`,
    thumb_url: a.fileType === 'image' ? `${base}/files/${a.objectKey}` : '',
    file_size: a.fileSize,
    width: a.width,
    height: a.height,
  }))
}

async function messagePushData(db: Db, base: string, message: MessageRow, displayId: number) {
  const files = await attachmentData(db, base, message.id, message.accountId)
  return {
    id: message.id,
    content: message.content,
    account_id: message.accountId,
    inbox_id: message.inboxId,
    conversation_id: displayId,
    message_type: message.messageType,
    created_at: message.createdAt,
    updated_at: message.updatedAt,
    private: message.private,
    status: message.status,
    source_id: message.sourceId,
    content_type: message.contentType,
    content_attributes: message.contentAttributes,
    sender_type: message.senderType,
    sender_id: message.senderId,
    external_source_ids: message.externalSourceIds,
    additional_attributes: message.additionalAttributes,
    sender: await senderData(db, base, message),
    ...(message.echoId ? { echo_id: message.echoId } : {}),
    ...(files.length > 0 ? { attachments: files } : {}),
  }
}

/** Chatwoot's Conversations::EventDataPresenter#push_data. */
export async function conversationWebhookData(db: Db, base: string, conversationId: number) {
  const [row] = await db
    .select({
      conversation: conversations,
      contact: contacts,
      contactInbox: contactInboxes,
      inbox: inboxes,
    })
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .innerJoin(inboxes, eq(inboxes.id, conversations.inboxId))
    .leftJoin(contactInboxes, eq(contactInboxes.id, conversations.contactInboxId))
    .where(eq(conversations.id, conversationId))
    .limit(1)
  if (!row) return null
  const { conversation: cv, contact, contactInbox, inbox } = row
  const [lastMessage] = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, cv.id),
        ne(messages.messageType, 2),
        eq(messages.private, false),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(1)
  const [assignee] = cv.assigneeId
    ? await db
        .select({ id: users.id, name: users.name, displayName: users.displayName })
        .from(users)
        .where(eq(users.id, cv.assigneeId))
        .limit(1)
    : []
  const [team] = cv.teamId
    ? await db
        .select({ id: teams.id, name: teams.name })
        .from(teams)
        .where(eq(teams.id, cv.teamId))
        .limit(1)
    : []
  const [unread] = await db
    .select({ n: count() })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, cv.id),
        eq(messages.messageType, 0),
        gt(messages.createdAt, cv.agentLastSeenAt ?? 0),
      ),
    )
  return {
    additional_attributes: cv.additionalAttributes,
    can_reply: true,
    channel: CHANNEL_CLASS[inbox.channelType],
    contact_inbox: contactInbox
      ? {
          id: contactInbox.id,
          contact_id: contactInbox.contactId,
          inbox_id: contactInbox.inboxId,
          source_id: contactInbox.sourceId,
          created_at: isoFromSeconds(contactInbox.createdAt),
          updated_at: isoFromSeconds(contactInbox.createdAt),
          hmac_verified: contactInbox.hmacVerified,
          pubsub_token: contactInbox.pubsubToken,
        }
      : null,
    id: cv.displayId,
    inbox_id: cv.inboxId,
    messages: lastMessage ? [await messagePushData(db, base, lastMessage, cv.displayId)] : [],
    labels: cv.labels,
    meta: {
      sender: toContactPushData(contact, base),
      assignee: assignee
        ? {
            id: assignee.id,
            name: assignee.name,
            available_name: assignee.displayName || assignee.name,
            avatar_url: '',
            type: 'user',
            availability_status: 'offline',
            thumbnail: '',
          }
        : null,
      assignee_type: cv.assigneeType,
      team: team ?? null,
      hmac_verified: contactInbox?.hmacVerified ?? false,
    },
    status: cv.status,
    custom_attributes: cv.customAttributes,
    snoozed_until: cv.snoozedUntil,
    unread_count: Math.min(unread?.n ?? 0, 10),
    first_reply_created_at: cv.firstReplyCreatedAt ? isoFromSeconds(cv.firstReplyCreatedAt) : null,
    priority: cv.priority,
    waiting_since: cv.waitingSince ?? 0,
    agent_last_seen_at: cv.agentLastSeenAt ?? 0,
    contact_last_seen_at: cv.contactLastSeenAt ?? 0,
    last_activity_at: cv.lastActivityAt,
    timestamp: cv.lastActivityAt,
    created_at: cv.createdAt,
    updated_at: cv.updatedAt,
  }
}

async function messageWebhookData(
  db: Db,
  base: string,
  messageId: number,
  account: { id: number; name: string },
) {
  const [row] = await db
    .select({ message: messages, inbox: { id: inboxes.id, name: inboxes.name } })
    .from(messages)
    .innerJoin(inboxes, eq(inboxes.id, messages.inboxId))
    .where(eq(messages.id, messageId))
    .limit(1)
  if (!row) return null
  const { message, inbox } = row
  const conversation = await conversationWebhookData(db, base, message.conversationId)
  if (!conversation) return null
  const files = await attachmentData(db, base, message.id, message.accountId)
  return {
    account,
    additional_attributes: message.additionalAttributes,
    content_attributes: message.contentAttributes,
    content_type: message.contentType,
    content: message.content,
    conversation,
    created_at: isoFromSeconds(message.createdAt),
    id: message.id,
    inbox,
    message_type: MESSAGE_TYPES[message.messageType] ?? 'outgoing',
    private: message.private,
    sender: await senderData(db, base, message),
    source_id: message.sourceId,
    ...(files.length > 0 ? { attachments: files } : {}),
  }
}

async function webwidgetData(
  db: Db,
  base: string,
  event: EventRow,
  account: { id: number; name: string },
) {
  if (!event.contactId || !event.inboxId) return null
  const contact = await contactWebhookData(db, base, event.contactId, account)
  const [inbox] = await db
    .select({ id: inboxes.id, name: inboxes.name })
    .from(inboxes)
    .where(eq(inboxes.id, event.inboxId))
    .limit(1)
  if (!contact || !inbox) return null
  const current = event.conversationId
    ? await conversationWebhookData(db, base, event.conversationId)
    : null
  return {
    id: event.id,
    contact,
    inbox,
    account,
    current_conversation: current,
    source_id: (event.data.source_id as string | undefined) ?? null,
    event_info: (event.data.event_info as Json | undefined) ?? {},
  }
}

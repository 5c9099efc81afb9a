import { and, asc, count, desc, eq, gt, ne } from 'drizzle-orm'
import type { Db } from '../db/client'
import { MESSAGE_TYPE } from '../db/queries/messages'
import {
  accounts,
  accountUsers,
  agentBots,
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
import { toUserPushData } from '../schemas/agents'
import { toContactPushData } from '../schemas/contacts'
import { CHANNEL_CLASS } from '../schemas/inboxes'

type EventRow = typeof events.$inferSelect
type MessageRow = typeof messages.$inferSelect
type ContactRow = typeof contacts.$inferSelect
type Json = Record<string, unknown>
type AccountRef = { id: number; name: string }

const MESSAGE_TYPES = ['incoming', 'outgoing', 'activity', 'template'] as const

/**
 * Renders an event's Chatwoot webhook payload from D1 (reference §7.3): the `event` key merged at
 * the top level, message_type as a string, changed_attributes as single-key objects.
 * Returns null when the subject no longer exists (then nothing is delivered).
 */
export async function renderEventPayload(db: Db, env: Env, event: EventRow): Promise<Json | null> {
  const base = env.PUBLIC_BASE_URL || 'http://localhost'
  const [account] = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, event.accountId))
    .limit(1)
  if (!account) return null
  const withEvent = (body: Json | null, extra: Json = {}) =>
    body ? { ...body, ...extra, event: event.kind } : null
  const changed = { changed_attributes: event.changedAttributes }
  switch (event.kind) {
    case 'contact_created':
    case 'contact_updated': {
      if (!event.contactId) return null
      const [contact] = await db
        .select()
        .from(contacts)
        .where(eq(contacts.id, event.contactId))
        .limit(1)
      const body = contact ? contactWebhookData(contact, base, account) : null
      return withEvent(body, event.kind === 'contact_updated' ? changed : {})
    }
    case 'message_created':
    case 'message_updated':
      if (!event.messageId) return null
      return withEvent(await messageWebhookData(db, base, event.messageId, account))
    case 'conversation_created':
    case 'conversation_updated':
    case 'conversation_status_changed': {
      if (!event.conversationId) return null
      const body = await conversationWebhookData(db, base, event.conversationId)
      return withEvent(body, event.kind === 'conversation_created' ? {} : changed)
    }
    case 'webwidget_triggered':
      return withEvent(await webwidgetData(db, base, event, account))
    default:
      return null
  }
}

/** Contact#webhook_data. */
function contactWebhookData(contact: ContactRow, base: string, account: AccountRef) {
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

type Sender =
  | { type: 'Contact'; contact: ContactRow }
  | {
      type: 'User'
      user: { id: number; name: string; displayName: string | null; email: string }
      availability: 'online' | 'offline' | 'busy'
    }
  | { type: 'AgentBot'; bot: { id: number; name: string; avatarUrl: string | null } }

async function loadSender(db: Db, message: MessageRow): Promise<Sender | null> {
  const id = message.senderId
  if (!id) return null
  if (message.senderType === 'Contact') {
    const [contact] = await db.select().from(contacts).where(eq(contacts.id, id)).limit(1)
    return contact ? { type: 'Contact', contact } : null
  }
  if (message.senderType === 'User') {
    const user = await userWithAvailability(db, id, message.accountId)
    return user ? { type: 'User', ...user } : null
  }
  const bot = await agentBot(db, id)
  return bot ? { type: 'AgentBot', bot } : null
}

async function userWithAvailability(db: Db, userId: number, accountId: number) {
  const [row] = await db
    .select({
      user: { id: users.id, name: users.name, displayName: users.displayName, email: users.email },
      availability: accountUsers.availability,
    })
    .from(users)
    .leftJoin(
      accountUsers,
      and(eq(accountUsers.userId, users.id), eq(accountUsers.accountId, accountId)),
    )
    .where(eq(users.id, userId))
    .limit(1)
  return row ? { user: row.user, availability: row.availability ?? 'offline' } : undefined
}

async function agentBot(db: Db, botId: number) {
  const [bot] = await db
    .select({ id: agentBots.id, name: agentBots.name, avatarUrl: agentBots.avatarUrl })
    .from(agentBots)
    .where(eq(agentBots.id, botId))
    .limit(1)
  return bot
}

const botPushData = (bot: { id: number; name: string; avatarUrl: string | null }) => ({
  id: bot.id,
  name: bot.name,
  avatar_url: bot.avatarUrl ?? '',
  type: 'agent_bot',
})

/** Message#webhook_data's sender: the sender's webhook_data (a contact's, with its account). */
function senderWebhookData(sender: Sender | null, base: string, account: AccountRef) {
  if (!sender) return null
  if (sender.type === 'Contact') {
    return { ...contactWebhookData(sender.contact, base, account), type: 'contact' }
  }
  if (sender.type === 'User') {
    const { id, name, email } = sender.user
    return { id, name, email, type: 'user' }
  }
  return { id: sender.bot.id, name: sender.bot.name, type: 'agent_bot' }
}

/** Message#push_event_data's sender (messages inside a conversation). */
function senderPushData(sender: Sender | null, base: string) {
  if (!sender) return null
  if (sender.type === 'Contact') return toContactPushData(sender.contact, base)
  if (sender.type === 'User') return toUserPushData(sender.user, sender.availability)
  return botPushData(sender.bot)
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

type PushContext = {
  displayId: number
  assigneeId: number | null
  unreadCount: number
  lastActivityAt: number | null
  sourceId: string | null
}

/** Message#push_event_data: every column, the display id, and a summary of the conversation. */
async function messagePushData(db: Db, base: string, message: MessageRow, cv: PushContext) {
  const files = await attachmentData(db, base, message.id, message.accountId)
  return {
    id: message.id,
    content: message.content,
    account_id: message.accountId,
    inbox_id: message.inboxId,
    conversation_id: cv.displayId,
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
    processed_message_content: message.content,
    sentiment: {},
    conversation: {
      assignee_id: cv.assigneeId,
      unread_count: cv.unreadCount,
      last_activity_at: cv.lastActivityAt,
      contact_inbox: { source_id: cv.sourceId },
    },
    sender: senderPushData(await loadSender(db, message), base),
    ...(message.echoId ? { echo_id: message.echoId } : {}),
    ...(files.length > 0 ? { attachments: files } : {}),
  }
}

/** The assignee's push_event_data: a user of the account or an agent bot. */
async function assigneePushData(db: Db, cv: typeof conversations.$inferSelect) {
  if (!cv.assigneeId) return null
  if (cv.assigneeType === 'AgentBot') {
    const bot = await agentBot(db, cv.assigneeId)
    return bot ? botPushData(bot) : null
  }
  const row = await userWithAvailability(db, cv.assigneeId, cv.accountId)
  return row ? toUserPushData(row.user, row.availability) : null
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
  // `messages` holds the last chat message: never an activity line, never a private note.
  const [lastMessage] = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, cv.id),
        ne(messages.messageType, MESSAGE_TYPE.activity),
        eq(messages.private, false),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(1)
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
        eq(messages.messageType, MESSAGE_TYPE.incoming),
        gt(messages.createdAt, cv.agentLastSeenAt ?? 0),
      ),
    )
  const unreadCount = Math.min(unread?.n ?? 0, 10)
  const pushContext: PushContext = {
    displayId: cv.displayId,
    assigneeId: cv.assigneeId,
    unreadCount,
    lastActivityAt: cv.lastActivityAt,
    sourceId: contactInbox?.sourceId ?? null,
  }
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
    messages: lastMessage ? [await messagePushData(db, base, lastMessage, pushContext)] : [],
    labels: cv.labels,
    meta: {
      sender: toContactPushData(contact, base),
      assignee: await assigneePushData(db, cv),
      assignee_type: cv.assigneeId ? cv.assigneeType : null,
      team: team ?? null,
      hmac_verified: contactInbox?.hmacVerified ?? false,
    },
    status: cv.status,
    custom_attributes: cv.customAttributes,
    snoozed_until: cv.snoozedUntil,
    unread_count: unreadCount,
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

/** Message#webhook_data. */
async function messageWebhookData(db: Db, base: string, messageId: number, account: AccountRef) {
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
    sender: senderWebhookData(await loadSender(db, message), base, account),
    source_id: message.sourceId,
    // Not in Chatwoot 4.10's payload (its PR #15908 adds it): message_updated is mostly about it.
    status: message.status,
    ...(files.length > 0 ? { attachments: files } : {}),
  }
}

/**
 * ContactInbox#webhook_data plus `event_info`: `id` is the contact inbox's, and
 * `current_conversation` is the event's conversation or else the contact inbox's latest.
 */
async function webwidgetData(db: Db, base: string, event: EventRow, account: AccountRef) {
  if (!event.contactId || !event.inboxId) return null
  const [contact] = await db
    .select()
    .from(contacts)
    .where(eq(contacts.id, event.contactId))
    .limit(1)
  const [inbox] = await db
    .select({ id: inboxes.id, name: inboxes.name })
    .from(inboxes)
    .where(eq(inboxes.id, event.inboxId))
    .limit(1)
  if (!contact || !inbox) return null
  const sourceId = typeof event.data.source_id === 'string' ? event.data.source_id : null
  const [contactInbox] = await db
    .select({ id: contactInboxes.id, sourceId: contactInboxes.sourceId })
    .from(contactInboxes)
    .where(
      and(
        eq(contactInboxes.inboxId, inbox.id),
        sourceId ? eq(contactInboxes.sourceId, sourceId) : eq(contactInboxes.contactId, contact.id),
      ),
    )
    .orderBy(asc(contactInboxes.id))
    .limit(1)
  let conversationId = event.conversationId
  if (!conversationId && contactInbox) {
    const [latest] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.contactInboxId, contactInbox.id))
      .orderBy(desc(conversations.id))
      .limit(1)
    conversationId = latest?.id ?? null
  }
  return {
    id: contactInbox?.id ?? null,
    contact: contactWebhookData(contact, base, account),
    inbox,
    account,
    current_conversation: conversationId
      ? await conversationWebhookData(db, base, conversationId)
      : null,
    source_id: contactInbox?.sourceId ?? sourceId,
    event_info: (event.data.event_info as Json | undefined) ?? {},
  }
}

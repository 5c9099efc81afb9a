import { and, asc, desc, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import {
  accounts,
  contactInboxes,
  contacts,
  conversations,
  type events,
  inboxes,
  messages,
} from '../db/schema'
import { isoFromSeconds } from '../lib/time'
import type {
  MessageWebhookData,
  WebhookPayload,
  WebwidgetWebhookData,
} from '../schemas/webhook-payloads'
import { conversationWebhookData } from './conversation-payload'
import {
  type AccountRef,
  attachmentData,
  contactWebhookData,
  loadSender,
  senderWebhookData,
} from './payload-people'

type EventRow = typeof events.$inferSelect

const MESSAGE_TYPES = ['incoming', 'outgoing', 'activity', 'template'] as const

/**
 * Renders an event's Chatwoot webhook payload from D1 (reference §7.3): the `event` key merged at
 * the top level, message_type as a string, changed_attributes as single-key objects.
 * Returns null when the subject no longer exists (then nothing is delivered).
 *
 * Every part is typed by its schema in `worker/schemas/webhook-payloads.ts` (which also documents
 * the payloads in /openapi.json), so a field the schema lacks or types otherwise fails to compile;
 * the tests parse each delivered body with its schema. Nothing is parsed here at run time: the
 * types already hold, and the consumer's time goes to D1.
 */
export async function renderEventPayload(
  db: Db,
  env: Env,
  event: EventRow,
): Promise<WebhookPayload | null> {
  const base = env.PUBLIC_BASE_URL || 'http://localhost'
  // Read alongside the subject's own first read, not before it.
  const accountRead = accountOf(db, event.accountId)
  // A kind rendered without it still must not leave its failure unhandled.
  accountRead.catch(() => undefined)
  const changed_attributes = event.changedAttributes
  switch (event.kind) {
    case 'contact_created':
    case 'contact_updated': {
      if (!event.contactId) return null
      const [account, [contact]] = await Promise.all([
        accountRead,
        db.select().from(contacts).where(eq(contacts.id, event.contactId)).limit(1),
      ])
      if (!account || !contact) return null
      const body = contactWebhookData(contact, base, account)
      return event.kind === 'contact_created'
        ? { ...body, event: event.kind }
        : { ...body, changed_attributes, event: event.kind }
    }
    case 'message_created':
    case 'message_updated': {
      if (!event.messageId) return null
      const body = await messageWebhookData(db, base, event.messageId, accountRead)
      return body ? { ...body, event: event.kind } : null
    }
    case 'conversation_created':
    case 'conversation_updated':
    case 'conversation_status_changed': {
      if (!event.conversationId) return null
      const [account, body] = await Promise.all([
        accountRead,
        conversationWebhookData(db, base, event.conversationId),
      ])
      if (!account || !body) return null
      return event.kind === 'conversation_created'
        ? { ...body, event: event.kind }
        : { ...body, changed_attributes, event: event.kind }
    }
    case 'webwidget_triggered': {
      const account = await accountRead
      if (!account) return null
      const body = await webwidgetData(db, base, event, account)
      return body ? { ...body, event: event.kind } : null
    }
    default:
      return null
  }
}

/** The account's reference in payloads. */
async function accountOf(db: Db, accountId: number): Promise<AccountRef | undefined> {
  const [account] = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1)
  return account
}

/** Message#webhook_data. */
async function messageWebhookData(
  db: Db,
  base: string,
  messageId: number,
  accountRead: Promise<AccountRef | undefined>,
): Promise<MessageWebhookData | null> {
  const [account, [row]] = await Promise.all([
    accountRead,
    db
      .select({ message: messages, inbox: { id: inboxes.id, name: inboxes.name } })
      .from(messages)
      .innerJoin(inboxes, eq(inboxes.id, messages.inboxId))
      .where(eq(messages.id, messageId))
      .limit(1),
  ])
  if (!account || !row) return null
  const { message, inbox } = row
  const [conversation, files, sender] = await Promise.all([
    conversationWebhookData(db, base, message.conversationId),
    attachmentData(db, base, message.id, message.accountId),
    loadSender(db, message),
  ])
  if (!conversation) return null
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
    sender: senderWebhookData(sender, base, account),
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
async function webwidgetData(
  db: Db,
  base: string,
  event: EventRow,
  account: AccountRef,
): Promise<WebwidgetWebhookData | null> {
  if (!event.contactId || !event.inboxId) return null
  const [[contact], [inbox]] = await Promise.all([
    db.select().from(contacts).where(eq(contacts.id, event.contactId)).limit(1),
    db
      .select({ id: inboxes.id, name: inboxes.name })
      .from(inboxes)
      .where(eq(inboxes.id, event.inboxId))
      .limit(1),
  ])
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
    event_info: (event.data.event_info as Record<string, unknown> | undefined) ?? {},
  }
}

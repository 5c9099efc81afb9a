/** Queries of the public client API: what one visitor (a contact inbox) may reach. */
import { and, asc, desc, eq, inArray, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { accounts, contactInboxes, contacts, conversations, inboxes, messages } from '../schema'
import type { ContactInboxRow } from './contact-inboxes'
import type { ContactRow } from './contacts'
import type { ConversationRow } from './conversations'
import { assembleMessageViews, MESSAGE_TYPE, messagesWithSendersStatement } from './messages'

/** Conversations a visitor sees in the widget or a custom chat UI; the newest this many. */
export const VISITOR_CONVERSATION_LIMIT = 20
/** Messages per page, and per conversation in conversation JSON. */
export const VISITOR_MESSAGE_PAGE = 20

type Visitor = Pick<ContactInboxRow, 'id' | 'accountId' | 'contactId' | 'hmacVerified'>

/** An inbox by its public identifier, with its account's locale and status. */
export async function findPublicInbox(db: Db, identifier: string) {
  const [row] = await db
    .select({ inbox: inboxes, locale: accounts.locale, accountStatus: accounts.status })
    .from(inboxes)
    .innerJoin(accounts, eq(accounts.id, inboxes.accountId))
    .where(eq(inboxes.identifier, identifier))
    .limit(1)
  return row
}

export async function findContactInboxWithContact(db: Db, inboxId: number, sourceId: string) {
  const [row] = await db
    .select({ contactInbox: contactInboxes, contact: contacts })
    .from(contactInboxes)
    .innerJoin(contacts, eq(contacts.id, contactInboxes.contactId))
    .where(and(eq(contactInboxes.inboxId, inboxId), eq(contactInboxes.sourceId, sourceId)))
    .limit(1)
  return row
}

/**
 * The conversations of this visitor: its contact inbox's, and once its identity is verified
 * (hmac_verified) those of every verified contact inbox of the same contact. A contact inbox's
 * conversations always carry its contact, so the contact index finds them.
 */
function ofVisitor(visitor: Visitor) {
  const verifiedInboxes = sql`(select id from contact_inboxes where contact_id = ${visitor.contactId} and hmac_verified = 1)`
  const inboxes = visitor.hmacVerified
    ? sql`${conversations.contactInboxId} in ${verifiedInboxes}`
    : eq(conversations.contactInboxId, visitor.id)
  return and(
    eq(conversations.accountId, visitor.accountId),
    eq(conversations.contactId, visitor.contactId),
    inboxes,
  )
}

export async function findVisitorConversation(db: Db, visitor: Visitor, displayId: number) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(ofVisitor(visitor), eq(conversations.displayId, displayId)))
    .limit(1)
  return row
}

/** The ids of the visitor's newest conversations. */
export const visitorConversationIds = (db: Db, visitor: Visitor) =>
  db
    .select({ id: conversations.id })
    .from(conversations)
    .where(ofVisitor(visitor))
    .orderBy(desc(conversations.id))
    .limit(VISITOR_CONVERSATION_LIMIT)

/** The newest conversation of the contact inbox itself, or its newest one not yet resolved. */
export async function latestConversationOf(db: Db, contactInbox: Visitor, ongoing = false) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.contactId, contactInbox.contactId),
        eq(conversations.contactInboxId, contactInbox.id),
        ongoing ? ne(conversations.status, 'resolved') : undefined,
      ),
    )
    .orderBy(desc(conversations.id))
    .limit(1)
  return row
}

/** What a visitor may see of a conversation's messages: no private notes, no activity lines. */
const visibleToVisitor = and(
  eq(messages.private, false),
  ne(messages.messageType, MESSAGE_TYPE.activity),
)

/**
 * Conversations (oldest first) with the newest visible messages of each, in one round trip.
 * `ids` selects the conversations: a select builder or a parenthesized subquery.
 */
export async function loadVisitorConversations(
  db: Db,
  ids: SQL | ReturnType<typeof visitorConversationIds>,
) {
  const ranked = sql`select ${messages.id} as id, row_number() over (partition by ${messages.conversationId} order by ${messages.id} desc) as rn from ${messages} where ${messages.conversationId} in ${ids} and ${visibleToVisitor}`
  const newest = sql`(select id from (${ranked}) where rn <= ${VISITOR_MESSAGE_PAGE})`
  const [rows, messageRows] = await db.batch([
    db
      .select()
      .from(conversations)
      .where(sql`${conversations.id} in ${ids}`)
      .orderBy(asc(conversations.id)),
    messagesWithSendersStatement(db, sql`${messages.id} in ${newest}`).orderBy(asc(messages.id)),
  ])
  const views = assembleMessageViews(messageRows)
  return (rows as ConversationRow[]).map((conversation) => ({
    conversation,
    messages: views.filter((v) => v.message.conversationId === conversation.id),
  }))
}

/** A page of the messages a visitor sees, oldest first: the newest 20, or 20 before `before`. */
export async function listVisitorMessages(db: Db, conversationId: number, before?: number) {
  const page = db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        visibleToVisitor,
        before === undefined ? undefined : lt(messages.id, before),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(VISITOR_MESSAGE_PAGE)
  const [rows] = await db.batch([
    messagesWithSendersStatement(db, sql`${messages.id} in ${page}`).orderBy(asc(messages.id)),
  ])
  return assembleMessageViews(rows)
}

/**
 * The visitor has read the conversation: contact_last_seen_at moves (updated_at does not) and
 * the replies sent before now are read.
 */
export async function markSeenByContact(
  db: Db,
  accountId: number,
  conversationId: number,
  now: number,
) {
  await db.batch([
    db
      .update(conversations)
      .set({ contactLastSeenAt: now })
      .where(and(eq(conversations.accountId, accountId), eq(conversations.id, conversationId))),
    db
      .update(messages)
      .set({ status: 'read', updatedAt: now })
      .where(
        and(
          eq(messages.accountId, accountId),
          eq(messages.conversationId, conversationId),
          inArray(messages.messageType, [MESSAGE_TYPE.outgoing, MESSAGE_TYPE.template]),
          eq(messages.private, false),
          inArray(messages.status, ['sent', 'delivered']),
          lte(messages.createdAt, now),
        ),
      ),
  ])
}

/** Contacts of the account holding any of these values (the caller picks by precedence). */
export function findContactsByKeys(
  db: Db,
  accountId: number,
  keys: { identifier?: string | null; email?: string | null; phoneNumber?: string | null },
): Promise<ContactRow[]> {
  const conditions = [
    keys.identifier ? eq(contacts.identifier, keys.identifier) : undefined,
    keys.email ? eq(contacts.email, keys.email) : undefined,
    keys.phoneNumber ? eq(contacts.phoneNumber, keys.phoneNumber) : undefined,
  ].filter((c) => c !== undefined)
  if (conditions.length === 0) return Promise.resolve([])
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), or(...conditions)))
    .limit(3)
}

export function markVerifiedStatement(db: Db, contactInboxId: number) {
  return db
    .update(contactInboxes)
    .set({ hmacVerified: true })
    .where(eq(contactInboxes.id, contactInboxId))
}

/**
 * A verified visitor turns out to be another contact: its contact inbox and that inbox's
 * conversations move to that contact, so the two stay together.
 */
export function repointContactInboxStatements(
  db: Db,
  contactInbox: Pick<ContactInboxRow, 'id' | 'contactId'>,
  contactId: number,
) {
  return [
    db
      .update(contactInboxes)
      .set({ contactId, hmacVerified: true })
      .where(eq(contactInboxes.id, contactInbox.id)),
    db
      .update(conversations)
      .set({ contactId })
      .where(
        and(
          eq(conversations.contactId, contactInbox.contactId),
          eq(conversations.contactInboxId, contactInbox.id),
        ),
      ),
  ] as const
}

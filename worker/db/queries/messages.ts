import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  lt,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm'
import type { SQLiteColumn, SQLiteInsertValue, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { nowSeconds } from '../../lib/time'
import type { Db } from '../client'
import { keysOf, packedListSubquery, packedRow, packedSubquery, rowOrNull } from '../columns'
import {
  accountUsers,
  agentBots,
  attachments,
  contacts,
  conversations,
  messages,
  users,
} from '../schema'
import { fromTemplate, param } from '../templates'
import { type AttachmentRow, attachmentsOfMessagesStatement } from './attachments'
import { effectiveAvailabilitySql } from './presence'

export type MessageRow = typeof messages.$inferSelect
/** The contact columns a message's sender shows (see toContactPushData). */
export const SENDER_CONTACT_KEYS = [
  'id',
  'name',
  'email',
  'phoneNumber',
  'identifier',
  'avatarKey',
  'blocked',
  'additionalAttributes',
  'customAttributes',
] as const
export type SenderContact = Pick<typeof contacts.$inferSelect, (typeof SENDER_CONTACT_KEYS)[number]>
const SENDER_BOT_KEYS = ['id', 'name', 'avatarUrl'] as const
const SENDER_USER_KEYS = ['id', 'name', 'displayName'] as const
type SenderBot = Pick<typeof agentBots.$inferSelect, (typeof SENDER_BOT_KEYS)[number]>

/** Chatwoot's message_type enum. */
export const MESSAGE_TYPE = { incoming: 0, outgoing: 1, activity: 2, template: 3 } as const
export type MessageTypeName = keyof typeof MESSAGE_TYPE

export type MessageSender =
  | {
      type: 'User'
      user: { id: number; name: string; displayName: string | null }
      availability: 'online' | 'offline' | 'busy'
    }
  | { type: 'Contact'; contact: SenderContact }
  | { type: 'AgentBot'; bot: SenderBot }

/** A message with what its JSON needs: the conversation's display id, sender and attachments. */
export type MessageView = {
  message: MessageRow
  displayId: number
  sender: MessageSender | null
  attachments: AttachmentRow[]
}

export function insertMessageStatement(db: Db, values: SQLiteInsertValue<typeof messages>) {
  return db.insert(messages).values(values).returning()
}

export function updateMessageStatement(
  db: Db,
  id: number,
  values: Partial<typeof messages.$inferInsert>,
) {
  return db
    .update(messages)
    .set({ ...values, updatedAt: nowSeconds() })
    .where(eq(messages.id, id))
    .returning()
}

/**
 * The id of the newest non-activity message of a conversation. A batch that inserts one message
 * (and possibly activity lines after it) names that message with this before it can know its id.
 */
export function lastNonActivityMessageId(conversationId: number | SQLWrapper) {
  return sql`(select max(id) from messages where conversation_id = ${conversationId} and message_type <> ${MESSAGE_TYPE.activity})`
}

/**
 * The row whose `id` column is the sender of the message `source` names (a messages alias) and
 * of this type; none for other senders.
 */
const isSender = (type: NonNullable<MessageRow['senderType']>, id: SQLiteColumn, source: string) =>
  sql`${sql.raw(`"${source}"."sender_type"`)} = ${sql.raw(`'${type}'`)} and ${id} = ${sql.raw(`"${source}"."sender_id"`)}`

/**
 * The fields of the message `source` names (`messages`, or an alias of it in a join) with its
 * sender and, unless false, its attachments packed in; `prefix` keeps their column names apart
 * from other messages' in the same row. Give a row of them to `messageViewOf`.
 */
export function messageFields(db: Db, source: string, prefix: string, withAttachments = true) {
  const column = (name: string) => sql.raw(`"${source}"."${name}"`)
  const sender = <T extends SQLiteTable, K extends keyof T['$inferSelect'] & string>(
    table: T,
    name: string,
    keys: readonly K[],
    type: NonNullable<MessageRow['senderType']>,
    id: SQLiteColumn,
  ) => packedSubquery(db, table, `${prefix}_${name}`, keys, isSender(type, id, source))
  return {
    message: packedRow(db, messages, prefix, keysOf(messages), source),
    user: sender(users, 'user', SENDER_USER_KEYS, 'User', users.id),
    availability: sql<
      'online' | 'offline' | 'busy' | null
    >`(select ${effectiveAvailabilitySql()} from ${accountUsers} where ${isSender('User', accountUsers.userId, source)} and ${accountUsers.accountId} = ${column('account_id')})`.as(
      `${prefix}_availability`,
    ),
    contact: sender(contacts, 'contact', SENDER_CONTACT_KEYS, 'Contact', contacts.id),
    bot: sender(agentBots, 'bot', SENDER_BOT_KEYS, 'AgentBot', agentBots.id),
    ...(withAttachments
      ? {
          attachments: packedListSubquery(
            attachments,
            `${prefix}_attachments`,
            keysOf(attachments),
            sql`${attachments.messageId} = ${column('id')}`,
          ),
        }
      : {}),
  }
}

/**
 * Messages with their senders and attachments, for the messages `where` selects. `attachments`
 * false leaves the attachments to a statement of their own (see `messageStatements`).
 */
export function messagesWithSendersStatement(db: Db, where: SQL | undefined, attachments = true) {
  return db
    .select({
      ...messageFields(db, 'messages', 'm', attachments),
      displayId: sql<number>`${conversations.displayId}`.as('m_display_id'),
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(where)
}

/**
 * The statements of one batch that read the messages `where` selects, in `order`, with their
 * senders and attachments: one, the attachments packed in each row; or with the packing layer
 * off, a second that reads the attachments on their own, as before they were packed. Give their
 * results to `assembleMessageViews`.
 */
export function messageStatements(db: Db, where: SQL | undefined, order: SQL[] = []) {
  if (db.layers.packing) return [messagesWithSendersStatement(db, where).orderBy(...order)] as const
  return [
    messagesWithSendersStatement(db, where, false).orderBy(...order),
    attachmentsOfMessagesStatement(db, db.select({ id: messages.id }).from(messages).where(where)),
  ] as const
}

/** How many statements `messageStatements` makes, known before it makes them. */
export const messageStatementCount = (db: Db) => (db.layers.packing ? 1 : 2)

type SenderRow = Awaited<ReturnType<typeof messagesWithSendersStatement>>[number]
/** A row's `messageFields`: a message that may be absent (a left join that found none). */
export type MessageFieldsRow = Omit<SenderRow, 'displayId' | 'message'> & {
  message: SenderRow['message'] | null
}

/** Attachments by the id of their message. */
function attachmentsByMessage(attachmentRows: AttachmentRow[]) {
  const byMessage = new Map<number, AttachmentRow[]>()
  for (const attachment of attachmentRows) {
    const list = byMessage.get(attachment.messageId)
    if (list) list.push(attachment)
    else byMessage.set(attachment.messageId, [attachment])
  }
  return byMessage
}

/**
 * The view of a row's `messageFields` (null when it has no message); `byMessage` when the
 * attachments were read apart (messageStatements).
 */
export function messageViewOf(
  row: MessageFieldsRow,
  displayId: number,
  byMessage?: Map<number, AttachmentRow[]>,
): MessageView | null {
  const message = rowOrNull(row.message)
  if (!message) return null
  return {
    message,
    displayId,
    sender: senderOf(row),
    attachments: (byMessage ? byMessage.get(message.id) : row.attachments) ?? [],
  }
}

/**
 * Message rows as views, in the order of `rows`; `attachmentRows` when the attachments were
 * read apart (messageStatements).
 */
export function assembleMessageViews(rows: SenderRow[], attachmentRows?: AttachmentRow[]) {
  const byMessage = attachmentRows && attachmentsByMessage(attachmentRows)
  return rows.flatMap((row) => messageViewOf(row, row.displayId, byMessage) ?? [])
}

function senderOf(row: MessageFieldsRow): MessageSender | null {
  const user = rowOrNull(row.user)
  if (user) return { type: 'User', user, availability: row.availability ?? 'offline' }
  const contact = rowOrNull(row.contact)
  if (contact) return { type: 'Contact', contact }
  const bot = rowOrNull(row.bot)
  if (bot) return { type: 'AgentBot', bot }
  return null
}

/**
 * The statement that reads back the view of the message a batch has just inserted into a
 * conversation; put it after the batch's writes.
 */
export function insertedMessageViewStatement(db: Db, conversationId: number) {
  const id = lastNonActivityMessageId(param<number>('conversationId'))
  return fromTemplate(
    db,
    'inserted-message-view',
    () => messagesWithSendersStatement(db, sql`${messages.id} = ${id}`),
    { conversationId },
  )
}

/** Message views by id (at most 100 ids), in ascending id order. */
export async function loadMessageViews(db: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return []
  const where = and(eq(messages.accountId, accountId), inArray(messages.id, ids.slice(0, 100)))
  const [rows] = await db.batch([messagesWithSendersStatement(db, where).orderBy(asc(messages.id))])
  return assembleMessageViews(rows)
}

export type MessageCursor = { before?: number; after?: number }

/**
 * The statements for a conversation's messages (with senders and attachments; see
 * `messageStatements`), oldest first.
 * `cursor` follows Chatwoot's message finder: none → the latest 20; `before` → 20 older;
 * `after` → up to 100 newer; both → up to 1000 in [after, before).
 */
export function conversationMessagesStatements(
  db: Db,
  conversationId: number | SQL,
  cursor: MessageCursor,
) {
  const inConversation = eq(messages.conversationId, conversationId)
  let where: SQL | undefined = inConversation
  let newestFirst = true
  let limit = 20
  if (cursor.after !== undefined && cursor.before !== undefined) {
    where = and(inConversation, gte(messages.id, cursor.after), lt(messages.id, cursor.before))
    newestFirst = false
    limit = 1000
  } else if (cursor.after !== undefined) {
    where = and(inConversation, gt(messages.id, cursor.after))
    newestFirst = false
    limit = 100
  } else if (cursor.before !== undefined) {
    where = and(inConversation, lt(messages.id, cursor.before))
  }
  const page = db
    .select({ id: messages.id })
    .from(messages)
    .where(where)
    .orderBy(newestFirst ? desc(messages.id) : asc(messages.id))
    .limit(limit)
  return messageStatements(db, sql`${messages.id} in ${page}`, [asc(messages.id)])
}

export async function findMessage(db: Db, conversationId: number, id: number) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.id, id)))
    .limit(1)
  return row
}

export async function findMessageByEchoId(db: Db, conversationId: number, echoId: string) {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.echoId, echoId)))
    .limit(1)
  return row
}

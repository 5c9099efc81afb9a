import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  getTableName,
  gt,
  gte,
  inArray,
  lt,
  type SQL,
  sql,
} from 'drizzle-orm'
import { toSnakeCase } from 'drizzle-orm/casing'
import type { SQLiteInsertValue, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { nowSeconds } from '../../lib/time'
import type { Db } from '../client'
import { accountUsers, agentBots, contacts, conversations, messages, users } from '../schema'
import { fromTemplate, param } from '../templates'
import {
  type AttachmentRow,
  attachmentsOfMessageIds,
  attachmentsOfMessagesStatement,
} from './attachments'

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
export function lastNonActivityMessageId(conversationId: number | SQL) {
  return sql`(select max(id) from messages where conversation_id = ${conversationId} and message_type <> ${MESSAGE_TYPE.activity})`
}

/**
 * A table's columns under unique aliases. D1 batches return rows as objects keyed by column
 * name, so joined tables that share names (`id`, `name`, …) must be aliased to keep them apart.
 */
export function aliasedColumns<T extends SQLiteTable>(table: T, prefix: string) {
  return pickedColumns(table, prefix, Object.keys(getTableColumns(table)) as ColumnKey<T>[])
}

type ColumnKey<T extends SQLiteTable> = keyof T['$inferSelect'] & string

const pickedCache = new Map<string, Record<string, SQL.Aliased>>()

/**
 * Some of a table's columns under unique aliases (as `aliasedColumns`): less to read and map.
 * Each column is written as plain SQL text once per isolate, which spares drizzle resolving
 * every column's table and casing again for each query it builds.
 */
export function pickedColumns<T extends SQLiteTable, K extends ColumnKey<T>>(
  table: T,
  prefix: string,
  keys: readonly K[],
) {
  const tableName = getTableName(table)
  const cacheKey = `${tableName}|${prefix}|${keys.join(',')}`
  let picked = pickedCache.get(cacheKey)
  if (!picked) {
    const columns = getTableColumns(table)
    picked = Object.fromEntries(
      keys.map((key) => {
        const column = columns[key] as (typeof columns)[string]
        const name = column.keyAsName ? toSnakeCase(column.name) : column.name
        const text = sql.raw(`"${tableName}"."${name}"`)
        return [key, sql`${text}`.mapWith(column).as(`${prefix}_${key}`)]
      }),
    )
    pickedCache.set(cacheKey, picked)
  }
  return picked as { [P in K]: SQL.Aliased<T['$inferSelect'][P]> }
}

/** A left-joined row that matched nothing comes back with every column null. */
export const present = <T extends { id: unknown }>(row: T | null): T | null =>
  row && row.id !== null ? row : null

/**
 * A message's sender as one JSON array of the columns its JSON shows, or null: one value per
 * row instead of a joined row of every kind of sender, most of it null. A missing sender (a
 * deleted user) is null too.
 */
const senderValues = sql<string | null>`case ${messages.senderType}
  when 'User' then (select json_array(${users.id}, ${users.name}, ${users.displayName}, ${accountUsers.availability}) from ${users} left join ${accountUsers} on ${accountUsers.accountId} = ${messages.accountId} and ${accountUsers.userId} = ${users.id} where ${users.id} = ${messages.senderId})
  when 'Contact' then (select json_array(${contacts.id}, ${contacts.name}, ${contacts.email}, ${contacts.phoneNumber}, ${contacts.identifier}, ${contacts.avatarKey}, ${contacts.blocked}, json(${contacts.additionalAttributes}), json(${contacts.customAttributes})) from ${contacts} where ${contacts.id} = ${messages.senderId})
  when 'AgentBot' then (select json_array(${agentBots.id}, ${agentBots.name}, ${agentBots.avatarUrl}) from ${agentBots} where ${agentBots.id} = ${messages.senderId})
end`

/** Messages with their senders, for the messages `where` selects. */
export function messagesWithSendersStatement(db: Db, where: SQL | undefined) {
  return db
    .select({
      message: aliasedColumns(messages, 'm'),
      displayId: sql<number>`${conversations.displayId}`.as('m_display_id'),
      sender: senderValues.as('m_sender'),
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(where)
}

type SenderRow = Awaited<ReturnType<typeof messagesWithSendersStatement>>[number]

/** Joins message rows and attachment rows into views, in the order of `rows`. */
export function assembleMessageViews(rows: SenderRow[], attachmentRows: AttachmentRow[]) {
  const byMessage = new Map<number, AttachmentRow[]>()
  for (const a of attachmentRows) {
    const list = byMessage.get(a.messageId) ?? []
    list.push(a)
    byMessage.set(a.messageId, list)
  }
  return rows.map(
    (row): MessageView => ({
      message: row.message,
      displayId: row.displayId,
      sender: senderOf(row.message.senderType, row.sender),
      attachments: byMessage.get(row.message.id) ?? [],
    }),
  )
}

type UserValues = [number, string, string | null, 'online' | 'offline' | 'busy' | null]
type ContactValues = [
  number,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  0 | 1,
  SenderContact['additionalAttributes'],
  SenderContact['customAttributes'],
]
type BotValues = [number, string, string | null]

/** The sender of `senderValues`, by the message's sender type. */
function senderOf(type: MessageRow['senderType'], json: string | null): MessageSender | null {
  if (json === null) return null
  if (type === 'User') {
    const [id, name, displayName, availability] = JSON.parse(json) as UserValues
    return { type, user: { id, name, displayName }, availability: availability ?? 'offline' }
  }
  if (type === 'Contact') {
    const [id, name, email, phoneNumber, identifier, avatarKey, blocked, additional, custom] =
      JSON.parse(json) as ContactValues
    const contact: SenderContact = {
      id,
      name,
      email,
      phoneNumber,
      identifier,
      avatarKey,
      blocked: blocked === 1,
      additionalAttributes: additional,
      customAttributes: custom,
    }
    return { type, contact }
  }
  if (type === 'AgentBot') {
    const [id, name, avatarUrl] = JSON.parse(json) as BotValues
    return { type, bot: { id, name, avatarUrl } }
  }
  return null
}

/** Message views by id (at most 100 ids, one batch), in ascending id order. */
/**
 * Statements that read back the view of the message a batch has just inserted into a
 * conversation; put them after the batch's writes.
 */
export function insertedMessageViewStatements(db: Db, conversationId: number) {
  const id = lastNonActivityMessageId(param<number>('conversationId'))
  const values = { conversationId }
  return [
    fromTemplate(
      db,
      'inserted-message-view',
      () => messagesWithSendersStatement(db, sql`${messages.id} = ${id}`),
      values,
    ),
    fromTemplate(
      db,
      'inserted-message-attachments',
      () => attachmentsOfMessagesStatement(db, id),
      values,
    ),
  ] as const
}

export async function loadMessageViews(db: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return []
  const where = and(eq(messages.accountId, accountId), inArray(messages.id, ids.slice(0, 100)))
  const [rows, attachmentRows] = await db.batch([
    messagesWithSendersStatement(db, where).orderBy(asc(messages.id)),
    attachmentsOfMessageIds(db, ids.slice(0, 100)),
  ])
  return assembleMessageViews(rows, attachmentRows)
}

export type MessageCursor = { before?: number; after?: number }

/**
 * Statements for a conversation's messages (with senders, then their attachments), oldest first.
 * `cursor` follows Chatwoot's message finder: none → the latest 20; `before` → 20 older;
 * `after` → up to 100 newer; both → up to 1000 in [after, before). `'all'` → every message.
 */
export function conversationMessagesStatements(
  db: Db,
  conversationId: number | SQL,
  cursor: MessageCursor | 'all',
) {
  const inConversation = eq(messages.conversationId, conversationId)
  if (cursor === 'all') {
    const ids = db.select({ id: messages.id }).from(messages).where(inConversation)
    return [
      messagesWithSendersStatement(db, inConversation).orderBy(asc(messages.id)),
      attachmentsOfMessagesStatement(db, ids),
    ] as const
  }
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
  return [
    messagesWithSendersStatement(db, sql`${messages.id} in ${page}`).orderBy(asc(messages.id)),
    attachmentsOfMessagesStatement(db, page),
  ] as const
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

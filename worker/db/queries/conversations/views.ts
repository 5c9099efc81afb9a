/** Conversation views: the rows, last messages and attachments a conversation's JSON needs. */
import { and, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { alias } from 'drizzle-orm/sqlite-core'
import type { Db } from '../../client'
import { keysOf, packedField, packedRow, rowOrNull } from '../../columns'
import {
  accountUsers,
  agentBots,
  contactInboxes,
  contacts,
  conversations,
  inboxes,
  inboxMembers,
  messages,
  teams,
  users,
} from '../../schema'
import { fromTemplate, param } from '../../templates'
import type { AttachmentRow } from '../attachments'
import type { ConversationView } from '../conversations'
import {
  assembleMessageViews,
  lastNonActivityMessageId,
  MESSAGE_TYPE,
  type MessageView,
  messageFields,
  messageStatementCount,
  messageStatements,
  type messagesWithSendersStatement,
  messageViewOf,
} from '../messages'

/** A conversation by display id, with the agent's membership of its inbox (null when none). */
export function findByDisplayIdStatement(
  db: Db,
  accountId: number,
  displayId: number,
  agentId: number | null,
) {
  return db
    .select({ conversation: conversations, memberId: inboxMembers.userId })
    .from(conversations)
    .leftJoin(
      inboxMembers,
      and(eq(inboxMembers.inboxId, conversations.inboxId), eq(inboxMembers.userId, agentId ?? -1)),
    )
    .where(and(eq(conversations.accountId, accountId), eq(conversations.displayId, displayId)))
    .limit(1)
}

/** `findByDisplayIdStatement` from a template: every conversation route starts with it. */
export function findByDisplayIdTemplate(
  db: Db,
  accountId: number,
  displayId: number,
  agentId: number | null,
) {
  return fromTemplate(
    db,
    'conversation-by-display-id',
    () =>
      findByDisplayIdStatement(
        db,
        param<number>('accountId'),
        param<number>('displayId'),
        param<number>('agentId'),
      ),
    { accountId, displayId, agentId: agentId ?? -1 },
  )
}

export type FoundRow = Awaited<ReturnType<typeof findByDisplayIdStatement>>[number]

export const accessOf = (row: FoundRow | undefined, agentId: number | null) =>
  row && { conversation: row.conversation, visible: agentId === null || row.memberId !== null }

/**
 * The conversations a view reads, as a subquery of their ids (a column named `id`): a page of a
 * list, one conversation, or ids given. Views join it rather than test `id in (…)`, which would
 * copy the ids into a temporary table first (D1 bills those rows read too).
 */
export type ViewSource = SQLWrapper

/** Ids from a JSON array of them (one parameter however many). */
const idsFromJson = (json: string) => sql`(select value as id from json_each(${json}))`

/** A conversation's newest `limit` messages' ids, for its details. */
export function detailMessageIds(conversationId: SQLWrapper, limit: number) {
  return sql`(select m.id from messages m where m.conversation_id = ${conversationId} order by m.id desc limit ${sql.raw(String(limit))})`
}

const ACTIVITY = sql.raw(String(MESSAGE_TYPE.activity))
/** The newest message of the conversation `id` names. */
const latestMessageId = (id: SQLWrapper) =>
  sql`(select max(x.id) from messages x where x.conversation_id = ${id})`

/** The conversation's assignee id when the assignee is of `type`, else null. */
const assigneeOfType = (type: 'User' | 'AgentBot') =>
  sql`case when ${conversations.assigneeType} = ${sql.raw(`'${type}'`)} then ${conversations.assigneeId} end`

const lastMessage = alias(messages, 'lm')
const lastSaidMessage = alias(messages, 'ls')

/** What a conversation's JSON shows of its inbox, contact inbox and bot assignee. */
export const VIEW_INBOX_KEYS = ['id', 'channelType'] as const
// optedOutAt and lastInboundAt: whether a phone conversation may be answered now (can_reply).
export const VIEW_CONTACT_INBOX_KEYS = [
  'id',
  'sourceId',
  'hmacVerified',
  'optedOutAt',
  'lastInboundAt',
] as const
export const VIEW_ASSIGNEE_KEYS = [
  'id',
  'name',
  'displayName',
  'email',
  'customAttributes',
] as const
export const VIEW_MEMBERSHIP_KEYS = [
  'id',
  'accountId',
  'availability',
  'autoOffline',
  'connected',
  'role',
] as const
export const VIEW_BOT_KEYS = ['id', 'name', 'description', 'avatarUrl', 'outgoingUrl'] as const

/** What a view's row reads besides its last messages. */
function viewFields(db: Db) {
  return {
    conversation: packedRow(db, conversations, 'cv', keysOf(conversations)),
    contact: packedRow(db, contacts, 'ct', keysOf(contacts)),
    inbox: packedRow(db, inboxes, 'ib', VIEW_INBOX_KEYS),
    contactInbox: packedField(db, contactInboxes, 'ci', VIEW_CONTACT_INBOX_KEYS),
    assignee: packedField(db, users, 'us', VIEW_ASSIGNEE_KEYS),
    membership: packedField(db, accountUsers, 'au', VIEW_MEMBERSHIP_KEYS),
    assigneeBot: packedField(db, agentBots, 'ab', VIEW_BOT_KEYS),
    team: packedField(db, teams, 'tm', keysOf(teams)),
    // The literal type (not a parameter) lets SQLite use the partial index.
    unreadCount:
      sql<number>`(select count(*) from (select 1 from messages m where m.conversation_id = ${conversations.id} and m.message_type = ${sql.raw(String(MESSAGE_TYPE.incoming))} and m.created_at > coalesce(${conversations.agentLastSeenAt}, 0) limit 10))`.as(
        'unread_count',
      ),
  }
}

/** `viewFields` with the last message and the last one said, packed. */
const viewFieldsWithLast = (db: Db) => ({
  ...viewFields(db),
  last: messageFields(db, 'lm', 'lm'),
  said: messageFields(db, 'ls', 'ls'),
})

/**
 * The rows of conversation views, joined, for the conversations `source` selects, with their
 * last message and, when that is an activity line, their last message that is not (`said`).
 * Each costs a lookup by id; the unread count walks only unread incoming messages
 * (messages_unread_idx), at most ten. With the packing layer off, the messages' columns one by
 * one would pass D1's 100 columns of a result: `viewStatements` reads them apart then.
 */
export function conversationRowsStatement(db: Db, accountId: number, source: ViewSource) {
  const fields = db.layers.packing ? viewFieldsWithLast(db) : viewFields(db)
  return (
    db
      .select(fields as ReturnType<typeof viewFieldsWithLast>)
      .from(conversations)
      .innerJoin(sql`${source} src`, sql`src.id = ${conversations.id}`)
      .innerJoin(contacts, eq(contacts.id, conversations.contactId))
      .innerJoin(inboxes, eq(inboxes.id, conversations.inboxId))
      .leftJoin(contactInboxes, eq(contactInboxes.id, conversations.contactInboxId))
      // An assignee's id is looked up only in its own table (a bot id probed in users, or a
      // user's in agent_bots, would cost a row read for nothing).
      .leftJoin(users, eq(users.id, assigneeOfType('User')))
      .leftJoin(
        accountUsers,
        and(eq(accountUsers.accountId, conversations.accountId), eq(accountUsers.userId, users.id)),
      )
      .leftJoin(agentBots, eq(agentBots.id, assigneeOfType('AgentBot')))
      .leftJoin(
        teams,
        and(eq(teams.accountId, conversations.accountId), eq(teams.id, conversations.teamId)),
      )
      .leftJoin(lastMessage, sql`${lastMessage.id} = ${latestMessageId(conversations.id)}`)
      // Read only when the last message is an activity line: otherwise it is the one said too.
      .leftJoin(
        lastSaidMessage,
        sql`${lastSaidMessage.id} = case when ${lastMessage.messageType} = ${ACTIVITY} then ${lastNonActivityMessageId(conversations.id)} end`,
      )
      // `+` keeps the account check off the indexes: the rows come by id, never by a scan.
      .where(sql`+${conversations.accountId} = ${accountId}`)
  )
}

/**
 * The statements that load views of the conversations `source` selects, for one batch: the
 * rows with their last messages; with the packing layer off, the rows, then the last messages'
 * `messageStatements`.
 */
export function viewStatements(db: Db, accountId: number, source: ViewSource, order: SQL[]) {
  const rows = conversationRowsStatement(db, accountId, source).orderBy(...order)
  if (db.layers.packing) return [rows] as const
  const lastIds = sql`(select x.id from ${source} src cross join messages x where x.id = ${latestMessageId(sql`src.id`)} or x.id = ${lastNonActivityMessageId(sql`src.id`)})`
  return [rows, ...messageStatements(db, sql`${messages.id} in ${lastIds}`)] as const
}

/** How many statements `viewStatements` makes, known before it makes them. */
export const viewStatementCount = (db: Db) =>
  db.layers.packing ? 1 : 1 + messageStatementCount(db)

/** The results of `messageStatements`. */
export type MessageResults = readonly [
  Awaited<ReturnType<typeof messagesWithSendersStatement>>,
  AttachmentRow[]?,
]
type RowWithLast = Awaited<ReturnType<typeof conversationRowsStatement>>[number]
/** A view's row: its last messages are absent when they were read apart (packing off). */
type ViewRow = Omit<RowWithLast, 'last' | 'said'> & Partial<Pick<RowWithLast, 'last' | 'said'>>
export type ViewResults = readonly [ViewRow[], ...Partial<MessageResults>]

/** `db.batch` of statements whose number is known only when the request runs. */
export const batchOf = (db: Db, statements: readonly unknown[]) =>
  db.batch(statements as [BatchItem<'sqlite'>]) as Promise<unknown[]>

/** Each conversation's last message and last said, from message rows read apart. */
function lastMessagesOf(messageRows: MessageResults[0], attachmentRows?: AttachmentRow[]) {
  const last = new Map<number, MessageView>()
  const said = new Map<number, MessageView>()
  for (const view of assembleMessageViews(messageRows, attachmentRows)) {
    const id = view.message.conversationId
    if ((last.get(id)?.message.id ?? 0) < view.message.id) last.set(id, view)
    const isSaid = view.message.messageType !== MESSAGE_TYPE.activity
    if (isSaid && (said.get(id)?.message.id ?? 0) < view.message.id) said.set(id, view)
  }
  return { last, said }
}

export function assembleViews([
  rows,
  messageRows,
  attachmentRows,
]: ViewResults): ConversationView[] {
  const apart = messageRows && lastMessagesOf(messageRows, attachmentRows)
  return rows.map((row) => {
    const assignee = rowOrNull(row.assignee)
    const membership = rowOrNull(row.membership)
    const { id, displayId } = row.conversation
    const lastMessage = apart
      ? (apart.last.get(id) ?? null)
      : row.last && messageViewOf(row.last, displayId)
    const lastNonActivityMessage = apart
      ? (apart.said.get(id) ?? null)
      : lastMessage && lastMessage.message.messageType !== MESSAGE_TYPE.activity
        ? lastMessage
        : row.said && messageViewOf(row.said, displayId)
    return {
      conversation: row.conversation,
      contact: row.contact,
      inbox: row.inbox,
      contactInbox: rowOrNull(row.contactInbox),
      assignee: assignee && membership ? { user: assignee, membership } : null,
      assigneeBot: rowOrNull(row.assigneeBot),
      team: rowOrNull(row.team),
      unreadCount: Number(row.unreadCount),
      lastMessage: lastMessage ?? null,
      lastNonActivityMessage: lastNonActivityMessage ?? null,
    }
  })
}

/**
 * Views of conversations by table id, in the order given, in one round trip. Other parts (webhook
 * payloads, live frames) render conversations with this and `toConversation`.
 */
export async function loadConversationViews(db: Db, accountId: number, conversationIds: number[]) {
  if (conversationIds.length === 0) return []
  // Every event published renders conversations with this: its statements come from templates.
  const views = Array.from({ length: viewStatementCount(db) }, (_, index) =>
    fromTemplate(
      db,
      `conversation-views:${index}`,
      () => viewStatements(db, param('accountId'), idsFromJson(param('ids')), [])[index]!,
      { accountId, ids: JSON.stringify(conversationIds) },
    ),
  )
  const results = (await batchOf(db, views)) as unknown as ViewResults
  const byId = new Map(assembleViews(results).map((v) => [v.conversation.id, v]))
  return conversationIds.flatMap((id) => byId.get(id) ?? [])
}

/** A contact's latest 20 conversations by activity, limited to `agentId`'s inboxes when set. */
export async function listContactConversations(
  db: Db,
  accountId: number,
  contactId: number,
  agentId: number | null,
) {
  const order = [desc(conversations.lastActivityAt), desc(conversations.id)]
  const ids = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.accountId, accountId),
        eq(conversations.contactId, contactId),
        agentId === null
          ? undefined
          : sql`${conversations.inboxId} in (select inbox_id from inbox_members where account_id = ${accountId} and user_id = ${agentId})`,
      ),
    )
    .orderBy(...order)
    .limit(20)
  const results = await batchOf(db, viewStatements(db, accountId, ids, order))
  return assembleViews(results as unknown as ViewResults)
}

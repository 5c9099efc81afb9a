/** Conversation views: the rows, last messages and attachments a conversation's JSON needs. */
import { and, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
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
  MESSAGE_TYPE,
  type MessageView,
  messageStatementCount,
  messageStatements,
  type messagesWithSendersStatement,
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

/** Ids from a JSON array of them (one parameter however many). */
const idsFromJson = (json: string) => sql`(select value from json_each(${json}))`

/**
 * Ids of the latest message and the latest non-activity message of each selected conversation.
 * Both come from one pass over the selection (`conversationIds` runs once), unpacked to rows.
 */
function lastMessageIds(conversationIds: SQLWrapper) {
  return sql`(select j.value from (select (select max(m.id) from messages m where m.conversation_id = p.id) as latest, (select m.id from messages m where m.conversation_id = p.id and m.message_type <> ${MESSAGE_TYPE.activity} order by m.id desc limit 1) as latest_said from conversations p where p.id in ${conversationIds}) q, json_each(json_array(q.latest, q.latest_said)) j)`
}

/**
 * Ids of the messages the details show, its newest `limit` (all of them up to there), with its
 * last messages (as `lastMessageIds`): the last non-activity one can be older than the window.
 */
export function detailMessageIds(conversationId: SQLWrapper, limit: number) {
  return sql`(select * from ${lastMessageIds(conversationId)} union select id from (select m.id from messages m where m.conversation_id = ${conversationId} order by m.id desc limit ${sql.raw(String(limit))}))`
}

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

/** The rows of conversation views, joined, for the conversations `conversationIds` selects. */
export function conversationRowsStatement(db: Db, accountId: number, conversationIds: SQLWrapper) {
  return db
    .select({
      conversation: packedRow(db, conversations, 'cv', keysOf(conversations)),
      contact: packedRow(db, contacts, 'ct', keysOf(contacts)),
      inbox: packedRow(db, inboxes, 'ib', VIEW_INBOX_KEYS),
      contactInbox: packedField(db, contactInboxes, 'ci', VIEW_CONTACT_INBOX_KEYS),
      assignee: packedField(db, users, 'us', VIEW_ASSIGNEE_KEYS),
      membership: packedField(db, accountUsers, 'au', VIEW_MEMBERSHIP_KEYS),
      assigneeBot: packedField(db, agentBots, 'ab', VIEW_BOT_KEYS),
      team: packedField(db, teams, 'tm', keysOf(teams)),
      unreadCount:
        sql<number>`(select count(*) from (select 1 from messages m where m.conversation_id = ${conversations.id} and m.message_type = ${MESSAGE_TYPE.incoming} and m.created_at > coalesce(${conversations.agentLastSeenAt}, 0) limit 10))`.as(
          'unread_count',
        ),
    })
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .innerJoin(inboxes, eq(inboxes.id, conversations.inboxId))
    .leftJoin(contactInboxes, eq(contactInboxes.id, conversations.contactInboxId))
    .leftJoin(
      users,
      and(eq(conversations.assigneeType, 'User'), eq(users.id, conversations.assigneeId)),
    )
    .leftJoin(
      accountUsers,
      and(eq(accountUsers.accountId, conversations.accountId), eq(accountUsers.userId, users.id)),
    )
    .leftJoin(
      agentBots,
      and(eq(conversations.assigneeType, 'AgentBot'), eq(agentBots.id, conversations.assigneeId)),
    )
    .leftJoin(
      teams,
      and(eq(teams.accountId, conversations.accountId), eq(teams.id, conversations.teamId)),
    )
    .where(
      and(
        sql`${conversations.id} in ${conversationIds}`,
        // `+` keeps the account check off the indexes: the rows come by id, never by a scan.
        sql`+${conversations.accountId} = ${accountId}`,
      ),
    )
}

/**
 * The statements that load views of the selected conversations, for one batch: the rows, then
 * the last messages' `messageStatements`.
 */
export function viewStatements(
  db: Db,
  accountId: number,
  conversationIds: SQLWrapper,
  order: SQL[],
) {
  const lastIds = lastMessageIds(conversationIds)
  return [
    conversationRowsStatement(db, accountId, conversationIds).orderBy(...order),
    ...messageStatements(db, sql`${messages.id} in ${lastIds}`),
  ] as const
}

/** How many statements `viewStatements` makes, known before it makes them. */
export const viewStatementCount = (db: Db) => 1 + messageStatementCount(db)

/** The results of `messageStatements`. */
export type MessageResults = readonly [
  Awaited<ReturnType<typeof messagesWithSendersStatement>>,
  AttachmentRow[]?,
]
export type ViewResults = readonly [
  Awaited<ReturnType<typeof conversationRowsStatement>>,
  ...MessageResults,
]

/** `db.batch` of statements whose number is known only when the request runs. */
export const batchOf = (db: Db, statements: readonly unknown[]) =>
  db.batch(statements as [BatchItem<'sqlite'>]) as Promise<unknown[]>

export function assembleViews([
  rows,
  messageRows,
  attachmentRows,
]: ViewResults): ConversationView[] {
  const lastOf = new Map<number, MessageView>()
  const lastNonActivityOf = new Map<number, MessageView>()
  for (const view of assembleMessageViews(messageRows, attachmentRows)) {
    const id = view.message.conversationId
    if ((lastOf.get(id)?.message.id ?? 0) < view.message.id) lastOf.set(id, view)
    if (
      view.message.messageType !== MESSAGE_TYPE.activity &&
      (lastNonActivityOf.get(id)?.message.id ?? 0) < view.message.id
    ) {
      lastNonActivityOf.set(id, view)
    }
  }
  return rows.map((row) => {
    const assignee = rowOrNull(row.assignee)
    const membership = rowOrNull(row.membership)
    return {
      conversation: row.conversation,
      contact: row.contact,
      inbox: row.inbox,
      contactInbox: rowOrNull(row.contactInbox),
      assignee: assignee && membership ? { user: assignee, membership } : null,
      assigneeBot: rowOrNull(row.assigneeBot),
      team: rowOrNull(row.team),
      unreadCount: Number(row.unreadCount),
      lastMessage: lastOf.get(row.conversation.id) ?? null,
      lastNonActivityMessage: lastNonActivityOf.get(row.conversation.id) ?? null,
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

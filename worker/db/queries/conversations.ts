import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { SQLiteInsertValue } from 'drizzle-orm/sqlite-core'
import { nowSeconds } from '../../lib/time'
import type { Db } from '../client'
import {
  accountUsers,
  agentBots,
  contactInboxes,
  contacts,
  conversationLabels,
  conversations,
  inboxes,
  teams,
  users,
} from '../schema'
import { chunk } from './agents'
import { inboxOfAgent } from './contacts'
import {
  accessOf,
  findByDisplayIdTemplate,
  type VIEW_ASSIGNEE_KEYS,
  type VIEW_BOT_KEYS,
  type VIEW_CONTACT_INBOX_KEYS,
  type VIEW_INBOX_KEYS,
  type VIEW_MEMBERSHIP_KEYS,
} from './conversations/views'
import type { MessageView } from './messages'

export type ConversationRow = typeof conversations.$inferSelect
export type NewConversation = typeof conversations.$inferInsert
export type ConversationStatus = ConversationRow['status']
export type Priority = NonNullable<ConversationRow['priority']>
export type TeamRow = typeof teams.$inferSelect
type UserRow = typeof users.$inferSelect
type AccountUserRow = typeof accountUsers.$inferSelect

/** A conversation with everything its JSON shows (Chatwoot's conversation partial). */
export type ConversationView = {
  conversation: ConversationRow
  contact: typeof contacts.$inferSelect
  inbox: Pick<typeof inboxes.$inferSelect, (typeof VIEW_INBOX_KEYS)[number]>
  contactInbox: Pick<
    typeof contactInboxes.$inferSelect,
    (typeof VIEW_CONTACT_INBOX_KEYS)[number]
  > | null
  assignee: {
    user: Pick<UserRow, (typeof VIEW_ASSIGNEE_KEYS)[number]>
    membership: Pick<AccountUserRow, (typeof VIEW_MEMBERSHIP_KEYS)[number]>
  } | null
  assigneeBot: Pick<typeof agentBots.$inferSelect, (typeof VIEW_BOT_KEYS)[number]> | null
  team: TeamRow | null
  /** Incoming messages after agent_last_seen_at, capped at 10. */
  unreadCount: number
  lastMessage: MessageView | null
  lastNonActivityMessage: MessageView | null
}

/** A conversation by its per-account display id, with whether `agentId` may see it. */
export async function findConversationByDisplayId(
  db: Db,
  accountId: number,
  displayId: number,
  agentId: number | null,
) {
  const [[row]] = await db.batch([findByDisplayIdTemplate(db, accountId, displayId, agentId)])
  return accessOf(row, agentId)
}

/** Inserts a conversation; its display id is allocated inside the statement, so a batch is atomic. */
export function insertConversationStatement(
  db: Db,
  values: Omit<SQLiteInsertValue<typeof conversations>, 'displayId'>,
) {
  const displayId = sql`(select coalesce(max(display_id), 0) + 1 from conversations where account_id = ${values.accountId})`
  return db
    .insert(conversations)
    .values({ ...values, displayId } as SQLiteInsertValue<typeof conversations>)
    .returning()
}

/** The table id of a conversation a batch inserts earlier, named by the uuid it was given. */
export const conversationIdByUuid = (uuid: string) =>
  sql`(select id from conversations where uuid = ${uuid})`

/** The id of a contact inbox a batch inserts earlier, named by its inbox and source id. */
export const contactInboxIdBySource = (inboxId: number, sourceId: string) =>
  sql`(select id from contact_inboxes where inbox_id = ${inboxId} and source_id = ${sourceId})`

export function updateConversationStatement(
  db: Db,
  conversation: Pick<ConversationRow, 'id' | 'accountId'>,
  values: Partial<NewConversation>,
) {
  return db
    .update(conversations)
    .set({ updatedAt: nowSeconds(), ...values })
    .where(
      and(
        eq(conversations.accountId, conversation.accountId),
        eq(conversations.id, conversation.id),
      ),
    )
    .returning()
}

export function deleteConversationStatement(db: Db, accountId: number, id: number) {
  return db
    .delete(conversations)
    .where(and(eq(conversations.accountId, accountId), eq(conversations.id, id)))
}

/**
 * Each conversation of these ids of the account that still exists, with its inbox (deleted
 * ones, and another account's, are absent).
 */
export async function conversationInboxIds(
  db: Db,
  accountId: number,
  conversationIds: readonly number[],
) {
  const pages = await Promise.all(
    chunk(conversationIds).map((ids) =>
      db
        .select({ id: conversations.id, inboxId: conversations.inboxId })
        .from(conversations)
        .where(and(eq(conversations.accountId, accountId), inArray(conversations.id, ids))),
    ),
  )
  return new Map(pages.flat().map((row) => [row.id, row.inboxId]))
}

/** A message from the contact is the contact's latest activity. */
export function touchContactActivityStatement(db: Db, contactId: number, at: number) {
  return db.update(contacts).set({ lastActivityAt: at }).where(eq(contacts.id, contactId))
}

/** Rewrites the label rows of a conversation (the JSON column is updated by the caller). */
/** The conversations of an account that carry a label. */
export function listConversationsWithLabel(db: Db, accountId: number, label: string) {
  return db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.accountId, accountId),
        sql`${conversations.id} in (select conversation_id from conversation_labels where account_id = ${accountId} and label = ${label})`,
      ),
    )
    .orderBy(conversations.id)
}

export function replaceLabelRowsStatements(
  db: Db,
  accountId: number,
  conversationId: number,
  labels: string[],
) {
  // Query builders, not db.run: drizzle's D1 batch cannot bind a raw statement's parameters.
  // (`where true` keeps SQLite from reading the upsert's ON as a join constraint.)
  return [
    db.delete(conversationLabels).where(eq(conversationLabels.conversationId, conversationId)),
    db
      .insert(conversationLabels)
      .select(
        sql`select ${accountId}, ${conversationId}, value from json_each(${JSON.stringify(labels)}) where true`,
      )
      .onConflictDoNothing(),
  ] as const
}

export async function findAccountMember(db: Db, accountId: number, userId: number) {
  const [row] = await db
    .select({ user: users, membership: accountUsers })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId)))
    .limit(1)
  return row
}

export async function findAccountTeam(db: Db, accountId: number, teamId: number) {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.accountId, accountId), eq(teams.id, teamId)))
    .limit(1)
  return row
}

/**
 * A contact inbox of the account by its source id (optionally within one inbox); for an agent
 * only one of its inboxes, as the contact JSON lists them (`inboxOfAgent`).
 */
export async function findAccountContactInbox(
  db: Db,
  accountId: number,
  sourceId: string,
  inboxId: number | undefined,
  agentId: number | null,
) {
  const [row] = await db
    .select({ contactInbox: contactInboxes, inbox: inboxes })
    .from(contactInboxes)
    .innerJoin(inboxes, eq(inboxes.id, contactInboxes.inboxId))
    .where(
      and(
        eq(inboxes.accountId, accountId),
        eq(contactInboxes.sourceId, sourceId),
        inboxId === undefined ? undefined : eq(contactInboxes.inboxId, inboxId),
        inboxOfAgent(db, contactInboxes.inboxId, agentId),
      ),
    )
    .orderBy(contactInboxes.id)
    .limit(1)
  return row
}

export async function latestConversationOfContactInbox(db: Db, contactInboxId: number) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(eq(conversations.contactInboxId, contactInboxId))
    .orderBy(desc(conversations.id))
    .limit(1)
  return row
}

export async function findUserName(db: Db, userId: number) {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId))
  return row?.name
}

export async function findAgentBotName(db: Db, botId: number) {
  const [row] = await db
    .select({ name: agentBots.name })
    .from(agentBots)
    .where(eq(agentBots.id, botId))
  return row?.name
}

export { DETAILS_MESSAGE_LIMIT, loadConversationWithMessages } from './conversations/details'
export type { ConversationCounts, ConversationFilters } from './conversations/list'
export { listConversations } from './conversations/list'
export {
  accountsWithAutoResolve,
  dueSnoozedConversations,
  idleOpenConversations,
} from './conversations/scheduled'
export { type ConversationSort, SORTS } from './conversations/sort-keys'
export { listContactConversations, loadConversationViews } from './conversations/views'

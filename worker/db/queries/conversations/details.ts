/** A conversation's details: the conversation, its view and its messages, in one round trip. */
import { asc, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../client'
import { messages } from '../../schema'
import { fromTemplate, param } from '../../templates'
import {
  assembleMessageViews,
  conversationMessagesStatements,
  type MessageCursor,
  messageStatementCount,
  messageStatements,
} from '../messages'
import {
  accessOf,
  assembleViews,
  batchOf,
  detailMessageIds,
  type FoundRow,
  findByDisplayIdStatement,
  findByDisplayIdTemplate,
  type MessageResults,
  type ViewResults,
  viewStatementCount,
  viewStatements,
} from './views'

/** A conversation's table id by its display id, as a subquery. */
const conversationIdOf = (accountId: number, displayId: number) =>
  sql`(select id from conversations where account_id = ${accountId} and display_id = ${displayId})`
/** That conversation as the views' source (a subquery with a column named `id`). */
const viewSourceOf = (id: SQL) => sql`(select ${id} as id)`

/**
 * How many messages the details carry at most: every message of a conversation up to there,
 * its newest beyond (the messages endpoint pages through the rest). Documented in the OpenAPI.
 */
export const DETAILS_MESSAGE_LIMIT = 1000

/**
 * A conversation by display id with whether `agentId` may see it, its view and its messages
 * (`cursor`, or `'details'`: every message, up to DETAILS_MESSAGE_LIMIT), all in one round
 * trip. The caller checks access before showing anything.
 */
export async function loadConversationWithMessages(
  db: Db,
  accountId: number,
  displayId: number,
  agentId: number | null,
  cursor: MessageCursor | 'details',
) {
  if (cursor === 'details') return loadConversationDetails(db, accountId, displayId, agentId)
  const id = conversationIdOf(accountId, displayId)
  const views = viewStatements(db, accountId, viewSourceOf(id), [])
  const [foundRows, ...results] = await batchOf(db, [
    findByDisplayIdStatement(db, accountId, displayId, agentId),
    ...views,
    ...conversationMessagesStatements(db, id, cursor),
  ])
  const [messageRows, attachmentRows] = results.slice(views.length) as unknown as MessageResults
  return {
    found: accessOf((foundRows as FoundRow[])[0], agentId),
    view: assembleViews(results.slice(0, views.length) as unknown as ViewResults)[0],
    messages: assembleMessageViews(messageRows, attachmentRows),
  }
}

/**
 * The details endpoint's read, from statements built once per isolate: the conversation, its
 * view and its messages oldest first, with their senders and attachments, in one statement that
 * also reads the view's last messages (as the messages endpoint reads a page: no query per
 * message).
 */
async function loadConversationDetails(
  db: Db,
  accountId: number,
  displayId: number,
  agentId: number | null,
) {
  const template = <T extends object>(key: string, build: () => T) =>
    fromTemplate(db, `conversation-details:${key}`, build, { accountId, displayId })
  const account = param<number>('accountId')
  const id = conversationIdOf(account, param<number>('displayId'))
  const shown = sql`${messages.id} in ${detailMessageIds(id, DETAILS_MESSAGE_LIMIT)}`
  const source = viewSourceOf(id)
  const viewTemplates = Array.from({ length: viewStatementCount(db) }, (_, i) =>
    template(`view-${i}`, () => viewStatements(db, account, source, [])[i]!),
  )
  const messageTemplates = Array.from({ length: messageStatementCount(db) }, (_, i) =>
    template(`messages-${i}`, () => messageStatements(db, shown, [asc(messages.id)])[i]!),
  )
  const [foundRows, ...results] = await batchOf(db, [
    findByDisplayIdTemplate(db, accountId, displayId, agentId),
    ...viewTemplates,
    ...messageTemplates,
  ])
  const viewResults = results.slice(0, viewTemplates.length) as unknown as ViewResults
  const [messageRows, attachmentRows] = results.slice(
    viewTemplates.length,
  ) as unknown as MessageResults
  return {
    found: accessOf((foundRows as FoundRow[])[0], agentId),
    view: assembleViews(viewResults)[0],
    messages: assembleMessageViews(messageRows, attachmentRows),
  }
}

/** A conversation's details: the conversation, its view and its messages, in one round trip. */
import { sql } from 'drizzle-orm'
import type { Db } from '../../client'
import { fromTemplate, param } from '../../templates'
import {
  assembleMessageViews,
  conversationMessagesStatements,
  type MessageCursor,
  messageStatementCount,
} from '../messages'
import {
  accessOf,
  assembleViews,
  batchOf,
  conversationRowsStatement,
  type FoundRow,
  findByDisplayIdStatement,
  findByDisplayIdTemplate,
  type MessageResults,
  type ViewResults,
  viewStatements,
} from './views'

/** A conversation's table id by its display id, as a subquery. */
const conversationIdOf = (accountId: number, displayId: number) =>
  sql`(select id from conversations where account_id = ${accountId} and display_id = ${displayId})`

/**
 * A conversation by display id with whether `agentId` may see it, its view and its messages
 * (`cursor`, or every message), all in one round trip. The caller checks access before showing
 * anything.
 */
export async function loadConversationWithMessages(
  db: Db,
  accountId: number,
  displayId: number,
  agentId: number | null,
  cursor: MessageCursor | 'all',
) {
  if (cursor === 'all') return loadConversationWithAllMessages(db, accountId, displayId, agentId)
  const id = conversationIdOf(accountId, displayId)
  const views = viewStatements(db, accountId, id, [])
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
 * The details endpoint's read: the conversation, its view and every message, from statements
 * built once per isolate. The last messages come from the messages read anyway.
 */
async function loadConversationWithAllMessages(
  db: Db,
  accountId: number,
  displayId: number,
  agentId: number | null,
) {
  const template = <T extends object>(key: string, build: () => T) =>
    fromTemplate(db, `conversation-details:${key}`, build, { accountId, displayId })
  const account = param<number>('accountId')
  const id = conversationIdOf(account, param<number>('displayId'))
  const messageTemplates = Array.from({ length: messageStatementCount(db) }, (_, i) =>
    template(`messages-${i}`, () => conversationMessagesStatements(db, id, 'all')[i]!),
  )
  const [foundRows, rows, ...messageResults] = await batchOf(db, [
    findByDisplayIdTemplate(db, accountId, displayId, agentId),
    template('rows', () => conversationRowsStatement(db, account, id)),
    ...messageTemplates,
  ])
  const [messageRows, attachmentRows] = messageResults as unknown as MessageResults
  return {
    found: accessOf((foundRows as FoundRow[])[0], agentId),
    view: assembleViews([rows, messageRows, attachmentRows] as ViewResults)[0],
    messages: assembleMessageViews(messageRows, attachmentRows),
  }
}

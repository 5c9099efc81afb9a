/** A conversation's details: the conversation, its view and its messages, in one round trip. */
import { sql } from 'drizzle-orm'
import type { Db } from '../../client'
import { messages } from '../../schema'
import { fromTemplate, param } from '../../templates'
import {
  assembleMessageViews,
  conversationMessagesStatements,
  type MessageCursor,
  type MessageView,
  messageStatementCount,
  messageStatements,
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
  shownMessageIds,
  type ViewResults,
  viewStatements,
} from './views'

/** A conversation's table id by its display id, as a subquery. */
const conversationIdOf = (accountId: number, displayId: number) =>
  sql`(select id from conversations where account_id = ${accountId} and display_id = ${displayId})`

/**
 * A conversation by display id with whether `agentId` may see it, its view and its messages
 * (`cursor`, or `'unread'`: the details' unread messages), all in one round trip. The caller
 * checks access before showing anything.
 */
export async function loadConversationWithMessages(
  db: Db,
  accountId: number,
  displayId: number,
  agentId: number | null,
  cursor: MessageCursor | 'unread',
) {
  if (cursor === 'unread') return loadConversationDetails(db, accountId, displayId, agentId)
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
 * The details endpoint's read, from statements built once per isolate: the conversation, its
 * view, and the unread among its ten newest messages (Chatwoot's `unread_messages.last(10)`),
 * read with its last messages in one statement.
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
  const messageTemplates = Array.from({ length: messageStatementCount(db) }, (_, i) =>
    template(
      `shown-messages-${i}`,
      () => messageStatements(db, sql`${messages.id} in ${shownMessageIds(id)}`)[i]!,
    ),
  )
  const [foundRows, rows, ...messageResults] = await batchOf(db, [
    findByDisplayIdTemplate(db, accountId, displayId, agentId),
    template('rows', () => conversationRowsStatement(db, account, id)),
    ...messageTemplates,
  ])
  const [messageRows, attachmentRows] = messageResults as unknown as MessageResults
  const view = assembleViews([rows, messageRows, attachmentRows] as ViewResults)[0]
  const seenAt = view?.conversation.agentLastSeenAt ?? 0
  const unread = assembleMessageViews(messageRows, attachmentRows).filter(
    (m: MessageView) => m.message.createdAt > seenAt,
  )
  return { found: accessOf((foundRows as FoundRow[])[0], agentId), view, messages: unread }
}

import type { SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import type { ConversationRow } from '../db/queries/conversations'
import {
  type ReportingEvent,
  reassignConversationCreatedStatements,
  recordReportingEventsStatements,
} from '../db/queries/reporting-events'
import { MESSAGE_REPORTING_RULES, type ReportedMessage, reportMessage } from './message-reporting'

/**
 * What each change reports, following Chatwoot's definitions: a conversation counts where it
 * was created, for the agent and team holding it now; first response runs from the
 * conversation's creation to its first outgoing non-private message by an agent; reply time from
 * the visitor's waiting message to the agent reply that ends the wait; resolution from creation
 * to resolved. The statements go into the batch of the change itself.
 */

type ConversationFacts = Pick<
  ConversationRow,
  'accountId' | 'inboxId' | 'assigneeId' | 'teamId' | 'createdAt'
> & { id: number | SQL }

const base = (c: ConversationFacts) => ({
  accountId: c.accountId,
  conversationId: c.id,
  inboxId: c.inboxId,
  teamId: c.teamId,
})

export function conversationCreatedReport(db: Db, conversation: ConversationFacts) {
  return recordReportingEventsStatements(db, [
    {
      ...base(conversation),
      name: 'conversation_created',
      value: null,
      userId: conversation.assigneeId,
      createdAt: conversation.createdAt,
    },
  ])
}

/** The reporting rows of a new message, given its conversation as it was before the message. */
export function messageReport(
  db: Db,
  conversation: Parameters<typeof reportMessage>[1],
  message: ReportedMessage,
) {
  return recordReportingEventsStatements(
    db,
    reportMessage(MESSAGE_REPORTING_RULES, conversation, message),
  )
}

/** What an update of a conversation reports: a resolution, or a move to another agent or team. */
export function conversationChangeReport(
  db: Db,
  before: ConversationRow,
  after: Pick<ConversationRow, 'status' | 'assigneeId' | 'teamId'>,
  now: number,
) {
  const statements = []
  if (after.status === 'resolved' && before.status !== 'resolved') {
    const resolved: ReportingEvent = {
      ...base({ ...before, teamId: after.teamId }),
      name: 'conversation_resolved',
      value: Math.max(0, now - before.createdAt),
      userId: after.assigneeId,
      createdAt: now,
    }
    statements.push(...recordReportingEventsStatements(db, [resolved]))
  }
  if (after.assigneeId !== before.assigneeId || after.teamId !== before.teamId) {
    const to = { userId: after.assigneeId, teamId: after.teamId }
    statements.push(...reassignConversationCreatedStatements(db, before.accountId, before.id, to))
  }
  return statements
}

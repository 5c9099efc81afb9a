import type { SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import type { ConversationRow } from '../db/queries/conversations'
import { MESSAGE_TYPE } from '../db/queries/messages'
import {
  type ReportingEvent,
  reassignConversationCreatedStatements,
  recordReportingEventsStatements,
} from '../db/queries/reporting-events'

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

export type ReportedMessage = {
  messageType: number
  private: boolean
  senderType: 'User' | 'Contact' | 'AgentBot' | null
  senderId: number | null
  createdAt: number
}

/** The events of a new message, given its conversation as it was before the message. */
export function messageReportingEvents(
  conversation: ConversationFacts & Pick<ConversationRow, 'waitingSince' | 'firstReplyCreatedAt'>,
  message: ReportedMessage,
): ReportingEvent[] {
  const at = message.createdAt
  const events: ReportingEvent[] = []
  const agentId = message.senderType === 'User' ? message.senderId : null
  if (message.messageType === MESSAGE_TYPE.incoming) {
    events.push({
      ...base(conversation),
      name: 'incoming_message',
      value: null,
      userId: null,
      createdAt: at,
    })
  }
  if (message.messageType !== MESSAGE_TYPE.outgoing) return events
  events.push({
    ...base(conversation),
    name: 'outgoing_message',
    value: null,
    userId: agentId,
    createdAt: at,
  })
  if (message.private || agentId === null) return events
  const userId = conversation.assigneeId ?? agentId
  if (conversation.firstReplyCreatedAt === null) {
    const value = Math.max(0, at - conversation.createdAt)
    events.push({ ...base(conversation), name: 'first_response', value, userId, createdAt: at })
  }
  if (conversation.waitingSince !== null) {
    const value = Math.max(0, at - conversation.waitingSince)
    events.push({ ...base(conversation), name: 'reply_time', value, userId, createdAt: at })
  }
  return events
}

export function messageReport(
  db: Db,
  conversation: Parameters<typeof messageReportingEvents>[0],
  message: ReportedMessage,
) {
  return recordReportingEventsStatements(db, messageReportingEvents(conversation, message))
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

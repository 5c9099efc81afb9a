import { type SQL, sql } from 'drizzle-orm'
import type { ConversationRow } from '../db/queries/conversations'
import { MESSAGE_TYPE } from '../db/queries/messages'
import type { ReportingEvent } from '../db/queries/reporting-events'
import { conversations, type ReportingEventName } from '../db/schema'

/**
 * What a new message reports (Chatwoot's definitions), written down once as data. Two
 * interpreters read it: `reportMessage` builds the rows in JS from the conversation as it was
 * (createMessage), and `messageReportingSql` compiles the same rules to a SELECT over the row as
 * a batch finds it (the one-round-trip reply), so the two paths cannot drift apart.
 */

export type ReportedMessage = {
  messageType: number
  private: boolean
  senderType: 'User' | 'Contact' | 'AgentBot' | null
  senderId: number | null
  createdAt: number
}

/** The agent (a human) who wrote the message, if one did. */
const agentOf = (m: ReportedMessage) => (m.senderType === 'User' ? m.senderId : null)

/** The conversation columns a reporting rule reads. */
type ReportingColumn = keyof Pick<
  ConversationRow,
  'createdAt' | 'waitingSince' | 'firstReplyCreatedAt'
>

export type ReportingRule = {
  name: ReportingEventName
  /** Whether the rule applies to this message, whatever the row. */
  message: (m: ReportedMessage) => boolean
  /** A condition on the conversation before the message. */
  row?: { column: ReportingColumn; is: 'null' | 'not_null' }
  /** A timed event's value: seconds from the column to the message, never negative. */
  since?: ReportingColumn
  /** Whom the event counts for: the writing agent, or the assignee else that agent. */
  user: 'none' | 'agent' | 'assignee_else_agent'
}

const outgoing = (m: ReportedMessage) => m.messageType === MESSAGE_TYPE.outgoing
/** First response and reply time count an agent's public outgoing message. */
const agentReply = (m: ReportedMessage) => outgoing(m) && !m.private && agentOf(m) !== null

export const MESSAGE_REPORTING_RULES: readonly ReportingRule[] = [
  {
    name: 'incoming_message',
    message: (m) => m.messageType === MESSAGE_TYPE.incoming,
    user: 'none',
  },
  { name: 'outgoing_message', message: outgoing, user: 'agent' },
  {
    name: 'first_response',
    message: agentReply,
    row: { column: 'firstReplyCreatedAt', is: 'null' },
    since: 'createdAt',
    user: 'assignee_else_agent',
  },
  {
    name: 'reply_time',
    message: agentReply,
    row: { column: 'waitingSince', is: 'not_null' },
    since: 'waitingSince',
    user: 'assignee_else_agent',
  },
]

type ReportedConversation = Pick<
  ConversationRow,
  'accountId' | 'inboxId' | 'assigneeId' | 'teamId' | ReportingColumn
> & { id: number | SQL }

/** A timed rule's seconds; none when its column is empty (as SQL's max(0, now - null) is). */
function since(rule: ReportingRule, conversation: ReportedConversation, now: number) {
  const from = rule.since ? conversation[rule.since] : null
  return from === null || from === undefined ? null : Math.max(0, now - from)
}

/** The JS interpreter: the events `rules` make of `message` on the conversation before it. */
export function reportMessage(
  rules: readonly ReportingRule[],
  conversation: ReportedConversation,
  message: ReportedMessage,
): ReportingEvent[] {
  const agentId = agentOf(message)
  return rules
    .filter((rule) => rule.message(message))
    .filter((rule) => {
      if (!rule.row) return true
      const value = conversation[rule.row.column]
      return rule.row.is === 'null' ? value === null : value !== null
    })
    .map((rule) => ({
      accountId: conversation.accountId,
      conversationId: conversation.id,
      inboxId: conversation.inboxId,
      teamId: conversation.teamId,
      name: rule.name,
      value: since(rule, conversation, message.createdAt),
      userId:
        rule.user === 'none'
          ? null
          : rule.user === 'agent'
            ? agentId
            : (conversation.assigneeId ?? agentId),
      createdAt: message.createdAt,
    }))
}

/** The SQL name of a column, qualified by the statement's alias for conversations. */
const column = (alias: string, name: ReportingColumn) =>
  sql.raw(`${alias}.${conversations[name].name.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`)}`)

/**
 * The SQL interpreter: a SELECT of the reporting rows (the columns `recordReportingEvents…`
 * inserts) over the conversation `alias` that `where` picks, as the batch finds it; null when no
 * rule applies to the message.
 */
export function messageReportingSql(
  rules: readonly ReportingRule[],
  message: ReportedMessage,
  alias: string,
  where: SQL,
): SQL | null {
  const agentId = agentOf(message)
  const now = message.createdAt
  const rows = rules
    .filter((rule) => rule.message(message))
    .map((rule) => {
      const value = rule.since ? sql`max(0, ${now} - ${column(alias, rule.since)})` : sql`null`
      const userId =
        rule.user === 'none'
          ? sql`null`
          : rule.user === 'agent'
            ? sql`${agentId}`
            : sql`coalesce(${sql.raw(alias)}.assignee_id, ${agentId})`
      const condition = rule.row
        ? sql` and ${column(alias, rule.row.column)} is ${sql.raw(rule.row.is === 'null' ? 'null' : 'not null')}`
        : sql``
      const c = sql.raw(alias)
      return sql`select ${c}.account_id as account_id, ${rule.name} as name, ${value} as value,
        ${c}.id as conversation_id, ${c}.inbox_id as inbox_id, ${userId} as user_id,
        ${c}.team_id as team_id, ${now} as created_at
        from conversations ${c} where ${where}${condition}`
    })
  return rows.length > 0 ? sql.join(rows, sql` union all `) : null
}

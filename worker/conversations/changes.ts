import type { BatchItem } from 'drizzle-orm/batch'
import type { Db } from '../db/client'
import {
  type ConversationRow,
  type ConversationStatus,
  type NewConversation,
  updateConversationStatement,
} from '../db/queries/conversations'
import { insertMessageStatement, MESSAGE_TYPE } from '../db/queries/messages'
import { changedAttributes } from '../events/kinds'
import type { EventInput } from '../events/outbox'
import { conversationChangeReport } from '../reports/events'

/**
 * The write side of conversations, shared by the routes, the cron and any other writer: each
 * change is a plain function of the conversation, the input, the actor and the time, returning a
 * list of statements plus the events they cause, which its caller commits together in one batch
 * (requests through the write adapter beside the routes; the cron with commitEvents). Nothing here knows
 * about HTTP.
 */
export type Statement = BatchItem<'sqlite'>
export type Write = { statements: Statement[]; events: EventInput[] }

/** A signed-in agent or bot performing a change (names go into activity messages). */
export type Agent =
  | { type: 'user'; id: number; name: string; role: 'administrator' | 'agent' | 'agent_bot' }
  | { type: 'agent_bot'; id: number; name: string }

/**
 * Who performs a change: an agent or bot, a visitor (contact), or the system itself (the cron, a
 * label's rename). Activity lines name agents and bots; visitors' and the system's changes have
 * their own texts or none.
 */
export type Actor = Agent | { type: 'contact'; id: number; name: string } | { type: 'system' }

export const SYSTEM: Actor = { type: 'system' }

export const senderOf = (actor: Agent) =>
  actor.type === 'user'
    ? { senderType: 'User' as const, senderId: actor.id }
    : { senderType: 'AgentBot' as const, senderId: actor.id }

/** Chatwoot's activity texts (config/locales/en.yml, conversations.activity.*). */
export const activityText = {
  status(status: ConversationStatus, name: string) {
    switch (status) {
      case 'resolved':
        return `Conversation was marked resolved by ${name}`
      case 'open':
        return `Conversation was reopened by ${name}`
      case 'pending':
        return `Conversation was marked as pending by ${name}`
      case 'snoozed':
        return `Conversation was snoozed by ${name}`
    }
  },
  autoResolved(minutes: number) {
    const [count, unit] =
      minutes % 1440 === 0
        ? [minutes / 1440, 'days']
        : minutes % 60 === 0
          ? [minutes / 60, 'hours']
          : [minutes, 'minutes']
    return `Conversation was marked resolved by system due to ${count} ${unit} of inactivity`
  },
  /** A visitor ending the conversation from the widget (Chatwoot's contact_resolved). */
  contactResolved: (name: string) => `Conversation was resolved by ${name}`,
  reopenedByIncoming: 'System reopened the conversation due to a new incoming message.',
  assigned: (assignee: string, name: string) => `Assigned to ${assignee} by ${name}`,
  selfAssigned: (name: string) => `${name} self-assigned this conversation`,
  unassigned: (name: string) => `Conversation unassigned by ${name}`,
  teamAssigned: (team: string, name: string) => `Assigned to ${team} by ${name}`,
  teamRemoved: (team: string, name: string) => `Unassigned from ${team} by ${name}`,
  priority(before: string | null, after: string | null, name: string) {
    if (!after) return `${name} removed the priority`
    if (!before) return `${name} set the priority to ${after}`
    return `${name} changed the priority from ${before} to ${after}`
  },
  labelsAdded: (labels: string[], name: string) => `${name} added ${labels.join(', ')}`,
  labelsRemoved: (labels: string[], name: string) => `${name} removed ${labels.join(', ')}`,
  muted: (name: string) => `${name} has muted the conversation`,
  unmuted: (name: string) => `${name} has unmuted the conversation`,
}

/** Attributes whose change Chatwoot announces with conversation_updated, by their JSON names. */
export const TRACKED = {
  status: 'status',
  assigneeId: 'assignee_id',
  teamId: 'team_id',
  snoozedUntil: 'snoozed_until',
  customAttributes: 'custom_attributes',
  labels: 'labels',
  waitingSince: 'waiting_since',
  firstReplyCreatedAt: 'first_reply_created_at',
  priority: 'priority',
} as const satisfies Partial<Record<keyof ConversationRow, string>>

function tracked(row: Partial<ConversationRow>) {
  return Object.fromEntries(
    Object.entries(TRACKED).map(([key, name]) => [name, row[key as keyof ConversationRow]]),
  )
}

export function conversationEventIds(conversation: ConversationRow) {
  return {
    accountId: conversation.accountId,
    conversationId: conversation.id,
    inboxId: conversation.inboxId,
    contactId: conversation.contactId,
  }
}

/**
 * Updates a conversation, adds activity lines after the update, and derives the events:
 * conversation_status_changed when the status moves, conversation_updated with Chatwoot's
 * changed_attributes when any tracked attribute does; and what the change reports. Activity lines count as activity
 * (last_activity_at), as in Chatwoot.
 */
export function patchConversation(
  db: Db,
  before: ConversationRow,
  patch: Partial<NewConversation>,
  now: number,
  activities: string[] = [],
): Write {
  const values: Partial<NewConversation> = { ...patch, updatedAt: now }
  if (activities.length > 0) values.lastActivityAt = now
  const after = { ...before, ...values } as ConversationRow
  const changes = changedAttributes(tracked(before), tracked(after))
  const ids = conversationEventIds(before)
  const events: EventInput[] = []
  const statusChange = changes.find((change) => 'status' in change)
  if (statusChange) {
    events.push({ kind: 'conversation_status_changed', ...ids, changedAttributes: [statusChange] })
  }
  if (changes.length > 0) {
    const updatedAt = { previous_value: before.updatedAt, current_value: now }
    events.push({
      kind: 'conversation_updated',
      ...ids,
      changedAttributes: [...changes, { updated_at: updatedAt }],
    })
  }
  return {
    statements: [
      updateConversationStatement(db, before, values),
      ...activities.map((text) => activityStatement(db, before, text, now)),
      ...conversationChangeReport(db, before, after, now),
    ],
    events,
  }
}

export function activityStatement(
  db: Db,
  conversation: ConversationRow,
  text: string,
  now: number,
) {
  return insertMessageStatement(db, {
    accountId: conversation.accountId,
    inboxId: conversation.inboxId,
    conversationId: conversation.id,
    messageType: MESSAGE_TYPE.activity,
    contentType: 'text',
    content: text,
    createdAt: now,
    updatedAt: now,
  })
}

/** Moving to `status`: leaving snoozed clears snoozed_until, resolving clears waiting_since. */
export function statusPatch(
  status: ConversationStatus,
  snoozedUntil?: number | null,
): Partial<NewConversation> {
  return {
    status,
    snoozedUntil: status === 'snoozed' ? (snoozedUntil ?? null) : null,
    ...(status === 'resolved' ? { waitingSince: null } : {}),
  }
}

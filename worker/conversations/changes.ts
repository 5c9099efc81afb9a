import type { BatchItem } from 'drizzle-orm/batch'
import type { Context } from 'hono'
import type { Db } from '../db/client'
import {
  type ConversationRow,
  type ConversationStatus,
  findAgentBotName,
  findUserName,
  type NewConversation,
  updateConversationStatement,
} from '../db/queries/conversations'
import { insertMessageStatement, MESSAGE_TYPE } from '../db/queries/messages'
import type { AppEnv } from '../env'
import { changedAttributes } from '../events/kinds'
import { commitWithEvents, type EventInput } from '../events/outbox'
import { currentUserId } from '../middleware/auth'
import { conversationChangeReport } from '../reports/events'

/**
 * The write side of conversations, shared by the routes and the cron: each change is a list of
 * statements plus the events they cause, committed together in one batch.
 */
export type Statement = BatchItem<'sqlite'>
export type Write = { statements: Statement[]; events: EventInput[] }

export type Actor =
  | { type: 'user'; id: number; name: string; role: 'administrator' | 'agent' | 'agent_bot' }
  | { type: 'agent_bot'; id: number; name: string }

/** The caller as the performer of a change (names go into activity messages). */
export async function actorOf(c: Context<AppEnv>): Promise<Actor> {
  const principal = c.var.principal
  if (principal.type === 'agent_bot') {
    const name = await findAgentBotName(c.var.db, principal.id)
    return { type: 'agent_bot', id: principal.id, name: name ?? 'Bot' }
  }
  const id = currentUserId(c)
  return { type: 'user', id, name: (await findUserName(c.var.db, id)) ?? '', role: c.var.role }
}

/** The caller as a message's sender: no name needed, so no read. */
export function senderOfPrincipal(c: Context<AppEnv>) {
  const principal = c.var.principal
  return principal.type === 'agent_bot'
    ? { senderType: 'AgentBot' as const, senderId: principal.id }
    : { senderType: 'User' as const, senderId: currentUserId(c) }
}

export const senderOf = (actor: Actor) =>
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
const TRACKED = {
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

/**
 * What a new message does to its conversation (reference §8.2): it is the latest activity; an
 * incoming one starts the wait and reopens a snoozed or resolved conversation unless muted; the
 * first human reply ends the wait and is the first reply.
 */
export function messageEffects(
  before: ConversationRow,
  message: {
    messageType: number
    private: boolean
    senderType: 'User' | 'Contact' | 'AgentBot' | null
    createdAt: number
  },
) {
  const patch: Partial<NewConversation> = { lastActivityAt: message.createdAt }
  const incoming = message.messageType === MESSAGE_TYPE.incoming
  const reply =
    message.messageType === MESSAGE_TYPE.outgoing &&
    !message.private &&
    (message.senderType === 'User' || message.senderType === 'AgentBot')
  if (incoming && before.waitingSince === null) patch.waitingSince = message.createdAt
  if (reply && before.waitingSince !== null) patch.waitingSince = null
  if (reply && message.senderType === 'User' && before.firstReplyCreatedAt === null) {
    patch.firstReplyCreatedAt = message.createdAt
  }
  const reopens =
    incoming && !before.muted && (before.status === 'snoozed' || before.status === 'resolved')
  if (reopens) Object.assign(patch, statusPatch('open'))
  return { patch, activities: reopens ? [activityText.reopenedByIncoming] : [] }
}

/** Commits one or more writes in a single batch with their events (request handlers). */
export async function commit(c: Context<AppEnv>, ...writes: Write[]) {
  return commitWithEvents(
    c,
    writes.flatMap((w) => w.statements),
    writes.flatMap((w) => w.events),
  )
}

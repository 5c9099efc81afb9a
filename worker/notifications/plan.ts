import type { NewNotification, NotificationSettingsRow } from '../db/queries/notifications'
import type { conversations, events, messages } from '../db/schema'
import { mentionedUserIds } from '../lib/mentions'

type EventRow = typeof events.$inferSelect
type ConversationRow = typeof conversations.$inferSelect
type MessageRow = typeof messages.$inferSelect

export const NOTIFICATION_TYPES = [
  'conversation_creation',
  'conversation_assignment',
  'assigned_conversation_new_message',
  'conversation_mention',
  'participating_conversation_new_message',
] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]

/**
 * What an agent gets with no settings saved. Mail: Chatwoot's default for a new agent, the
 * assignment only (account_user.rb). Push and the dashboard: the assignment, as Chatwoot, and
 * also mentions and messages in conversations they own, which issue 32 asks a team to get on day
 * one. The other kinds (a new conversation in their inboxes, a message where they took part) are
 * off until chosen, as in Chatwoot.
 */
export const DEFAULT_FLAGS = {
  selectedEmailFlags: ['email_conversation_assignment'],
  selectedPushFlags: [
    'push_conversation_assignment',
    'push_conversation_mention',
    'push_assigned_conversation_new_message',
  ],
}

/** Whether the user's settings subscribe them to the type by `channel` (Chatwoot's flags). */
export function subscribed(
  settings: Pick<NotificationSettingsRow, 'selectedEmailFlags' | 'selectedPushFlags'> | undefined,
  channel: 'email' | 'push',
  type: NotificationType,
) {
  const flags = settings ?? DEFAULT_FLAGS
  const list = channel === 'email' ? flags.selectedEmailFlags : flags.selectedPushFlags
  return list.includes(`${channel}_${type}`)
}

/** A notification to make, before access and settings are checked. */
export type Candidate = Omit<NewNotification, 'id'> & { inboxId: number }

/** What planning reads besides the events: their rows, and who belongs where. */
export type PlanInput = {
  events: EventRow[]
  conversations: Map<number, ConversationRow>
  messages: Map<number, MessageRow>
  /** Per conversation, the agents who took part in it (wrote in it or were mentioned). */
  participants: Map<number, Set<number>>
  /** Per inbox, its agents (inbox_members). */
  inboxMembers: Map<number, number[]>
}

const performerOf = (event: EventRow) => {
  const data = event.data as { performed_by?: { type?: unknown; id?: unknown } } | null
  return data?.performed_by?.type === 'user' ? data.performed_by.id : undefined
}

/**
 * The notifications committed events call for, as Chatwoot's NotificationListener and
 * NewMessageNotificationService make them: a new conversation to its inbox's agents (not while
 * a bot holds it, pending); an assignment to the assignee unless they assigned themselves; a
 * mention in a private note (not of its author); a visitor's or colleague's public message to
 * the conversation's assignee, then to its other participants. Each names its event in
 * `sourceKey`, so the same event planned twice makes the same rows (the unique key keeps one);
 * a user listed twice for one event gets the first kind they keep (notify.ts), as Chatwoot's
 * `already_notified?`.
 */
export function planNotifications(accountId: number, loaded: PlanInput, now: number): Candidate[] {
  const out: Candidate[] = []
  for (const event of loaded.events) {
    const conversation = event.conversationId
      ? loaded.conversations.get(event.conversationId)
      : undefined
    if (!conversation) continue
    const base = {
      accountId,
      primaryActorType: 'Conversation',
      primaryActorId: conversation.id,
      sourceKey: `event:${event.id}`,
      inboxId: conversation.inboxId,
      lastActivityAt: now,
      createdAt: now,
      updatedAt: now,
    }
    if (event.kind === 'conversation_created') {
      if (conversation.status === 'pending') continue
      for (const userId of loaded.inboxMembers.get(conversation.inboxId) ?? []) {
        out.push({ ...base, userId, notificationType: 'conversation_creation' })
      }
    } else if (event.kind === 'message_created' && event.messageId) {
      const message = loaded.messages.get(event.messageId)
      if (!message || message.messageType === 2) continue
      const author = message.senderType === 'User' ? message.senderId : null
      const message_ = { secondaryActorType: 'Message', secondaryActorId: message.id }
      if (message.private) {
        for (const userId of mentionedUserIds(message.content)) {
          if (userId === author) continue
          out.push({ ...base, ...message_, userId, notificationType: 'conversation_mention' })
        }
        continue
      }
      const assignee = conversation.assigneeType === 'User' ? conversation.assigneeId : null
      if (assignee && assignee !== author) {
        out.push({
          ...base,
          ...message_,
          userId: assignee,
          notificationType: 'assigned_conversation_new_message',
        })
      }
      for (const userId of loaded.participants.get(conversation.id) ?? []) {
        if (userId === author) continue
        out.push({
          ...base,
          ...message_,
          userId,
          notificationType: 'participating_conversation_new_message',
        })
      }
    } else if (event.kind === 'conversation_updated') {
      const change = event.changedAttributes.find((c) => 'assignee_id' in c)?.assignee_id
      const assignee = change?.current_value
      if (typeof assignee !== 'number' || conversation.assigneeType !== 'User') continue
      if (performerOf(event) === assignee) continue
      out.push({ ...base, userId: assignee, notificationType: 'conversation_assignment' })
    }
  }
  return out
}

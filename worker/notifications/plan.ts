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
 * What an agent gets with no settings saved: the three notifications a support team needs on day
 * one, by push and by email (Chatwoot's flags; Parley sends no notification mail yet).
 */
const DEFAULT_TYPES: NotificationType[] = [
  'conversation_assignment',
  'conversation_mention',
  'assigned_conversation_new_message',
]
export const DEFAULT_FLAGS = {
  selectedEmailFlags: DEFAULT_TYPES.map((t) => `email_${t}`),
  selectedPushFlags: DEFAULT_TYPES.map((t) => `push_${t}`),
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

/**
 * The notifications committed events call for, as Chatwoot's NotificationListener makes them:
 * a mention in a private note (not of its author), an assignment to an agent, a visitor's or
 * colleague's message in a conversation assigned to an agent. Each names its event in
 * `sourceKey`, so the same event planned twice makes the same rows (the unique key keeps one).
 */
export function planNotifications(
  accountId: number,
  loaded: {
    events: EventRow[]
    conversations: Map<number, ConversationRow>
    messages: Map<number, MessageRow>
  },
  now: number,
): Candidate[] {
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
    if (event.kind === 'message_created' && event.messageId) {
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
    } else if (event.kind === 'conversation_updated') {
      const change = event.changedAttributes.find((c) => 'assignee_id' in c)?.assignee_id
      const assignee = change?.current_value
      if (typeof assignee !== 'number' || conversation.assigneeType !== 'User') continue
      out.push({ ...base, userId: assignee, notificationType: 'conversation_assignment' })
    }
  }
  return out
}

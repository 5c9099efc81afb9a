import type { Db } from '../db/client'
import { listInboxMemberIds } from '../db/queries/inbox-members'
import { participationOf } from '../db/queries/notification-participants'
import { loadNotifiableEvents } from '../db/queries/notifications'
import { mentionedUserIds } from '../lib/mentions'
import type { PlanInput } from './plan'

/**
 * What planning needs for these events: their rows, the participants of the conversations that
 * got a public message, and the agents of the inboxes that got a new conversation.
 */
export async function loadPlanInput(
  db: Db,
  accountId: number,
  eventIds: number[],
): Promise<PlanInput> {
  const loaded = await loadNotifiableEvents(db, accountId, eventIds)
  const conversationOf = (id: number | null) => (id ? loaded.conversations.get(id) : undefined)
  const messaged = new Set<number>()
  const created = new Set<number>()
  for (const event of loaded.events) {
    const conversation = conversationOf(event.conversationId)
    if (!conversation) continue
    if (event.kind === 'conversation_created') created.add(conversation.inboxId)
    const message = event.messageId ? loaded.messages.get(event.messageId) : undefined
    if (event.kind === 'message_created' && message && !message.private) {
      messaged.add(conversation.id)
    }
  }
  const participation = await participationOf(db, accountId, [...messaged])
  const participants = new Map<number, Set<number>>()
  const add = (conversationId: number, userId: number) =>
    participants.set(conversationId, (participants.get(conversationId) ?? new Set()).add(userId))
  for (const w of participation.writers) if (w.userId) add(w.conversationId, w.userId)
  for (const note of participation.mentioningNotes) {
    for (const userId of mentionedUserIds(note.content)) add(note.conversationId, userId)
  }
  const inboxMembers = new Map<number, number[]>()
  for (const inboxId of created) inboxMembers.set(inboxId, await listInboxMemberIds(db, inboxId))
  return { ...loaded, participants, inboxMembers }
}

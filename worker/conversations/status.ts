import type { Db } from '../db/client'
import type {
  ConversationRow,
  ConversationStatus,
  NewConversation,
} from '../db/queries/conversations'
import { activityText, patchConversation, statusPatch, type Write } from './changes'

/** Who changes a status, as activity lines name them. */
export type Performer = { type: 'user' | 'agent_bot' | 'contact'; name: string }

/**
 * Moving a conversation to `status` by `by`: the status patch, its activity line when the status
 * really changes, and the events. `also` adds what the caller's path does besides (an agent
 * opening an unassigned conversation takes it).
 */
export function statusChangeWrite(
  db: Db,
  conversation: ConversationRow,
  status: ConversationStatus,
  by: Performer,
  now: number,
  options: {
    snoozedUntil?: number | null
    also?: { patch: Partial<NewConversation>; activities: string[] }
  } = {},
): Write {
  const patch = { ...statusPatch(status, options.snoozedUntil), ...options.also?.patch }
  const activities: string[] = []
  if (status !== conversation.status) {
    activities.push(
      by.type === 'contact' && status === 'resolved'
        ? activityText.contactResolved(by.name)
        : activityText.status(status, by.name),
    )
  }
  activities.push(...(options.also?.activities ?? []))
  return patchConversation(db, conversation, patch, now, activities)
}

import type { Db } from '../db/client'
import type { ConversationRow, NewConversation } from '../db/queries/conversations'
import { type Agent, activityText, patchConversation, type Write } from './changes'

/**
 * Assigning `assignee` (an account member the caller found; null unassigns), with its activity
 * line; null when the conversation already has that assignee.
 */
export function assigneeChangeWrite(
  db: Db,
  conversation: ConversationRow,
  assignee: { id: number; name: string } | null,
  actor: Agent,
  now: number,
): Write | null {
  const unchanged =
    (assignee?.id ?? null) === conversation.assigneeId &&
    (assignee === null || conversation.assigneeType === 'User')
  if (unchanged) return null
  const text = !assignee
    ? activityText.unassigned(actor.name)
    : actor.type === 'user' && assignee.id === actor.id
      ? activityText.selfAssigned(actor.name)
      : activityText.assigned(assignee.name, actor.name)
  const patch: Partial<NewConversation> = {
    assigneeId: assignee?.id ?? null,
    assigneeType: assignee ? 'User' : null,
  }
  return patchConversation(db, conversation, patch, now, [text])
}

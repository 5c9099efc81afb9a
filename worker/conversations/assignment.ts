import type { Db } from '../db/client'
import type { ConversationRow, NewConversation } from '../db/queries/conversations'
import { type Agent, activityText, patchConversation, type Write } from './changes'

/**
 * Assigning `assignee` (an account member the caller found; null unassigns), with its activity
 * line; null when the conversation already has that assignee. The system (auto-assignment,
 * worker/assignment/) writes no activity line, as in Chatwoot, whose round robin has no actor.
 * An agent's or bot's unassignment holds the conversation out of the auto-assignment queue
 * (auto_assign_held_at) until it is reopened or the visitor writes again: a hand-made decision
 * is never undone by the next drain.
 */
export function assigneeChangeWrite(
  db: Db,
  conversation: ConversationRow,
  assignee: { id: number; name: string } | null,
  actor: Agent | { type: 'system' },
  now: number,
): Write | null {
  const unchanged =
    (assignee?.id ?? null) === conversation.assigneeId &&
    (assignee === null || conversation.assigneeType === 'User')
  if (unchanged) return null
  const patch: Partial<NewConversation> = {
    assigneeId: assignee?.id ?? null,
    assigneeType: assignee ? 'User' : null,
  }
  if (actor.type === 'system') return patchConversation(db, conversation, patch, now)
  if (!assignee) patch.autoAssignHeldAt = now
  const text = !assignee
    ? activityText.unassigned(actor.name)
    : actor.type === 'user' && assignee.id === actor.id
      ? activityText.selfAssigned(actor.name)
      : activityText.assigned(assignee.name, actor.name)
  return withPerformer(patchConversation(db, conversation, patch, now, [text]), actor)
}

/**
 * Names who made the change in its conversation_updated event's data (`performed_by`, Chatwoot
 * dispatches its assignee change with the current user), so what follows the commit knows an
 * agent who assigned themselves: Chatwoot notifies no one of a self-assignment.
 */
export function withPerformer(write: Write, actor: Agent): Write {
  const performedBy = { type: actor.type, id: actor.id }
  return {
    ...write,
    events: write.events.map((event) =>
      event.kind === 'conversation_updated'
        ? { ...event, data: { performed_by: performedBy } }
        : event,
    ),
  }
}

import type { Db } from '../db/client'
import type { ConversationRow, ConversationStatus } from '../db/queries/conversations'
import { type Actor, activityText, patchConversation, statusPatch, type Write } from './changes'

/** The activity line of a status change: a visitor resolving has its own, the system none. */
function statusActivity(status: ConversationStatus, actor: Actor): string[] {
  if (actor.type === 'system') return []
  if (actor.type === 'contact' && status === 'resolved') {
    return [activityText.contactResolved(actor.name)]
  }
  return [activityText.status(status, actor.name)]
}

/**
 * Moving a conversation to `status` by `actor`: the status patch, its activity line when the
 * status really changes, and the events. An agent (not an administrator or bot) who opens an
 * unassigned conversation takes it, as in Chatwoot.
 */
export function statusChangeWrite(
  db: Db,
  conversation: ConversationRow,
  status: ConversationStatus,
  actor: Actor,
  now: number,
  snoozedUntil?: number | null,
): Write {
  const activities = status !== conversation.status ? statusActivity(status, actor) : []
  const selfAssigns =
    status === 'open' &&
    actor.type === 'user' &&
    actor.role === 'agent' &&
    conversation.assigneeId === null
  const patch = {
    ...statusPatch(status, snoozedUntil),
    ...(selfAssigns ? { assigneeId: actor.id, assigneeType: 'User' as const } : {}),
  }
  if (selfAssigns) activities.push(activityText.selfAssigned(actor.name))
  return patchConversation(db, conversation, patch, now, activities)
}

import type { Db } from '../db/client'
import type { ConversationRow } from '../db/queries/conversations'
import { type Agent, activityText, patchConversation, statusPatch, type Write } from './changes'

/**
 * Muting (which also resolves, as in Chatwoot: new messages no longer reopen it) or unmuting;
 * null when it is already so.
 */
export function muteChangeWrite(
  db: Db,
  conversation: ConversationRow,
  muted: boolean,
  actor: Agent,
  now: number,
): Write | null {
  if (conversation.muted === muted) return null
  const resolves = muted && conversation.status !== 'resolved'
  const activities = [
    ...(resolves ? [activityText.status('resolved', actor.name)] : []),
    muted ? activityText.muted(actor.name) : activityText.unmuted(actor.name),
  ]
  const patch = { muted, ...(resolves ? statusPatch('resolved') : {}) }
  return patchConversation(db, conversation, patch, now, activities)
}

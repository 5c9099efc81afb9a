import type { Db } from '../db/client'
import type { ConversationRow, Priority } from '../db/queries/conversations'
import { type Agent, activityText, patchConversation, type Write } from './changes'

/** Setting the priority (null clears it), with its activity line; null when it does not change. */
export function priorityChangeWrite(
  db: Db,
  conversation: ConversationRow,
  priority: Priority | null,
  actor: Agent,
  now: number,
): Write | null {
  if (priority === conversation.priority) return null
  const text = activityText.priority(conversation.priority, priority, actor.name)
  return patchConversation(db, conversation, { priority }, now, [text])
}

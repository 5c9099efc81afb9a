import type { Db } from '../db/client'
import { type ConversationRow, replaceLabelRowsStatements } from '../db/queries/conversations'
import { type Actor, activityText, patchConversation, type Write } from './changes'

/**
 * Setting a conversation's labels to `labels`: the column, the label rows and the events, plus
 * activity lines naming an agent or bot (a visitor's or the system's change, such as a label's
 * rename, Chatwoot does not announce in the conversation). Null when nothing changes.
 */
export function labelsChangeWrite(
  db: Db,
  conversation: ConversationRow,
  labels: string[],
  actor: Actor,
  now: number,
): Write | null {
  const next = [...new Set(labels)]
  const added = next.filter((l) => !conversation.labels.includes(l))
  const removed = conversation.labels.filter((l) => !next.includes(l))
  if (added.length === 0 && removed.length === 0) return null
  const activities =
    actor.type === 'user' || actor.type === 'agent_bot'
      ? [
          ...(added.length > 0 ? [activityText.labelsAdded(added, actor.name)] : []),
          ...(removed.length > 0 ? [activityText.labelsRemoved(removed, actor.name)] : []),
        ]
      : []
  const write = patchConversation(db, conversation, { labels: next }, now, activities)
  write.statements.push(
    ...replaceLabelRowsStatements(db, conversation.accountId, conversation.id, next),
  )
  return write
}

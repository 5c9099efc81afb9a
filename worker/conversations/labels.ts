import type { Db } from '../db/client'
import { type ConversationRow, replaceLabelRowsStatements } from '../db/queries/conversations'
import { activityText, patchConversation, type Write } from './changes'

/**
 * Setting a conversation's labels to `labels`: the column, the label rows and the events, plus
 * activity lines naming `performer` (null: a visitor's change, which Chatwoot does not announce
 * in the conversation). Null when nothing changes.
 */
export function labelsChangeWrite(
  db: Db,
  conversation: ConversationRow,
  labels: string[],
  performer: string | null,
  now: number,
): Write | null {
  const next = [...new Set(labels)]
  const added = next.filter((l) => !conversation.labels.includes(l))
  const removed = conversation.labels.filter((l) => !next.includes(l))
  if (added.length === 0 && removed.length === 0) return null
  const activities =
    performer === null
      ? []
      : [
          ...(added.length > 0 ? [activityText.labelsAdded(added, performer)] : []),
          ...(removed.length > 0 ? [activityText.labelsRemoved(removed, performer)] : []),
        ]
  const write = patchConversation(db, conversation, { labels: next }, now, activities)
  write.statements.push(
    ...replaceLabelRowsStatements(db, conversation.accountId, conversation.id, next),
  )
  return write
}

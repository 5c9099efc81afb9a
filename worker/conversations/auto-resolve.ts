import type { Db } from '../db/client'
import { type ConversationRow, replaceLabelRowsStatements } from '../db/queries/conversations'
import {
  insertMessageStatement,
  lastNonActivityMessageId,
  MESSAGE_TYPE,
} from '../db/queries/messages'
import {
  activityText,
  conversationEventIds,
  patchConversation,
  type Statement,
  statusPatch,
  type Write,
} from './changes'

/** An account's auto-resolve settings, read from its `settings`. */
export type AutoResolveSettings = {
  minutes: number
  ignoreWaiting: boolean
  message: string | null
  label: string | null
}

/** The settings, or null when the account does not auto-resolve. */
export function autoResolveSettings(settings: Record<string, unknown>): AutoResolveSettings | null {
  const minutes = settings.auto_resolve_after
  if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes <= 0) return null
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null)
  return {
    minutes,
    ignoreWaiting: settings.auto_resolve_ignore_waiting === true,
    message: text(settings.auto_resolve_message),
    label: text(settings.auto_resolve_label),
  }
}

/**
 * Reference §8.3, by the system: post the auto-resolve message as a template message, add the
 * label, then resolve with the "due to N … of inactivity" activity line.
 */
export function autoResolveWrite(
  db: Db,
  conversation: ConversationRow,
  s: AutoResolveSettings,
  now: number,
): Write {
  const ids = conversationEventIds(conversation)
  const statements: Statement[] = []
  const events: Write['events'] = []
  if (s.message) {
    statements.push(
      insertMessageStatement(db, {
        accountId: conversation.accountId,
        inboxId: conversation.inboxId,
        conversationId: conversation.id,
        messageType: MESSAGE_TYPE.template,
        contentType: 'text',
        content: s.message,
        createdAt: now,
        updatedAt: now,
      }),
    )
    events.push({
      kind: 'message_created',
      ...ids,
      messageId: lastNonActivityMessageId(conversation.id),
    })
  }
  const addsLabel = s.label !== null && !conversation.labels.includes(s.label)
  const labels = addsLabel && s.label ? [...conversation.labels, s.label] : conversation.labels
  const patch = { ...statusPatch('resolved'), ...(addsLabel ? { labels } : {}) }
  const update = patchConversation(db, conversation, patch, now, [
    activityText.autoResolved(s.minutes),
  ])
  if (addsLabel) {
    statements.push(
      ...replaceLabelRowsStatements(db, conversation.accountId, conversation.id, labels),
    )
  }
  return {
    statements: [...statements, ...update.statements],
    events: [...events, ...update.events],
  }
}

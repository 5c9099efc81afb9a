import type { Db } from '../db/client'
import type { ConversationRow } from '../db/queries/conversations'
import { type Actor, patchConversation, statusPatch, type Write } from './changes'
import { statusChangeWrite } from './status'

/** Snoozing until `until` (unix seconds; null: until the next incoming message). */
export function snoozeWrite(
  db: Db,
  conversation: ConversationRow,
  until: number | null,
  actor: Actor,
  now: number,
): Write {
  return statusChangeWrite(db, conversation, 'snoozed', actor, now, until)
}

/** A snoozed conversation whose time has come opens again, silently (no activity line). */
export function wakeSnoozedWrite(db: Db, conversation: ConversationRow, now: number): Write {
  return patchConversation(db, conversation, statusPatch('open'), now)
}

import type { Db } from '../db/client'
import type { ConversationRow } from '../db/queries/conversations'
import { patchConversation, type Write } from './changes'

/**
 * Replacing the custom attributes (already checked against the account's definitions): no
 * activity line, as in Chatwoot, but conversation_updated when they change.
 */
export function customAttributesWrite(
  db: Db,
  conversation: ConversationRow,
  customAttributes: ConversationRow['customAttributes'],
  now: number,
): Write {
  return patchConversation(db, conversation, { customAttributes }, now)
}

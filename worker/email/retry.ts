import type { Write } from '../conversations/changes'
import { conversationEventIds } from '../conversations/changes'
import type { Db } from '../db/client'
import type { ConversationRow } from '../db/queries/conversations'
import { MESSAGE_TYPE, type MessageRow } from '../db/queries/messages'
import { retryReplyStatement } from '../db/queries/outgoing-mail'
import { apiError } from '../errors'

export const NOT_RETRYABLE = 'Only a failed outgoing email or text message can be sent again'

/**
 * An agent's retry of a reply whose mail failed: back to waiting, its `external_error` gone, with
 * `message_updated` (publishing it queues the mail: queues/follow-ups.ts). Any other message (of
 * another inbox type, incoming, a private note, deleted, or not failed) is refused: a message
 * waiting, being sent or sent must not be mailed a second time.
 */
export function retryReplyWrite(
  db: Db,
  conversation: ConversationRow,
  inboxChannelType: string | undefined,
  message: MessageRow,
  now: number,
): Write {
  // A phone inbox's text goes out again through the phone queue (worker/phone/outbound.ts).
  const retryable =
    (inboxChannelType === 'email' || inboxChannelType === 'phone') &&
    message.messageType === MESSAGE_TYPE.outgoing &&
    !message.private &&
    message.deletedAt === null &&
    message.status === 'failed'
  if (!retryable) throw apiError('validation_failed', NOT_RETRYABLE)
  return {
    statements: [retryReplyStatement(db, conversation.accountId, message.id, now)],
    events: [
      { kind: 'message_updated', ...conversationEventIds(conversation), messageId: message.id },
    ],
  }
}

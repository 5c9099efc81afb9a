import { sql } from 'drizzle-orm'
import type { Write } from '../conversations/changes'
import type { Db } from '../db/client'
import { type PhoneStatus, phoneStatusStatement } from '../db/queries/phone-outbound'

/**
 * Twilio's status callbacks on a sent text (https://www.twilio.com/docs/messaging/guides/track-outbound-message-status):
 * `queued`, `sending` and `sent` say nothing the message does not already (it is `sent` once
 * Twilio took it); `delivered` and `read` move it on; `undelivered` and `failed` fail it with
 * Twilio's ErrorCode, as Chatwoot's delivery_status_controller does. A message only moves
 * forwards (phoneStatusStatement): a late `delivered` after `read` changes nothing.
 */
export function phoneStatusOf(messageStatus: string): PhoneStatus | null {
  switch (messageStatus.toLowerCase()) {
    case 'delivered':
      return 'delivered'
    case 'read':
      return 'read'
    case 'undelivered':
    case 'failed':
      return 'failed'
    default:
      return null
  }
}

/** What Twilio's most common delivery error codes mean, for the agent who sees the failure. */
const ERROR_TEXTS: Record<string, string> = {
  '21610': 'the recipient has unsubscribed (replied STOP)',
  '21614': 'the number is not a mobile number',
  '30003': 'the handset is unreachable',
  '30004': 'the message was blocked',
  '30005': 'the number is unknown or no longer in service',
  '30006': 'a landline or an unreachable carrier',
  '30007': 'the carrier filtered the message',
  '30008': 'an unknown error',
  '63016': "outside WhatsApp's 24-hour window: only an approved template can be sent",
}

/** The failure the message shows: Twilio's code and what it means (or Twilio's own words). */
export function externalErrorOf(errorCode: string | undefined, errorMessage: string | undefined) {
  const code = errorCode?.trim()
  const text = errorMessage?.trim() || (code ? ERROR_TEXTS[code] : undefined)
  if (code && text) return `${code} - ${text}`
  if (code) return `Twilio error ${code}`
  return text || 'Twilio could not deliver the message'
}

export type SentPhoneMessage = {
  id: number
  accountId: number
  conversationId: number
  inboxId: number
  contactId: number
}

/**
 * A status callback's change of a sent message, with its `message_updated` (sockets and
 * webhooks), both conditional on the message still being where the move starts: commit with
 * `when` (a callback racing another moves the message once, and announces it once).
 */
export function phoneStatusWrite(
  db: Db,
  message: SentPhoneMessage,
  messageSid: string,
  to: PhoneStatus,
  externalError: string | null,
  now: number,
): Write & { when: ReturnType<typeof sql> } {
  return {
    statements: [
      phoneStatusStatement(db, { inboxId: message.inboxId, messageSid }, to, externalError, now),
    ],
    events: [
      {
        kind: 'message_updated',
        accountId: message.accountId,
        conversationId: message.conversationId,
        inboxId: message.inboxId,
        contactId: message.contactId,
        messageId: message.id,
      },
    ],
    when: sql`changes() = 1`,
  }
}

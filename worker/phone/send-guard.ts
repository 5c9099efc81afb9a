import type { NewMessage } from '../conversations/messages'
import type { Db } from '../db/client'
import { MESSAGE_TYPE } from '../db/queries/messages'
import { phoneSendState } from '../db/queries/phone-outbound'
import { apiError, fieldError } from '../errors'
import { type PhoneSendRefusal, phoneSendRefusal } from './window'

/** Twilio's limit on a text's body; it splits a longer-than-one-segment text itself. */
export const MAX_TEXT_CHARS = 1600

/** The refusals in words, for the API's 422, the failed message and the composer. */
export const REFUSAL_TEXTS: Record<PhoneSendRefusal, string> = {
  opted_out:
    'The contact opted out of texts from this number (they replied STOP); they must text START before you can reply',
  outside_whatsapp_window:
    "Outside WhatsApp's 24-hour window: only an approved template can be sent",
}

export const TOO_LONG_TEXT = `A text can be at most ${MAX_TEXT_CHARS} characters`

/** Whether a message is a template in WhatsApp's sense: an automatic one or Chatwoot's template_params. */
export function isTemplateMessage(
  messageType: number,
  additionalAttributes: Record<string, unknown> | null | undefined,
) {
  return messageType === MESSAGE_TYPE.template || additionalAttributes?.template_params != null
}

/** Whether a new message is one a phone inbox sends as a text. */
const isText = (message: NewMessage) =>
  (message.messageType === MESSAGE_TYPE.outgoing ||
    message.messageType === MESSAGE_TYPE.template) &&
  message.private !== true

/**
 * Refuses, before it is created, a message a phone inbox could not send: longer than Twilio
 * takes, to a contact who opted out, or (not a template) outside WhatsApp's window. A 422 in the
 * error envelope with the reason in words; a private note, or a message on any other inbox,
 * passes untouched.
 */
export async function refuseUnsendableText(
  db: Db,
  conversation: { inboxId: number; contactInboxId: number | null },
  message: NewMessage,
  now: number,
) {
  if (!isText(message)) return
  const state = await phoneSendState(db, conversation.inboxId, conversation.contactInboxId)
  if (!state) return
  if ((message.content ?? '').length > MAX_TEXT_CHARS) {
    throw apiError('validation_failed', TOO_LONG_TEXT, [
      fieldError('content', `is longer than ${MAX_TEXT_CHARS} characters`, 'too_big'),
    ])
  }
  const refusal = phoneSendRefusal(
    { optedOutAt: state.optedOutAt ?? null, lastInboundAt: state.lastInboundAt ?? null },
    { medium: state.medium },
    now,
    { template: isTemplateMessage(message.messageType, message.additionalAttributes) },
  )
  if (refusal) throw apiError('validation_failed', REFUSAL_TEXTS[refusal])
}

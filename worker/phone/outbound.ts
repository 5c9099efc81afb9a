import type { Db } from '../db/client'
import { recordSentReply, releaseReply } from '../db/queries/outgoing-mail'
import { claimPhoneReply, loadPhoneReply, type PhoneReplyRow } from '../db/queries/phone-outbound'
import { failReply, type SendOutcome } from '../email/outbound'
import { signedMediaUrl } from '../lib/media-links'
import { openAuthToken } from './credentials'
import { isTemplateMessage, MAX_TEXT_CHARS, REFUSAL_TEXTS, TOO_LONG_TEXT } from './send-guard'
import { type OutgoingText, sendText, TwilioSendError } from './twilio-messages'
import { phoneSendRefusal } from './window'

/**
 * Agents' replies and automatic messages on phone inboxes, out as texts through Twilio, the way
 * email replies go out as mail (worker/email/outbound.ts): the message's `message_created` event
 * is the outbox row, publishing queues the send (`queueWaitingSends`, queues/follow-ups.ts), and the send claims
 * the message in D1 first, so a queue message delivered twice, or the sweep's copy, sends at most
 * once; a crash after the claim leaves it for the sweep (phone/outbound-sweep.ts) to mark failed.
 * The claimed, released, recorded and failed states are the mail's own.
 */

export type PhoneQueueMessage = { type: 'phone'; accountId: number; messageId: number }

/** Queues the sends of phone replies; a lost queue message is found again by the sweep. */
export async function queuePhoneReplies(env: Env, accountId: number, messageIds: number[]) {
  const batch = messageIds.map((messageId) => ({
    body: { type: 'phone', accountId, messageId } satisfies PhoneQueueMessage,
  }))
  for (let i = 0; i < batch.length; i += 100) await env.PHONE.sendBatch(batch.slice(i, i + 100))
}

/** The contact's address on the inbox's medium: WhatsApp's carry the `whatsapp:` prefix. */
export function phoneAddress(number: string, medium: 'sms' | 'whatsapp') {
  const bare = number.replace(/^whatsapp:/, '')
  return medium === 'whatsapp' ? `whatsapp:${bare}` : bare
}

/**
 * The origin Twilio reaches us at, for the status callback and the media links: PUBLIC_BASE_URL
 * (a queue consumer has no request), else the local one, as the other links made off-request.
 */
const publicOrigin = (env: Env) =>
  (env.PUBLIC_BASE_URL || 'http://localhost:8787').replace(/\/+$/, '')

export const statusCallbackUrl = (env: Env) => `${publicOrigin(env)}/twilio/delivery_status`

/** The text of a reply, or why it cannot be sent at all. */
async function textOf(env: Env, reply: PhoneReplyRow, now: number): Promise<OutgoingText | string> {
  const { channel } = reply
  const number = reply.contactInboxSourceId?.match(/^(whatsapp:)?\+/)
    ? reply.contactInboxSourceId
    : reply.contactPhone
  if (!number) return 'the contact has no phone number'
  // Checked again at the send: a STOP may have come in since the message was written, and an
  // automatic message was never checked.
  const refusal = phoneSendRefusal(
    { optedOutAt: reply.optedOutAt ?? null, lastInboundAt: reply.lastInboundAt ?? null },
    { medium: channel.medium },
    now,
    {
      template: isTemplateMessage(
        reply.message.messageType,
        reply.message.additionalAttributes as Record<string, unknown>,
      ),
    },
  )
  if (refusal) return REFUSAL_TEXTS[refusal]
  if ((reply.message.content ?? '').length > MAX_TEXT_CHARS) return TOO_LONG_TEXT
  const authToken = await openAuthToken(env, channel.authTokenEncrypted)
  if (!authToken) return "the inbox's Twilio auth token cannot be read"
  const mediaUrls: string[] = []
  for (const file of reply.files) {
    const url = await signedMediaUrl(env.PLATFORM_API_TOKEN, publicOrigin(env), file.objectKey, now)
    if (!url) return 'attachments cannot be linked without the PLATFORM_API_TOKEN secret'
    mediaUrls.push(url)
  }
  if (!reply.message.content && mediaUrls.length === 0) return 'the message is empty'
  return {
    accountSid: channel.accountSid,
    authToken,
    to: phoneAddress(number, channel.medium),
    from: channel.phoneNumber ? phoneAddress(channel.phoneNumber, channel.medium) : null,
    messagingServiceSid: channel.messagingServiceSid,
    body: reply.message.content ?? '',
    mediaUrls,
    statusCallback: statusCallbackUrl(env),
  }
}

/** What a send came to; a retry carries Twilio's Retry-After when it gave one. */
export type PhoneSendOutcome = Exclude<SendOutcome, 'retry'> | { retryAfterSeconds: number | null }

/**
 * Sends one phone reply, once: claims it, sends it through Twilio and records the MessageSid in
 * `source_id` (what status callbacks find it by). A 429 or 5xx releases the claim for the queue's
 * retry, unless this is the last attempt; any other refusal marks the message failed with
 * Twilio's code and message. A message not waiting (sent, failed, claimed by another delivery,
 * deleted, a private note, not on a phone inbox) is skipped.
 */
export async function sendPhoneReply(
  env: Env,
  db: Db,
  target: { accountId: number; messageId: number },
  options: { lastAttempt: boolean; now: number; fetcher?: typeof fetch },
): Promise<PhoneSendOutcome> {
  const claim = crypto.randomUUID()
  const { now } = options
  if (!(await claimPhoneReply(db, target.messageId, claim, now))) return 'skipped'
  const fail = async (reason: string) => {
    await failReply(env, db, { ...target, claim }, reason, now)
    return 'failed' as const
  }
  const reply = await loadPhoneReply(db, target.messageId)
  if (!reply) return 'skipped'
  const text = await textOf(env, reply, now)
  if (typeof text === 'string') return fail(text)
  let sent: { messageSid: string }
  try {
    sent = await sendText(env.TWILIO_API_BASE, text, options.fetcher)
  } catch (error) {
    const retryable = error instanceof TwilioSendError ? error.retryable : true
    if (retryable && !options.lastAttempt) {
      await releaseReply(db, reply.message.id, claim, now)
      const after = error instanceof TwilioSendError ? error.retryAfterSeconds : null
      return { retryAfterSeconds: after }
    }
    return fail(error instanceof Error ? error.message : String(error))
  }
  // Outside the try: the text has left, so a failure to record it must not release the claim
  // (that would send it again); the claim stays for the sweep to report.
  await recordSentReply(db, reply.message.id, claim, sent.messageSid, now)
  return 'sent'
}

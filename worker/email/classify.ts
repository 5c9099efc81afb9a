// What kind of mail this is, so that only mail from a person is ever answered automatically.
// Bounces, auto-replies and bulk mail are stored like any other, but nothing replies to them:
// answering an out-of-office or a mailing list is how mail loops and wrong threads start.
import type { InboundMail } from './parse'

export type MailKind = 'normal' | 'auto_reply' | 'bounce' | 'bulk'
export type MailClass = { kind: MailKind; reason: string }

type Classified = Pick<InboundMail, 'headers' | 'contentType' | 'from' | 'envelope'>

// Mailer daemons write bounces from these local parts (RFC 5321 §4.5.1, and common practice).
const BOUNCE_SENDER = /^(mailer-daemon|postmaster)(@|$)/i
const BULK_PRECEDENCE = new Set(['bulk', 'list', 'junk'])

function headerOf(mail: Classified, name: string): string | undefined {
  return mail.headers.find((h) => h.key === name)?.value.trim()
}

/** The first token of a header value, lowercased: `auto-replied; owner-email=…` → `auto-replied`. */
function tokenOf(value: string): string {
  return value.split(/[;\s(]/, 1)[0]?.toLowerCase() ?? ''
}

function bounceReason(mail: Classified): string | null {
  const envelopeFrom = mail.envelope.from.trim()
  // Bounces are sent with an empty envelope sender (RFC 5321 §4.5.5).
  if (envelopeFrom === '' || envelopeFrom === '<>') return 'empty envelope sender'
  if (BOUNCE_SENDER.test(envelopeFrom)) return `envelope sender ${envelopeFrom}`
  if (mail.from && BOUNCE_SENDER.test(mail.from.address)) return `sender ${mail.from.address}`
  const type = mail.contentType
  if (
    /^\s*multipart\/report\b/i.test(type) &&
    /report-type\s*=\s*"?delivery-status"?/i.test(type)
  ) {
    return 'delivery status notification (multipart/report)'
  }
  return null
}

function autoReplyReason(mail: Classified): string | null {
  const submitted = headerOf(mail, 'auto-submitted')
  if (submitted && tokenOf(submitted) !== 'no') return `Auto-Submitted: ${tokenOf(submitted)}`
  if (headerOf(mail, 'x-autoreply') !== undefined) return 'X-Autoreply header'
  if (headerOf(mail, 'x-autorespond') !== undefined) return 'X-Autorespond header'
  const precedence = headerOf(mail, 'precedence')
  if (precedence && tokenOf(precedence) === 'auto_reply') return 'Precedence: auto_reply'
  return null
}

function bulkReason(mail: Classified): string | null {
  const precedence = headerOf(mail, 'precedence')
  if (precedence && BULK_PRECEDENCE.has(tokenOf(precedence))) {
    return `Precedence: ${tokenOf(precedence)}`
  }
  if (headerOf(mail, 'list-id') !== undefined) return 'List-Id header'
  if (headerOf(mail, 'list-unsubscribe') !== undefined) return 'List-Unsubscribe header'
  return null
}

/**
 * Bounce first (a DSN is also auto-submitted), then auto-reply, then bulk; anything else is
 * mail from a person.
 */
export function classifyMail(mail: Classified): MailClass {
  const bounce = bounceReason(mail)
  if (bounce) return { kind: 'bounce', reason: bounce }
  const autoReply = autoReplyReason(mail)
  if (autoReply) return { kind: 'auto_reply', reason: autoReply }
  const bulk = bulkReason(mail)
  if (bulk) return { kind: 'bulk', reason: bulk }
  return { kind: 'normal', reason: 'no automatic-mail header' }
}

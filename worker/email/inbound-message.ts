// What an inbound mail becomes on its message: Chatwoot's content_attributes.email, the trimmed
// reply the agent reads, how the mail was classified and whether its sender authenticated.
// Pure: no database.
import type { AuthResults } from './auth-results'
import type { MailClass } from './classify'
import type { InboundMail } from './parse'
import type { TrimmedReply } from './trim'

// A message row holds the full text and HTML; beyond this each is cut (D1 rows are limited).
export const MAX_KEPT_BODY_CHARS = 256 * 1024

const kept = (value: string) => value.slice(0, MAX_KEPT_BODY_CHARS)

/**
 * A failed check means the From address may not be who sent the mail: DMARC failed, or SPF or
 * DKIM failed without the other passing.
 */
export function senderAuthFailed(auth: AuthResults): boolean {
  return (
    auth.dmarc === 'fail' ||
    (auth.spf === 'fail' && auth.dkim !== 'pass') ||
    (auth.dkim === 'fail' && auth.spf !== 'pass')
  )
}

/** What follows the reply in the full text: the quoted history and signature. */
function quotedPart(full: string, reply: TrimmedReply): string {
  if (!reply.trimmed) return ''
  const at = full.indexOf(reply.text)
  return at < 0 ? full : full.slice(at + reply.text.length).trim()
}

export type StoredInline = { contentId: string; key: string }

/**
 * Chatwoot's `content_attributes.email`, plus what Parley adds: `references`, the sender's
 * `auth` results and `sender_auth_failed`, `mail_kind` with `auto_reply` (true for anything
 * not from a person: never answer it automatically), `inline_images` (cid → stored file path)
 * and `skipped_attachments` (refused by the upload rules).
 */
export function emailAttributesOf(
  mail: InboundMail,
  reply: TrimmedReply,
  kind: MailClass,
  files: { count: number; inline: StoredInline[]; skipped: { filename: string; reason: string }[] },
) {
  const full = mail.text.replace(/\r\n?/g, '\n').trim()
  return {
    subject: mail.subject,
    from: mail.from ? [mail.from.address] : [],
    from_name: mail.from?.name || null,
    to: mail.to.map((a) => a.address),
    cc: mail.cc.map((a) => a.address),
    bcc: [],
    reply_to: mail.replyTo.map((a) => a.address),
    in_reply_to: mail.inReplyTo,
    references: mail.references,
    message_id: mail.messageId,
    date: mail.date,
    text_content: {
      full: kept(full),
      reply: kept(reply.text),
      quoted: kept(quotedPart(full, reply)),
    },
    // HTML is not trimmed: the dashboard shows it only as the full message.
    html_content: mail.html ? { full: kept(mail.html), reply: kept(mail.html), quoted: '' } : null,
    multipart: mail.contentType.toLowerCase().startsWith('multipart/'),
    number_of_attachments: files.count,
    content_type: mail.contentType,
    auth: mail.auth,
    sender_auth_failed: senderAuthFailed(mail.auth),
    mail_kind: kind.kind,
    mail_kind_reason: kind.reason,
    auto_reply: kind.kind !== 'normal',
    inline_images: Object.fromEntries(files.inline.map((f) => [f.contentId, `/files/${f.key}`])),
    skipped_attachments: files.skipped,
  }
}

export type EmailAttributes = ReturnType<typeof emailAttributesOf>

/** The conversation's additional attributes a mail sets (Chatwoot keeps mail_subject there). */
export function conversationMailAttributes(mail: InboundMail, email: EmailAttributes) {
  return {
    source: 'email',
    mail_subject: mail.subject,
    ...(email.sender_auth_failed ? { sender_auth_failed: true, sender_auth: mail.auth } : {}),
    ...(email.auto_reply ? { auto_reply: true } : {}),
  }
}

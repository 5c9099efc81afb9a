import { MESSAGE_TYPE } from '../db/queries/messages'
import type { ReplyRow } from '../db/queries/outgoing-mail'
import { mailSenderSettings } from '../schemas/inboxes'
import type { MailAddress, MailAttachment, OutgoingMail } from './mailer'
import { replyHtml, replyText } from './render-reply'
import { replyAddress } from './reply-address'

/** The earlier mail of a conversation, oldest first (db/queries/outgoing-mail.ts). */
export type ThreadMail = { sourceId: string | null; messageType: number; subject: string | null }

/**
 * References carries the first id of the thread and the latest ones: enough for every client to
 * thread, while a long conversation's header stays a sane length (RFC 5322 §3.6.4 lets it be cut
 * this way).
 */
export const MAX_REFERENCES = 20

/** Chatwoot's subject for a conversation no mail started. */
const NO_SUBJECT = 'New messages on this conversation'

const bracketed = (id: string) => `<${id.replace(/^<|>$/g, '')}>`

function emailsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string')
  if (typeof value !== 'string') return []
  return value
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '')
}

const unique = (addresses: MailAddress[]) => {
  const seen = new Set<string>()
  return addresses.filter((a) => {
    const key = a.address.toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/**
 * The subject: Chatwoot's `mail_subject` of the conversation, else the first customer mail's,
 * as `Re: …`; a conversation no mail started gets the inbox's name and its number.
 */
export function replySubject(reply: ReplyRow, thread: ThreadMail[]) {
  const attributes = (reply.conversation.additionalAttributes ?? {}) as Record<string, unknown>
  const stored = typeof attributes.mail_subject === 'string' ? attributes.mail_subject : null
  const first = thread.find((m) => m.messageType === MESSAGE_TYPE.incoming && m.subject)?.subject
  const subject = (stored ?? first ?? '').trim()
  if (!subject) return `[${reply.inbox.name} #${reply.conversation.displayId}] ${NO_SUBJECT}`
  return /^re:/i.test(subject) ? subject : `Re: ${subject}`
}

/**
 * The sender's name, as Chatwoot's mailer (inbox sender_name_type): friendly is "<agent> from
 * <business>", professional is "<business>"; the business is the inbox's business_name, else its
 * name. A mail no agent or bot wrote (the CSAT link, a template) is the business's alone.
 */
export function mailSenderName(
  inbox: { name: string; settings: Record<string, unknown> },
  agent: string | null,
): string {
  const { businessName, senderNameType } = mailSenderSettings(inbox.settings)
  const business = businessName ?? inbox.name
  return agent && senderNameType === 'friendly' ? `${agent} from ${business}` : business
}

/** Chatwoot's sender: the sender name above, at the inbox's address. */
export function replyFrom(reply: ReplyRow): MailAddress {
  return {
    address: reply.inbox.email ?? '',
    name: mailSenderName(reply.inbox, reply.userName ?? reply.botName),
  }
}

/** In-Reply-To and References from the thread's stored ids. */
export function threadHeaders(thread: ThreadMail[]): Record<string, string> {
  const ids = [...new Set(thread.flatMap((m) => (m.sourceId ? [m.sourceId] : [])))]
  const lastInbound = thread.findLast((m) => m.messageType === MESSAGE_TYPE.incoming && m.sourceId)
  const kept =
    ids.length > MAX_REFERENCES ? [ids[0] as string, ...ids.slice(-(MAX_REFERENCES - 1))] : ids
  return {
    ...(lastInbound?.sourceId ? { 'In-Reply-To': bracketed(lastInbound.sourceId) } : {}),
    ...(kept.length ? { References: kept.map(bracketed).join(' ') } : {}),
  }
}

/**
 * The mail of an agent's reply on an email conversation: from the inbox's address, to the
 * contact (or the message's `to_emails`), with its `cc_emails` and `bcc_emails`, threaded on the
 * conversation's stored ids, answered to the conversation's reply+ address when the deployment
 * receives mail, its content escaped into HTML, its files attached.
 */
export function composeReply(
  reply: ReplyRow,
  thread: ThreadMail[],
  domain: string | null,
  files: MailAttachment[],
): OutgoingMail {
  const attributes = (reply.message.contentAttributes ?? {}) as Record<string, unknown>
  const listed = emailsIn(attributes.to_emails).map((address) => ({ address }))
  const contact = reply.contact.email
    ? [
        {
          address: reply.contact.email,
          ...(reply.contact.name ? { name: reply.contact.name } : {}),
        },
      ]
    : []
  const content = reply.message.content ?? ''
  const headers = threadHeaders(thread)
  return {
    from: replyFrom(reply),
    to: unique(listed.length > 0 ? listed : contact),
    cc: unique(emailsIn(attributes.cc_emails).map((address) => ({ address }))),
    bcc: unique(emailsIn(attributes.bcc_emails).map((address) => ({ address }))),
    ...(domain
      ? { replyTo: replyAddress(domain, reply.message.accountId, reply.conversation.uuid) }
      : {}),
    subject: replySubject(reply, thread),
    text: replyText(content),
    html: replyHtml(content),
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(files.length ? { attachments: files } : {}),
  }
}

// Inbound mail, understood: the raw MIME that Email Routing hands the email() handler turned into
// the fields Parley keeps. Pure: no database, no HTTP; a refusal is a typed error whose reason the
// caller passes to message.setReject.
import PostalMime, { type Email } from 'postal-mime'
import { readAtMost } from '../lib/streams'
import {
  type MailAddress,
  mailAddressesOf,
  messageIdOf,
  messageIdsOf,
  normalizeAddress,
} from './addresses'
import { type AuthResults, authResultsOf } from './auth-results'
import { htmlToText } from './html-text'

/** Email Routing does not carry messages bigger than 25 MiB (developers.cloudflare.com/email-routing/limits). */
export const INBOUND_MAIL_LIMIT_BYTES = 25 * 1024 * 1024

export type MailRefusalKind = 'too_large' | 'unparsable'

/** A mail Parley will not take; `reason` is an SMTP enhanced status code and text. */
export class MailRefusal extends Error {
  constructor(
    readonly kind: MailRefusalKind,
    readonly reason: string,
  ) {
    super(reason)
    this.name = 'MailRefusal'
  }
}

export type MailEnvelope = { from: string; to: string; headers?: Headers }

export type InboundAttachment = {
  filename: string | null
  mimeType: string
  size: number
  bytes: Uint8Array
  /** Without angle brackets, as `cid:` URLs in the HTML name it. */
  contentId: string | null
  disposition: 'inline' | 'attachment'
}

export type InboundMail = {
  envelope: { from: string; to: string }
  subject: string
  /** The From header, or the envelope sender when the mail has none. */
  from: MailAddress | null
  to: MailAddress[]
  cc: MailAddress[]
  replyTo: MailAddress[]
  messageId: string | null
  inReplyTo: string | null
  references: string[]
  /** ISO 8601, or null when the Date header is missing or does not parse. */
  date: string | null
  /** The plain text, derived from the HTML when the mail has only HTML. */
  text: string
  html: string | null
  attachments: InboundAttachment[]
  auth: AuthResults
  /** Every header in order, names lowercased, for classification. */
  headers: { key: string; value: string }[]
  /** The top-level Content-Type value, e.g. `multipart/report; report-type=delivery-status`. */
  contentType: string
  /** Bytes of the raw message. */
  size: number
}

export type ParseOptions = { maxBytes?: number }

function tooLarge(size: number | string, maxBytes: number): MailRefusal {
  return new MailRefusal(
    'too_large',
    `5.3.4 Message too big for this inbox: ${size} bytes, the limit is ${maxBytes} bytes`,
  )
}

const UNPARSABLE = '5.6.0 Message could not be parsed as an email (RFC 5322)'

/** The raw bytes, refusing as soon as they pass the limit: a stream is not read past it. */
async function bytesOf(
  raw: ReadableStream | ArrayBuffer | string,
  maxBytes: number,
): Promise<Uint8Array> {
  if (typeof raw === 'string') {
    const bytes = new TextEncoder().encode(raw)
    if (bytes.length > maxBytes) throw tooLarge(bytes.length, maxBytes)
    return bytes
  }
  if (raw instanceof ArrayBuffer) {
    if (raw.byteLength > maxBytes) throw tooLarge(raw.byteLength, maxBytes)
    return new Uint8Array(raw)
  }
  return readAtMost(raw as ReadableStream<Uint8Array>, maxBytes, () =>
    tooLarge(`more than ${maxBytes}`, maxBytes),
  )
}

// A header field name is printable ASCII without a colon (RFC 5322 §2.2); an mbox "From " line
// may come first.
const FIRST_HEADER_LINE = /^(?:From [^\r\n]*\r?\n)?[\x21-\x39\x3b-\x7e]+[ \t]*:/
const MESSAGE_HEADERS = new Set(['from', 'to', 'subject', 'date', 'message-id', 'received'])

function looksLikeMail(bytes: Uint8Array): boolean {
  const start = new TextDecoder('latin1').decode(bytes.subarray(0, 1000))
  return FIRST_HEADER_LINE.test(start)
}

function isoDate(value: string | undefined): string | null {
  if (!value) return null
  const time = Date.parse(value)
  return Number.isNaN(time) ? null : new Date(time).toISOString()
}

function attachmentOf(part: Email['attachments'][number]): InboundAttachment {
  const content = part.content
  const bytes =
    typeof content === 'string'
      ? new TextEncoder().encode(content)
      : content instanceof Uint8Array
        ? content
        : new Uint8Array(content)
  const contentId = messageIdOf(part.contentId) ?? part.contentId?.trim() ?? null
  return {
    filename: part.filename,
    mimeType: part.mimeType,
    size: bytes.byteLength,
    bytes,
    contentId: contentId || null,
    // Any other disposition token is treated as an attachment (RFC 2183 §2.8).
    disposition:
      part.disposition === 'inline' || (!part.disposition && contentId) ? 'inline' : 'attachment',
  }
}

export async function parseInboundMail(
  raw: ReadableStream | ArrayBuffer | string,
  envelope: MailEnvelope,
  options: ParseOptions = {},
): Promise<InboundMail> {
  const maxBytes = options.maxBytes ?? INBOUND_MAIL_LIMIT_BYTES
  const bytes = await bytesOf(raw, maxBytes)
  if (!looksLikeMail(bytes)) throw new MailRefusal('unparsable', UNPARSABLE)
  let email: Email
  try {
    email = await PostalMime.parse(bytes, { attachmentEncoding: 'arraybuffer' })
  } catch {
    throw new MailRefusal('unparsable', UNPARSABLE)
  }
  const headers = email.headers.map(({ key, value }) => ({ key, value }))
  if (!headers.some((h) => MESSAGE_HEADERS.has(h.key))) {
    throw new MailRefusal('unparsable', UNPARSABLE)
  }
  const from = mailAddressesOf(email.from)[0] ?? null
  const envelopeFrom = normalizeAddress(envelope.from)
  return {
    envelope: { from: envelope.from, to: envelope.to },
    subject: (email.subject ?? '').trim(),
    from: from ?? (envelopeFrom ? { name: '', address: envelopeFrom } : null),
    to: mailAddressesOf(email.to),
    cc: mailAddressesOf(email.cc),
    replyTo: mailAddressesOf(email.replyTo),
    messageId: messageIdOf(email.messageId),
    inReplyTo: messageIdOf(email.inReplyTo),
    references: messageIdsOf(email.references),
    date: isoDate(email.date),
    text: email.text ?? (email.html ? await htmlToText(email.html) : ''),
    html: email.html ?? null,
    attachments: email.attachments.map(attachmentOf),
    auth: authResultsOf(headers),
    headers,
    contentType: headers.find((h) => h.key === 'content-type')?.value ?? 'text/plain',
    size: bytes.byteLength,
  }
}

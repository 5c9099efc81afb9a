/**
 * The one way Parley sends mail. Production binds Cloudflare Email Service (`send_email`,
 * `env.EMAIL`); `wrangler dev` simulates that binding and keeps every sent mail in its local
 * explorer. A self-hoster who prefers their own SMTP server puts a Workers SMTP client behind the
 * same interface. Callers never build MIME: they describe the mail and get back the id the
 * service gave it, which is what threading stores (Cloudflare sets Message-ID; it cannot be set).
 */

import { readSmtpUrl, smtpMailer } from './smtp-mailer'

export type MailAddress = { address: string; name?: string }

export type MailAttachment = {
  filename: string
  type: string
  content: ArrayBuffer | Uint8Array | string
  /** Inline parts (images an HTML body shows with `cid:`) carry their content id. */
  contentId?: string
}

export type OutgoingMail = {
  from: MailAddress
  to: MailAddress[]
  cc?: MailAddress[]
  bcc?: MailAddress[]
  replyTo?: string
  subject: string
  text: string
  html?: string
  /** Only headers the service lets us set: In-Reply-To, References and other custom ones. */
  headers?: Record<string, string>
  attachments?: MailAttachment[]
}

export type SentMail = { messageId: string }

export interface Mailer {
  send(mail: OutgoingMail): Promise<SentMail>
}

/** A failure the service reported for one mail: kept on the message as its external error. */
export class MailSendError extends Error {
  constructor(
    message: string,
    /** A retry may succeed (a quota or a timeout), as opposed to a refused address. */
    readonly retryable: boolean,
  ) {
    super(message)
    this.name = 'MailSendError'
  }
}

// Header values are one line: a CR or LF in a name or subject would start a new header.
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim()

const toEmailAddress = (mail: MailAddress): EmailAddress | string =>
  mail.name && oneLine(mail.name) ? { name: oneLine(mail.name), email: mail.address } : mail.address

function toAttachment(file: MailAttachment): EmailAttachment {
  return file.contentId
    ? {
        disposition: 'inline',
        contentId: file.contentId,
        filename: file.filename,
        type: file.type,
        content: file.content,
      }
    : { disposition: 'attachment', filename: file.filename, type: file.type, content: file.content }
}

/** The builder Email Service's `send` takes, from our description of a mail. */
export function toEmailMessageBuilder(mail: OutgoingMail): EmailMessageBuilder {
  const headers = Object.fromEntries(
    Object.entries(mail.headers ?? {}).map(([name, value]) => [name, oneLine(value)]),
  )
  return {
    from: toEmailAddress(mail.from),
    to: mail.to.map(toEmailAddress),
    ...(mail.cc?.length ? { cc: mail.cc.map(toEmailAddress) } : {}),
    ...(mail.bcc?.length ? { bcc: mail.bcc.map(toEmailAddress) } : {}),
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: oneLine(mail.subject),
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(mail.attachments?.length ? { attachments: mail.attachments.map(toAttachment) } : {}),
  }
}

/** Email Service through its `send_email` binding. */
export function emailServiceMailer(binding: SendEmail): Mailer {
  return {
    async send(mail) {
      try {
        const result = await binding.send(toEmailMessageBuilder(mail))
        return { messageId: result.messageId }
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        // The binding throws for refused input (a bad address, too many recipients) and for
        // passing trouble alike; only the latter is worth a retry.
        const retryable = !/invalid|not allowed|not verified|too many|too large/i.test(reason)
        throw new MailSendError(reason, retryable)
      }
    },
  }
}

/**
 * The deployment's mailer: the self-hoster's own SMTP server when the `SMTP_URL` secret is set,
 * else Email Service when the binding is configured, else none.
 */
export function mailerOf(env: Env): Mailer | null {
  if (env.SMTP_URL) return smtpMailer(readSmtpUrl(env.SMTP_URL), MailSendError)
  return env.EMAIL ? emailServiceMailer(env.EMAIL) : null
}

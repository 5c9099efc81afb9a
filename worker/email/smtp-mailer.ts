/**
 * The mailer for a self-hoster's own SMTP server, chosen by the `SMTP_URL` secret
 * (`smtp://user:pass@host:587`, or `smtps://…` for implicit TLS on 465). It speaks SMTP through
 * worker-mailer, a maintained Workers client over `cloudflare:sockets`; Parley has no SMTP code.
 *
 * Two gaps of the library are closed here rather than by hand-written SMTP:
 * - it writes recipients given as `bcc` into a `BCC` header every recipient sees, so blind copies
 *   go out as a second envelope of the same message (same Message-ID, To and Cc headers);
 * - it has no inline parts, so an image with a content id travels as an ordinary attachment.
 */
import { type EmailOptions, encodeHeader, LogLevel, type User, WorkerMailer } from 'worker-mailer'
// Types only: mailer.ts imports this module, so its MailSendError class is handed in at run time.
import type {
  MailAddress,
  MailAttachment,
  Mailer,
  MailSendError,
  OutgoingMail,
  SentMail,
} from './mailer'

type MailSendErrorClass = typeof MailSendError

export type SmtpServer = {
  host: string
  port: number
  secure: boolean
  credentials?: { username: string; password: string }
}

/** Where `SMTP_URL` points; a URL that is not smtp:// or smtps:// with a host is a setup mistake. */
export function readSmtpUrl(value: string): SmtpServer {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error('SMTP_URL is not a URL (smtp://user:pass@host:port)')
  }
  const secure = url.protocol === 'smtps:'
  if ((!secure && url.protocol !== 'smtp:') || !url.hostname) {
    throw new Error('SMTP_URL must be smtp://user:pass@host:port or smtps://…')
  }
  const username = decodeURIComponent(url.username)
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(username ? { credentials: { username, password: decodeURIComponent(url.password) } } : {}),
  }
}

// Header values are one line: a CR or LF in a name or subject would start a new header. The
// library quotes display names without escaping, so quotes and backslashes go too.
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim()
const displayName = (value: string) => oneLine(value).replace(/["\\]/g, '')

const toUser = (mail: MailAddress): User => {
  const name = mail.name ? displayName(mail.name) : ''
  return name ? { name, email: mail.address } : { email: mail.address }
}

// The same form the library gives its own To and Cc headers.
const headerList = (users: User[]) =>
  users.map((u) => (u.name ? `"${encodeHeader(u.name)}" <${u.email}>` : u.email)).join(', ')

function base64(content: MailAttachment['content']): string {
  const bytes =
    typeof content === 'string'
      ? new TextEncoder().encode(content)
      : content instanceof Uint8Array
        ? content
        : new Uint8Array(content)
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return btoa(binary)
}

const toAttachment = (file: MailAttachment) => ({
  // The library puts the name inside quotes unescaped.
  filename: oneLine(file.filename).replace(/["\\]/g, '_') || 'attachment',
  mimeType: file.type,
  content: base64(file.content),
})

/**
 * The envelopes worker-mailer sends for one mail: the first to To and Cc, then, if there are
 * blind copies, the same message (headers fixed up front, so no Bcc header) to the Bcc alone.
 */
export function toSmtpEmails(mail: OutgoingMail, messageId: string): EmailOptions[] {
  const to = mail.to.map(toUser)
  const cc = (mail.cc ?? []).map(toUser)
  const bcc = (mail.bcc ?? []).map(toUser)
  const headers: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(mail.headers ?? {}).map(([name, value]) => [oneLine(name), oneLine(value)]),
    ),
    'Message-ID': messageId,
    Date: new Date().toUTCString(),
  }
  const message = {
    from: toUser(mail.from),
    subject: oneLine(mail.subject),
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    ...(mail.replyTo ? { reply: oneLine(mail.replyTo) } : {}),
    ...(mail.attachments?.length ? { attachments: mail.attachments.map(toAttachment) } : {}),
  }
  // The library mutates the headers it is given, so each envelope gets its own copy.
  const first: EmailOptions = {
    ...message,
    to,
    ...(cc.length ? { cc } : {}),
    headers: { ...headers },
  }
  if (!bcc.length) return [first]
  const shown = { To: headerList(to), ...(cc.length ? { CC: headerList(cc) } : {}) }
  return [first, { ...message, to: bcc, headers: { ...headers, ...shown } }]
}

/**
 * Whether a failure may pass: a 4xx reply, a timeout or a dropped connection may; a 5xx reply
 * (a refused address, failed authentication) or a setup mistake will not.
 */
export function smtpFailure(error: unknown, Failure: MailSendErrorClass): MailSendError {
  const reason = error instanceof Error ? error.message : String(error)
  const code = /(?:^|\s)([245])\d\d(?:[\s-]|$)/.exec(reason)?.[1]
  const setup = /no credentials|no supported auth|requires authentication/i.test(reason)
  return new Failure(reason, code === '4' || (!code && !setup))
}

/**
 * Mail through the SMTP server `SMTP_URL` names, one connection per mail. Failures are thrown as
 * `Failure` (mailer.ts's MailSendError), the one error every caller of a Mailer expects.
 */
export function smtpMailer(server: SmtpServer, Failure: MailSendErrorClass): Mailer {
  return {
    async send(mail): Promise<SentMail> {
      const domain = mail.from.address.split('@').pop() || 'parley.invalid'
      const messageId = `<${crypto.randomUUID()}@${domain}>`
      let client: WorkerMailer | undefined
      try {
        const envelopes = toSmtpEmails(mail, messageId)
        client = await WorkerMailer.connect({
          host: server.host,
          port: server.port,
          secure: server.secure,
          ...(server.credentials
            ? { credentials: server.credentials, authType: ['plain', 'login', 'cram-md5'] }
            : {}),
          // The library waits this long for a reply as well as for the connection.
          socketTimeoutMs: 15_000,
          logLevel: LogLevel.NONE,
        })
        for (const envelope of envelopes) await client.send(envelope)
        return { messageId }
      } catch (error) {
        throw error instanceof Failure ? error : smtpFailure(error, Failure)
      } finally {
        await client?.close().catch(() => {})
      }
    },
  }
}

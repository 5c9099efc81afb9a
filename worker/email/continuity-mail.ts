import { escapeHtml } from './agent-mail'
import type { MailAddress, OutgoingMail } from './mailer'

/**
 * The mail a website visitor gets with the agents' replies they missed: the inbox's name and
 * widget colour, each reply (escaped; text and HTML), and a link back to the page they chatted
 * on. Their answer goes to Reply-To, the conversation's reply+ address, and threads back in.
 */

const DEFAULT_COLOR = '#1f93ff'

/** The widget colour when it is a plain hex colour (it goes into a style attribute). */
export const safeColor = (value: unknown) =>
  typeof value === 'string' && /^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i.test(value) ? value : DEFAULT_COLOR

/** An http(s) page address, or null: nothing else becomes a link. */
export function safePageUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null
  } catch {
    return null
  }
}

export type ContinuityMail = {
  from: MailAddress
  to: MailAddress
  replyTo: string | null
  inboxName: string
  color: string
  pageUrl: string | null
  replies: { content: string | null }[]
}

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((part) => `<p style="margin:0 0 12px">${escapeHtml(part).replace(/\n/g, '<br>')}</p>`)
    .join('')

export function continuityMail(mail: ContinuityMail): OutgoingMail {
  const replies = mail.replies.map((reply) => reply.content?.trim() ?? '').filter(Boolean)
  const subject =
    replies.length === 1
      ? `New reply from ${mail.inboxName}`
      : `${replies.length} new replies from ${mail.inboxName}`
  const answer = mail.replyTo
    ? 'Reply to this email to answer, or continue the chat on the page.'
    : 'Continue the chat on the page.'
  const text = [
    `${mail.inboxName} replied to your chat:`,
    ...replies.map((reply) => reply),
    answer,
    ...(mail.pageUrl ? [mail.pageUrl] : []),
  ].join('\n\n')
  const link = mail.pageUrl
    ? `<p><a href="${escapeHtml(mail.pageUrl)}" style="color:${mail.color}">Back to the chat</a></p>`
    : ''
  const html =
    `<div style="font-family:sans-serif;max-width:560px">` +
    `<div style="background:${mail.color};color:#fff;padding:12px 16px;font-weight:bold">${escapeHtml(mail.inboxName)}</div>` +
    `<div style="padding:16px">` +
    replies
      .map(
        (reply) =>
          `<div style="border-left:3px solid ${mail.color};padding-left:12px;margin-bottom:16px">${paragraphs(reply)}</div>`,
      )
      .join('') +
    `<p>${escapeHtml(answer)}</p>${link}</div></div>`
  return {
    from: mail.from,
    to: [mail.to],
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject,
    text: `${text}\n`,
    html,
  }
}

import type { MailAddress, OutgoingMail } from './mailer'

/**
 * Mail to agents: the invitation and password-reset links an administrator (or "Forgot
 * password?") asked for. Plain text and HTML with every value escaped; the link is the only
 * thing to click.
 */

/** `Name <address>` or a bare address, as the `MAIL_FROM` var spells it; null when unset. */
export function readMailFrom(value: string | undefined): MailAddress | null {
  const text = value?.trim()
  if (!text) return null
  const named = /^(.*?)\s*<([^<>\s]+@[^<>\s]+)>$/.exec(text)
  if (named?.[2]) {
    const name = named[1]?.replace(/^"|"$/g, '').trim()
    return name ? { address: named[2], name } : { address: named[2] }
  }
  return /^[^<>\s]+@[^<>\s]+$/.test(text) ? { address: text } : null
}

export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')

type LinkMail = {
  from: MailAddress
  to: { address: string; name?: string }
  url: string
  expiresAt: Date
}

function linkMail(mail: LinkMail, subject: string, lead: string, action: string): OutgoingMail {
  const expiry = mail.expiresAt.toUTCString()
  const text = `${lead}\n\n${action}: ${mail.url}\n\nThe link works once, until ${expiry}.\n`
  const html =
    `<p>${escapeHtml(lead)}</p>` +
    `<p><a href="${escapeHtml(mail.url)}">${escapeHtml(action)}</a></p>` +
    `<p>The link works once, until ${escapeHtml(expiry)}.</p>`
  return { from: mail.from, to: [mail.to], subject, text, html }
}

/** An invitation to set a password and join `accountName`. */
export const invitationMail = (mail: LinkMail & { accountName: string }) =>
  linkMail(
    mail,
    `You are invited to ${mail.accountName} on Parley`,
    `You have been invited to join ${mail.accountName} on Parley.`,
    'Set your password',
  )

/** A link to choose a new password. */
export const passwordResetMail = (mail: LinkMail) =>
  linkMail(
    mail,
    'Reset your Parley password',
    'Someone asked to reset the password of your Parley account. If it was not you, ignore this mail: your password stays as it is.',
    'Choose a new password',
  )

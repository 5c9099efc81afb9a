import { readMailFrom } from './agent-mail'
import type { MailAddress } from './mailer'

/*
 * An account's support_email (Chatwoot: the From of the mail its non-email channels send, e.g.
 * continuity). Parley sends only from the deployment's verified domain, MAIL_FROM's, so the API
 * accepts a support_email on that domain only (routes/account-mail-fields.ts), and a mail uses
 * it only while it still is (a deployment that changes MAIL_FROM's domain falls back to MAIL_FROM).
 */

export const domainOf = (address: string) =>
  address.slice(address.lastIndexOf('@') + 1).toLowerCase()

/** The domain this deployment sends mail from (MAIL_FROM's), lower-cased; null when it sends none. */
export function sendingDomain(env: Pick<Env, 'MAIL_FROM'>): string | null {
  const from = readMailFrom(env.MAIL_FROM)
  return from ? domainOf(from.address) : null
}

/** The From of a mail the account sends for a website inbox: its support_email, else MAIL_FROM. */
export function accountFrom(mailFrom: MailAddress, supportEmail: string | null): MailAddress {
  if (!supportEmail || domainOf(supportEmail) !== domainOf(mailFrom.address)) return mailFrom
  return { ...mailFrom, address: supportEmail }
}

import { domainOf, sendingDomain } from '../email/account-sender'
import { inboundDomain } from '../email/reply-address'
import { fieldError, validationError } from '../errors'

/*
 * An account's `domain` and `support_email` (Chatwoot's account settings, which its dashboard
 * sends back on every save with the stored values). Parley receives all mail at the deployment's
 * INBOUND_EMAIL_DOMAIN and sends from MAIL_FROM's verified domain, so:
 * - support_email: accepted on MAIL_FROM's domain, then the From of the account's continuity
 *   mails (email/account-sender.ts); any other domain is refused by name;
 * - domain: per-account mail domains do not exist; only the deployment's own (a no-op, kept as
 *   sent) or none is accepted.
 * "" and null clear either. A value equal to the stored one is accepted unchanged, so a save
 * that sends back what GET showed never fails on it.
 */

type MailFields = { domain?: string | null; support_email?: string | null }
type Stored = { domain: string | null; supportEmail: string | null } | null

/** undefined: not sent (unchanged); null: cleared ("" or null); else the value, lower-cased. */
const cleared = (value: string | null | undefined) =>
  value === undefined
    ? undefined
    : value === null || value.trim() === ''
      ? null
      : value.trim().toLowerCase()

export function checkedMailFields(env: Env, body: MailFields, stored: Stored) {
  const domain = cleared(body.domain)
  const supportEmail = cleared(body.support_email)
  const errors = []
  if (domain && domain !== stored?.domain) {
    const inbound = inboundDomain(env)
    if (domain !== inbound) {
      errors.push(
        fieldError(
          'domain',
          inbound
            ? `is not supported: per-account mail domains are not supported; mail is received at ${inbound}`
            : 'is not supported: per-account mail domains are not supported, and this deployment receives no mail',
          'custom',
        ),
      )
    }
  }
  if (supportEmail && supportEmail !== stored?.supportEmail) {
    const sending = sendingDomain(env)
    if (domainOf(supportEmail) !== sending) {
      errors.push(
        fieldError(
          'support_email',
          sending
            ? `must be an address on ${sending}, the domain this deployment sends mail from`
            : 'cannot be set: this deployment sends no mail (MAIL_FROM is not set)',
          'custom',
        ),
      )
    }
  }
  if (errors.length > 0) throw validationError(errors)
  return { domain, supportEmail }
}

import type { Context } from 'hono'
import { findAccount } from '../db/queries/accounts'
import { invitationMail, passwordResetMail, readMailFrom } from '../email/agent-mail'
import { type MailAddress, mailerOf, type OutgoingMail } from '../email/mailer'
import type { AppEnv } from '../env'
import { requestLog } from '../middleware/request-log'

/**
 * Sends a mail after the request's answer, never delaying or failing it: the link the mail
 * carries was committed and is in the response as well, so a failed send is only logged (with
 * the request's id). No mail when the deployment has no mailer or no `MAIL_FROM` sender.
 * `build` may itself look things up (it runs off the response), and may decide on no mail.
 */
export function mailAfterResponse(
  c: Context<AppEnv>,
  what: string,
  build: (from: MailAddress) => Promise<OutgoingMail | null>,
) {
  const mailer = mailerOf(c.env)
  const from = readMailFrom(c.env.MAIL_FROM)
  if (!mailer || !from) return
  const log = requestLog(c)
  const send = async () => {
    try {
      const mail = await build(from)
      if (mail) await mailer.send(mail)
    } catch (error) {
      log.error('mail not sent', { mail: what, error })
    }
  }
  c.executionCtx.waitUntil(send())
}

type LinkRecipient = { email: string; name?: string | null }
type Link = { url: string; expiresAt: number }

const recipient = (user: LinkRecipient) =>
  user.name ? { address: user.email, name: user.name } : { address: user.email }

/** The invitation link, mailed to the invited user (the response shows it as well). */
export function mailInvitation(c: Context<AppEnv>, user: LinkRecipient, link: Link) {
  const accountId = c.var.accountId
  mailAfterResponse(c, 'invitation', async (from) => {
    const account = await findAccount(c.var.db, accountId)
    return invitationMail({
      from,
      to: recipient(user),
      url: link.url,
      expiresAt: new Date(link.expiresAt * 1000),
      accountName: account?.name ?? 'an account',
    })
  })
}

/** A password reset link, mailed to its user. */
export function mailPasswordReset(c: Context<AppEnv>, user: LinkRecipient, link: Link) {
  mailAfterResponse(c, 'password_reset', async (from) =>
    passwordResetMail({
      from,
      to: recipient(user),
      url: link.url,
      expiresAt: new Date(link.expiresAt * 1000),
    }),
  )
}

// The email() adapter: Cloudflare Email Routing hands over one mail for one envelope recipient
// on INBOUND_EMAIL_DOMAIN. It finds where the mail goes, parses it, stores its files and commits
// the domain's write (worker/email/intake-write.ts) in one batch; a refusal is an SMTP reason
// given back with setReject, and then nothing is written.
import type { Statement } from '../conversations/changes'
import { mayReopen } from '../conversations/message-effects'
import { hasActiveBot } from '../db/queries/agent-bots'
import { findContactInbox } from '../db/queries/contact-inboxes'
import type { ContactRow } from '../db/queries/contacts'
import {
  findContactByEmail,
  findInboundMail,
  findThreadConversation,
  isInboundMailConflict,
} from '../db/queries/inbound-mail'
import { MESSAGE_TYPE } from '../db/queries/messages'
import { classifyMail } from '../email/classify'
import { emailAttributesOf } from '../email/inbound-message'
import { mailIntoConversation, mailStartingConversation } from '../email/intake-write'
import { type InboundMail, MailRefusal, parseInboundMail } from '../email/parse'
import { inboundDomain, readInboundAddress } from '../email/reply-address'
import { trimReply } from '../email/trim'
import { commitEvents, publishCommitted } from '../events/outbox'
import { deleteStored } from '../lib/files'
import { log } from '../lib/log'
import { nowSeconds } from '../lib/time'
import { storeMailFiles } from './files'
import { type MailPlace, placeOf } from './place'

const UNKNOWN_ADDRESS = '5.1.1 No such mailbox here'
const NO_SENDER = '5.1.7 The message names no sender address'
const SUSPENDED_ACCOUNT = '5.2.1 Mailbox disabled'

/** The write for `mail` at `place`, read fresh: a retry after a lost race sees the winner's rows. */
async function writeOf(
  place: MailPlace,
  mail: InboundMail,
  sender: { name: string; email: string },
  message: Parameters<typeof mailIntoConversation>[3],
  now: number,
) {
  const { db, accountId, inbox } = place
  const contact: ContactRow | undefined = await findContactByEmail(db, accountId, sender.email)
  const quoted = [...new Set([mail.inReplyTo, ...mail.references].filter((id) => id !== null))]
  const conversation =
    place.conversation ??
    (await findThreadConversation(db, accountId, inbox.id, quoted, contact?.id ?? null))
  if (conversation) {
    const botInbox =
      mayReopen(conversation, MESSAGE_TYPE.incoming) && (await hasActiveBot(db, inbox.id))
    return mailIntoConversation(
      db,
      conversation,
      { contact: contact ?? null, sender },
      message,
      now,
      botInbox,
    )
  }
  const contactInbox = contact ? await findContactInbox(db, contact.id, inbox.id) : undefined
  return mailStartingConversation(
    db,
    { inbox, contact: contact ?? null, contactInboxId: contactInbox?.id ?? null, sender },
    message,
    now,
  )
}

const isUniqueConflict = (error: unknown) =>
  /UNIQUE constraint failed/.test(
    `${error instanceof Error ? error.message : ''} ${error instanceof Error && error.cause instanceof Error ? error.cause.message : ''}`,
  )

export async function receiveMail(
  message: ForwardableEmailMessage,
  env: Env,
  ctx: ExecutionContext,
): Promise<void> {
  const domain = inboundDomain(env)
  const target = domain ? readInboundAddress(message.to, domain) : null
  const place = target ? await placeOf(env, target) : null
  if (!place) return message.setReject(UNKNOWN_ADDRESS)
  if (!place.accountActive) return message.setReject(SUSPENDED_ACCOUNT)
  let mail: InboundMail
  try {
    mail = await parseInboundMail(message.raw, {
      from: message.from,
      to: message.to,
      headers: message.headers,
    })
  } catch (error) {
    if (error instanceof MailRefusal) return message.setReject(error.reason)
    throw error
  }
  if (!mail.from) return message.setReject(NO_SENDER)
  const { db, accountId, inbox } = place
  if (mail.messageId && (await findInboundMail(db, inbox.id, mail.messageId))) return
  const sender = {
    name: mail.from.name || mail.from.address.split('@')[0] || '',
    email: mail.from.address,
  }
  const files = await storeMailFiles(env, accountId, mail.attachments)
  const reply = trimReply(mail)
  const email = emailAttributesOf(mail, reply, classifyMail(mail), {
    count: files.stored.length,
    inline: files.inline,
    skipped: files.skipped,
  })
  const content = { mail, content: reply.text, email, stored: files.stored }
  const now = nowSeconds()
  for (let attempt = 1; ; attempt++) {
    try {
      const write = await writeOf(place, mail, sender, content, now)
      const { eventIds } = await commitEvents(
        db,
        write.statements as [Statement, ...Statement[]],
        write.events,
      )
      ctx.waitUntil(publishCommitted(env, accountId, eventIds))
      return
    } catch (error) {
      // The same mail committed by a concurrent delivery: it is that one message.
      const duplicate = isInboundMailConflict(error)
      // A new contact or contact inbox made by a concurrent mail of the same sender: once more.
      if (!duplicate && attempt < 2 && isUniqueConflict(error)) continue
      await deleteStored(
        env,
        files.stored.map((f) => f.key),
      )
      if (duplicate) return
      log.error('inbound mail not stored', { error, inboxId: inbox.id })
      throw error
    }
  }
}

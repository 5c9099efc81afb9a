import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import {
  claimReply,
  conversationMailIds,
  failReplyStatement,
  loadReply,
  type ReplyRow,
  recordSentReply,
  releaseReply,
} from '../db/queries/outgoing-mail'
import { commitEvents, publishCommitted } from '../events/outbox'
import { messageIdOf } from './addresses'
import { composeReply } from './compose-reply'
import { type MailAttachment, type Mailer, MailSendError } from './mailer'
import { inboundDomain } from './reply-address'

/**
 * Agents' replies on email conversations, out as mail. The reply's `message_created` event is
 * the outbox row: committed with the message, published after the commit (or by the sweep), and
 * publishing queues the mail (`queueWaitingSends`, queues/follow-ups.ts). The send claims the message in D1 first
 * (db/queries/outgoing-mail.ts), so a queue message delivered twice, or a sweep's copy, sends at
 * most once; a crash after the claim leaves the message for the sweep to mark failed, never to
 * send again unasked.
 */

export type MailQueueMessage = { type: 'mail'; accountId: number; messageId: number }

/** Queues the mail of replies; a lost queue message is found again by the mail sweep. */
export async function queueReplies(env: Env, accountId: number, messageIds: number[]) {
  const batch = messageIds.map((messageId) => ({
    body: { type: 'mail', accountId, messageId } satisfies MailQueueMessage,
  }))
  for (let i = 0; i < batch.length; i += 100) await env.MAIL.sendBatch(batch.slice(i, i + 100))
}

/** The event of a reply's change, computed from its row as the batch finds it. */
function messageUpdated(accountId: number, messageId: number) {
  const of = (column: string) =>
    sql.raw(`(select ${column} from messages where id = ${Number(messageId)})`)
  return {
    kind: 'message_updated' as const,
    accountId,
    messageId,
    conversationId: of('conversation_id'),
    inboxId: of('inbox_id'),
    contactId: sql.raw(
      `(select c.contact_id from conversations c join messages m on m.conversation_id = c.id where m.id = ${Number(messageId)})`,
    ),
  }
}

/**
 * Marks a reply failed with `reason` (claimed by `claim`, or with none: waiting or being sent)
 * and publishes `message_updated`, so the dashboard shows it at once. Nothing when the reply was
 * in neither state.
 */
export async function failReply(
  env: Env,
  db: Db,
  target: { accountId: number; messageId: number; claim: string | null },
  reason: string,
  now: number,
) {
  const { eventIds } = await commitEvents(
    db,
    [failReplyStatement(db, target.messageId, target.claim, reason, now)],
    [messageUpdated(target.accountId, target.messageId)],
    sql`changes() = 1`,
  )
  await publishCommitted(env, target.accountId, eventIds)
}

/** The reply's files, read from R2; a file gone from the bucket fails the send. */
async function attachmentsOf(env: Env, reply: ReplyRow): Promise<MailAttachment[]> {
  const files: MailAttachment[] = []
  for (const file of reply.files) {
    const object = await env.FILES.get(file.objectKey)
    if (!object) throw new MailSendError(`attachment ${file.fileName} is missing`, false)
    files.push({
      filename: file.fileName,
      type: file.contentType,
      content: new Uint8Array(await object.arrayBuffer()),
    })
  }
  return files
}

/** Why a reply cannot be mailed at all, before any send. */
function unsendable(reply: ReplyRow, mailer: Mailer | null) {
  if (!mailer) return 'no mail service is configured'
  if (!reply.inbox.email) return 'the inbox has no email address'
  const listed = (reply.message.contentAttributes as Record<string, unknown>)?.to_emails
  if (!reply.contact.email && !listed) return 'the contact has no email address'
  return null
}

export type SendOutcome = 'sent' | 'skipped' | 'retry' | 'failed'

/**
 * Sends one reply's mail, once: claims it, composes it, sends it through `mailer` and records the
 * id the service returned in `source_id` (what threading finds replies by). A retryable failure
 * releases the claim for the queue's retry, unless this is the last attempt; any other failure
 * marks the reply failed with the reason. A reply not waiting (sent, failed, claimed by another
 * delivery, deleted) is skipped.
 */
export async function sendReply(
  env: Env,
  db: Db,
  target: { accountId: number; messageId: number },
  mailer: Mailer | null,
  options: { lastAttempt: boolean; now: number },
): Promise<SendOutcome> {
  const claim = crypto.randomUUID()
  const { now } = options
  if (!(await claimReply(db, target.messageId, claim, now))) return 'skipped'
  const fail = async (reason: string) => {
    await failReply(env, db, { ...target, claim }, reason, now)
    return 'failed' as const
  }
  const reply = await loadReply(db, target.messageId)
  if (!reply) return 'skipped'
  const refusal = unsendable(reply, mailer)
  if (refusal || !mailer) return fail(refusal ?? 'no mail service is configured')
  let sent: { messageId: string }
  try {
    const thread = await conversationMailIds(db, reply.message.conversationId, reply.message.id)
    const mail = composeReply(reply, thread, inboundDomain(env), await attachmentsOf(env, reply))
    sent = await mailer.send(mail)
  } catch (error) {
    const retryable = error instanceof MailSendError ? error.retryable : true
    if (retryable && !options.lastAttempt) {
      await releaseReply(db, reply.message.id, claim, now)
      return 'retry'
    }
    return fail(error instanceof Error ? error.message : String(error))
  }
  // Outside the try: the mail has left, so a failure to record it must not release the claim
  // (that would send it again); the claim stays for the sweep to report.
  const mailId = messageIdOf(sent.messageId) ?? sent.messageId
  await recordSentReply(db, reply.message.id, claim, mailId, now)
  return 'sent'
}

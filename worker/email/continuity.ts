import type { Db } from '../db/client'
import {
  claimUnseenReplies,
  continuityConversation,
  continuityConversationsOfEvents,
  releaseClaim,
  replySenderName,
} from '../db/queries/continuity'
import { randomToken } from '../lib/crypto'
import { conversationRoom } from '../live/stubs'
import { accountFrom } from './account-sender'
import { readMailFrom } from './agent-mail'
import { mailSenderName } from './compose-reply'
import { continuityMail, safeColor, safePageUrl } from './continuity-mail'
import type { Mailer } from './mailer'
import { inboundDomain, replyAddress } from './reply-address'

/**
 * Conversation continuity: when an agent replies on a website conversation, a job waits a short
 * while (`CONTINUITY_DELAY_SECONDS`) and then mails the visitor every reply they have not seen,
 * as one mail, if they gave an email, are not on the page, and the inbox has
 * `continuity_via_email` on. Publishing a reply's `message_created` queues the job, so a reply
 * committed is a job queued even across a crash (the sweep re-publishes); a burst of replies
 * queues several jobs, of which the first sends them all and the others find nothing left.
 */

export type ContinuityJob = { type: 'continuity'; accountId: number; conversationId: number }

/** The delay before a job runs; 120 s unless the var says otherwise. */
export function continuityDelaySeconds(env: Pick<Env, 'CONTINUITY_DELAY_SECONDS'>) {
  const value = Number(env.CONTINUITY_DELAY_SECONDS)
  return env.CONTINUITY_DELAY_SECONDS !== '' && Number.isSafeInteger(value) && value >= 0
    ? value
    : 120
}

/**
 * Queues the continuity queue's jobs for these just-committed events: one per website
 * conversation they added a reply to. (An assignee's mail is queued with their notification,
 * worker/notifications/notify.ts, when they chose it by email.)
 */
export async function queueContinuity(env: Env, db: Db, accountId: number, eventIds: number[]) {
  if (!readMailFrom(env.MAIL_FROM)) return
  const ids = new Set<number>()
  for (let i = 0; i < eventIds.length; i += 90) {
    for (const id of await continuityConversationsOfEvents(db, eventIds.slice(i, i + 90))) {
      ids.add(id)
    }
  }
  if (ids.size === 0) return
  const delaySeconds = continuityDelaySeconds(env)
  await env.CONTINUITY.sendBatch(
    [...ids].map((conversationId) => ({
      body: { type: 'continuity', accountId, conversationId } satisfies ContinuityJob,
      delaySeconds,
    })),
  )
}

export type ContinuityOutcome =
  | 'sent'
  | 'nothing_to_send'
  | 'off'
  | 'no_email'
  | 'visitor_connected'
  | 'no_mailer'

/**
 * Runs one job: mails the visitor the replies they have not seen and no other job took. A send
 * that fails gives the replies back and throws, for the queue to retry.
 */
export async function sendContinuity(
  env: Env,
  db: Db,
  job: ContinuityJob,
  mailer: Mailer | null,
): Promise<ContinuityOutcome> {
  const from = readMailFrom(env.MAIL_FROM)
  if (!mailer || !from) return 'no_mailer'
  const conversation = await continuityConversation(db, job.accountId, job.conversationId)
  if (conversation?.channelType !== 'web_widget') return 'off'
  const settings = conversation.inboxSettings as Record<string, unknown>
  if (settings.continuity_via_email === false) return 'off'
  if (!conversation.contactEmail) return 'no_email'
  const room = conversationRoom(env, job.accountId, job.conversationId)
  if (await room.visitorConnected()) return 'visitor_connected'
  const claim = randomToken(12)
  const replies = await claimUnseenReplies(
    db,
    { ...job, seenAt: conversation.contactLastSeenAt },
    claim,
  )
  if (replies.length === 0) return 'nothing_to_send'
  const domain = inboundDomain(env)
  const attributes = conversation.additionalAttributes as Record<string, unknown>
  // Chatwoot names the sender after the latest reply's agent (inbox sender_name_type).
  const latest = replies[replies.length - 1]
  const agent = latest ? await replySenderName(db, latest.id) : null
  const mail = continuityMail({
    from: {
      ...accountFrom(from, conversation.supportEmail),
      name: mailSenderName({ name: conversation.inboxName, settings }, agent),
    },
    to: conversation.contactName
      ? { address: conversation.contactEmail, name: conversation.contactName }
      : { address: conversation.contactEmail },
    replyTo: domain ? replyAddress(domain, job.accountId, conversation.uuid) : null,
    inboxName: conversation.inboxName,
    color: safeColor(settings.widget_color),
    pageUrl: safePageUrl(attributes.referer),
    replies,
  })
  try {
    await mailer.send(mail)
  } catch (error) {
    await releaseClaim(
      db,
      job.accountId,
      replies.map((reply) => reply.id),
      claim,
    )
    throw error
  }
  return 'sent'
}

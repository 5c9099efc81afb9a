import type { Db } from '../db/client'
import { emailCollectSubject, hasReplySince } from '../db/queries/automatic-messages'
import { MESSAGE_TYPE } from '../db/queries/messages'
import { sendAutomaticMessage } from './automatic-message'
import { automationSettings } from './inbox-settings'
import type { Automation } from './run'

/**
 * Email collection. Chatwoot (HookExecutionService `should_send_email_collect?`) asks a website
 * visitor without an email for one at once, with the greeting, on their first message; its users
 * find that it interrupts a chat an agent is about to answer. Parley waits a short while and asks
 * only if nobody has answered by then: the visitor is then likely to leave, and an email is how a
 * reply still reaches them (continuity, worker/email/continuity.ts). Kept from Chatwoot: website
 * inboxes only, `enable_email_collect` (default on), not when the contact has an email, once per
 * conversation (Chatwoot checks for an `input_email` message; here the fixed echo_id).
 *
 * The wait is a delayed job on the continuity queue (a crash between the message and the ask
 * loses nothing: the message's publish queues it, and the sweep re-publishes after a crash), and
 * the job checks everything again when it runs.
 */

/** Chatwoot's text (conversations.templates.email_input_box_message_body). */
export const EMAIL_COLLECT_QUESTION = 'Get notified by email'

export type EmailCollectJob = {
  type: 'email_collect'
  accountId: number
  conversationId: number
  /** When the visitor's message was written: a reply at or after it counts as an answer. */
  since: number
}

/**
 * How long a visitor waits for an answer before being asked for an email: 60 s unless
 * EMAIL_COLLECT_DELAY_SECONDS says otherwise. Live chat's first answers mostly come within a
 * minute when someone is online; a visitor left waiting longer is one who may close the tab.
 */
export function emailCollectDelaySeconds(env: { EMAIL_COLLECT_DELAY_SECONDS?: string }) {
  const raw = env.EMAIL_COLLECT_DELAY_SECONDS
  const value = Number(raw)
  return raw !== undefined && raw !== '' && Number.isSafeInteger(value) && value >= 0 ? value : 60
}

/** On a visitor's message in a website inbox with collection on: queues the delayed ask. */
export const emailCollect: Automation = async (env, _db, triggers) => {
  const jobs = new Map<number, EmailCollectJob>()
  for (const { event, conversation, contact, inbox, message } of triggers) {
    if (event.kind !== 'message_created' || !message || jobs.has(conversation.id)) continue
    if (message.messageType !== MESSAGE_TYPE.incoming || message.private) continue
    if (inbox.channelType !== 'web_widget') continue
    if (!automationSettings(inbox.settings).enableEmailCollect) continue
    if (contact.email || contact.blocked) continue
    jobs.set(conversation.id, {
      type: 'email_collect',
      accountId: conversation.accountId,
      conversationId: conversation.id,
      since: message.createdAt,
    })
  }
  if (jobs.size > 0) {
    const delaySeconds = emailCollectDelaySeconds(env)
    await env.CONTINUITY.sendBatch([...jobs.values()].map((body) => ({ body, delaySeconds })))
  }
  return []
}

export type EmailCollectOutcome = 'sent' | 'already_sent' | 'answered' | 'has_email' | 'off'

/**
 * Runs a delayed ask: sends the `input_email` message if the visitor still has no email and
 * nobody has answered since their message. Returns what it did and the events it committed, for
 * the queue consumer to publish.
 */
export async function runEmailCollect(
  env: Env,
  db: Db,
  job: EmailCollectJob,
  now: number,
): Promise<{ outcome: EmailCollectOutcome; eventIds: number[] }> {
  const none = (outcome: EmailCollectOutcome) => ({ outcome, eventIds: [] as number[] })
  const subject = await emailCollectSubject(db, job.accountId, job.conversationId)
  if (subject?.inbox.channelType !== 'web_widget') return none('off')
  const { conversation, inbox, contact } = subject
  if (!automationSettings(inbox.settings).enableEmailCollect) return none('off')
  if (contact.blocked) return none('off')
  if (contact.email) return none('has_email')
  if (await hasReplySince(db, conversation.id, job.since)) return none('answered')
  const { eventIds } = await sendAutomaticMessage(
    db,
    env,
    conversation,
    { key: 'email_collect', content: EMAIL_COLLECT_QUESTION, contentType: 'input_email' },
    now,
  )
  return { outcome: eventIds.length > 0 ? 'sent' : 'already_sent', eventIds }
}

/** Reads a job from a queue message body, or null when it is not one. */
export function parseEmailCollectJob(b: Record<string, unknown>, accountId: number) {
  if (b.type !== 'email_collect' || !Number.isSafeInteger(b.conversationId)) return null
  if (!Number.isSafeInteger(b.since)) return null
  return {
    type: 'email_collect',
    accountId,
    conversationId: b.conversationId as number,
    since: b.since as number,
  } satisfies EmailCollectJob
}

import { AUTOMATIONS } from '../automation/automations'
import { runAutomations } from '../automation/run'
import type { Db } from '../db/client'
import { waitingSendsOfEvents } from '../db/queries/outgoing-sends'
import { queueContinuity } from '../email/continuity'
import { queueReplies } from '../email/outbound'
import { type PublishFollowUp, publishEventsOn } from '../events/publish'
import { nowSeconds } from '../lib/time'
import { notifyFromEvents } from '../notifications/notify'
import { queuePhoneReplies } from '../phone/outbound'

/**
 * The inbox automations (worker/automation/) on published events; what they commit (a greeting,
 * an assignment, …) is published in turn, with these same follow-ups. That ends: automatic
 * messages and assignments trigger no automation that writes again.
 */
async function runInboxAutomations(env: Env, db: Db, accountId: number, eventIds: number[]) {
  const committed = await runAutomations(env, db, accountId, eventIds, AUTOMATIONS, nowSeconds())
  if (committed.length > 0) {
    await publishEventsOn(env, db, accountId, committed, undefined, undefined, PUBLISH_FOLLOW_UPS)
  }
}

/**
 * Queues the mail and the texts of the waiting replies these just-committed events made: one
 * query for both channels, since this runs after every commit.
 */
async function queueWaitingSends(env: Env, db: Db, accountId: number, eventIds: number[]) {
  const mail: number[] = []
  const texts: number[] = []
  for (let i = 0; i < eventIds.length; i += 90) {
    for (const send of await waitingSendsOfEvents(db, eventIds.slice(i, i + 90))) {
      ;(send.channel === 'email' ? mail : texts).push(send.id)
    }
  }
  if (mail.length > 0) await queueReplies(env, accountId, mail)
  if (texts.length > 0) await queuePhoneReplies(env, accountId, texts)
}

/**
 * What publishing hands to queues besides the events queue, for the adapters that publish what
 * they commit (requests through routes/write-adapter.ts, the cron and its outbox sweep): the inbox
 * automations, the mail of replies on email conversations (worker/email/outbound.ts), the texts
 * of replies on phone conversations (worker/phone/outbound.ts) and the
 * continuity jobs of replies on website conversations (worker/email/continuity.ts). They are given
 * to publishing as a parameter because events/ sits below the domain and may not import it. Each
 * is safe to run twice (the sweep re-publishes what a crash left unpublished): an automatic
 * message has a fixed echo_id, a reply's send claims it in D1 first, a continuity job claims
 * the replies it mails, and an agent's notification has its event as a unique key
 * (worker/notifications/notify.ts).
 */
export const PUBLISH_FOLLOW_UPS: readonly PublishFollowUp[] = [
  runInboxAutomations,
  queueWaitingSends,
  queueContinuity,
  notifyFromEvents,
]

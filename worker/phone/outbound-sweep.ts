import { interruptedReplies, strandedWaitingReplies } from '../db/queries/outgoing-mail'
import { mailSweepAges, type OutgoingChannel, sweepOutgoing } from '../email/outbound-sweep'
import { queuePhoneReplies } from './outbound'

/**
 * The cron's sweep of texts on their way out of phone inboxes (worker/phone/outbound.ts), with
 * the mail sweep's rules and ages (worker/email/outbound-sweep.ts): a text waiting longer than
 * `stranded` lost its queue message and is queued again (the send's claim makes a copy
 * harmless); a text claimed longer than `interrupted` may or may not have left, so it is marked
 * failed with that reason and never sent again unasked (a customer would get it twice).
 */

const PHONE: OutgoingChannel = {
  name: 'phone',
  stranded: (db, before, notBefore, limit) =>
    strandedWaitingReplies(db, 'phone', before, notBefore, limit),
  interrupted: (db, before, limit) => interruptedReplies(db, 'phone', before, limit),
  queue: queuePhoneReplies,
}

/** The texts' sweep, with the mail's ages unless given others. */
export function sweepOutgoingTexts(env: Env, now: number, ages = mailSweepAges(env)) {
  return sweepOutgoing(env, now, PHONE, ages)
}

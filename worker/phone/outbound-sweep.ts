import { mailSweepAges, outgoingChannel, sweepOutgoing } from '../email/outbound-sweep'
import { queuePhoneReplies } from './outbound'

/**
 * The cron's sweep of texts on their way out of phone inboxes (worker/phone/outbound.ts), with
 * the mail sweep's rules and ages (worker/email/outbound-sweep.ts): a text waiting longer than
 * `stranded` lost its queue message and is queued again (the send's claim makes a copy
 * harmless); a text claimed longer than `interrupted` may or may not have left, so it is marked
 * failed with that reason and never sent again unasked (a customer would get it twice).
 */

const PHONE = outgoingChannel('phone', 'phone', queuePhoneReplies)

/** The texts' sweep, with the mail's ages unless given others. */
export function sweepOutgoingTexts(env: Env, now: number, ages = mailSweepAges(env)) {
  return sweepOutgoing(env, now, PHONE, ages)
}

import { queueContinuity } from '../email/continuity'
import { queueWaitingReplies } from '../email/outbound'
import type { PublishFollowUp } from '../events/publish'

/**
 * What publishing hands to queues besides the events queue, for the adapters that publish what
 * they commit (requests through routes/write-adapter.ts, the cron and its outbox sweep): the mail
 * of replies on email conversations (worker/email/outbound.ts) and the continuity jobs of replies
 * on website conversations (worker/email/continuity.ts). They are given to publishing as a
 * parameter because events/ sits below the domain and may not import it. Each is safe to run
 * twice (the sweep re-publishes what a crash left unpublished): a reply's send claims it in D1
 * first, and a continuity job claims the replies it mails.
 */
export const PUBLISH_FOLLOW_UPS: readonly PublishFollowUp[] = [queueWaitingReplies, queueContinuity]

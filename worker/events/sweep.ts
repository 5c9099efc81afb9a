import { createDb } from '../db/client'
import { unfannedEvents, unpublishedEvents } from '../db/queries/event-progress'
import { requeueOverdueDeliveries } from '../db/queries/webhook-deliveries'
import { describeError } from '../errors'
import { fanOutEvent, queueDeliveries } from '../webhooks/fanout'
import { publishEvents } from './publish'

/**
 * The cron's sweeps (every minute) pick up whatever a crash stranded between the steps of the
 * outbox, so that no committed event is lost. Each step is idempotent, so a sweep that acts too
 * early costs work, never a duplicate: the ages below are the shortest that cost little work.
 *
 * What a crash (or a killed `wrangler dev`, whose queues live in memory) can strand, and who
 * picks it up:
 * - an event committed but never published (the request's `waitUntil` died): re-published once
 *   `UNPUBLISHED` old. Workers let `waitUntil` run up to 30 s after the response, so a younger
 *   event may still be on its way; publishing it twice would broadcast it twice to the sockets.
 * - an event published but never fanned out (its events-queue message was lost): fanned out here,
 *   in the cron, once `UNFANNED` past its publication. The consumer normally does it within a
 *   batch timeout (1 s) and retries a failure within seconds; past a minute the message is lost or
 *   behind a backlog, and a fan-out run twice creates and queues each delivery only once.
 * - a delivery never attempted (its deliveries-queue message was lost between the fan-out and
 *   the send, or in memory), or whose retry never came (`message.retry({delaySeconds})` lives in
 *   the queue): re-queued once its next attempt is `OVERDUE` late. Queues hands delayed messages
 *   over on time, so a minute late means lost or backlogged; the copy is harmless either way,
 *   because an attempt is claimed in D1 before it is made (`claimAttempt`): a late original and
 *   the sweep's copy never both POST. A re-queued delivery counts as due again from now, so a
 *   backlog gets at most one extra message per delivery per `OVERDUE`.
 */
export const SWEEP_AGES_SECONDS = { unpublished: 30, unfanned: 60, overdue: 60 } as const

/** Rows each sweep takes per run; the next minute takes the rest. */
const SWEEP_BATCH = 500

export type SweepAges = { unpublished: number; unfanned: number; overdue: number }

/**
 * The ages in force: production's, unless `SWEEP_AGE_SECONDS` (a test or chaos run under
 * `wrangler dev --var`) sets every one of them to the same shorter value.
 */
export function sweepAges(env: Env): SweepAges {
  const override = Number(env.SWEEP_AGE_SECONDS)
  if (env.SWEEP_AGE_SECONDS && Number.isFinite(override) && override >= 0) {
    return { unpublished: override, unfanned: override, overdue: override }
  }
  return { ...SWEEP_AGES_SECONDS }
}

/** Re-publishes committed events that were never published; returns how many. */
export async function sweepUnpublishedEvents(env: Env, now: number, ages = sweepAges(env)) {
  const stale = await unpublishedEvents(createDb(env.DB), now - ages.unpublished, SWEEP_BATCH)
  await publishEvents(
    env,
    stale.map((e) => e.id),
  )
  return stale.length
}

/** Fans out published events whose fan-out never happened; returns how many. */
export async function sweepUnfannedEvents(env: Env, now: number, ages = sweepAges(env)) {
  const stale = await unfannedEvents(createDb(env.DB), now - ages.unfanned, SWEEP_BATCH)
  for (const { id } of stale) await fanOutEvent(env, id)
  return stale.length
}

/** Re-queues deliveries whose attempt is overdue and not in progress; returns how many. */
export async function sweepOverdueDeliveries(env: Env, now: number, ages = sweepAges(env)) {
  const requeued = await requeueOverdueDeliveries(
    createDb(env.DB),
    now,
    now - ages.overdue,
    SWEEP_BATCH,
  )
  await queueDeliveries(
    env,
    requeued.map((d) => d.id),
  )
  return requeued.length
}

export type SweepCounts = { republished: number; fannedOut: number; requeued: number }

/**
 * All three sweeps, in the order an event travels, so one run can carry an event all the way.
 * A step that fails is logged and does not stop the next ones (the next minute tries again).
 */
export async function sweepOutbox(env: Env, now: number): Promise<SweepCounts> {
  const ages = sweepAges(env)
  const step = async (name: string, sweep: () => Promise<number>) => {
    try {
      return await sweep()
    } catch (error) {
      console.error(
        JSON.stringify({
          level: 'error',
          msg: 'sweep failed',
          sweep: name,
          error: describeError(error),
        }),
      )
      return 0
    }
  }
  const counts = {
    republished: await step('unpublished', () => sweepUnpublishedEvents(env, now, ages)),
    fannedOut: await step('unfanned', () => sweepUnfannedEvents(env, now, ages)),
    requeued: await step('overdue', () => sweepOverdueDeliveries(env, now, ages)),
  }
  // Something was stranded: a crash, a queue outage or a backlog. Worth a line in the logs.
  if (counts.republished + counts.fannedOut + counts.requeued > 0) {
    console.warn(JSON.stringify({ level: 'warn', msg: 'sweep recovered stranded work', ...counts }))
  }
  return counts
}

import { inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { unfannedEvents, unpublishedEvents } from '../db/queries/event-progress'
import { requeueOverdueDeliveries } from '../db/queries/webhook-deliveries'
import { events, webhookDeliveries } from '../db/schema'
import { log } from '../lib/log'
import { fanOutEvent, queueDeliveries } from '../webhooks/fanout'
import { logShardFailures, onEachShard, perShard, sumOverShards } from './each-shard'
import { type PublishFollowUp, publishEventsOn } from './publish'

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
 *
 * Each sweep runs on every shard (an account's rows are on its shard only), side by side; a shard
 * that fails is logged and does not stop the others.
 */
export const SWEEP_AGES_SECONDS = { unpublished: 30, unfanned: 60, overdue: 60 } as const

/** Rows each sweep takes per run, over all shards; the next minute takes the rest. */
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

type ShardSweep = (env: Env, db: Db, now: number, ages: SweepAges) => Promise<number>

/**
 * One shard's events committed and never published, re-published per account with the cron's
 * follow-ups (the same as a request's: whatever publishing did not finish, it does again).
 */
const unpublishedOn =
  (followUps: readonly PublishFollowUp[] = []): ShardSweep =>
  async (env, db, now, ages) => {
    const stale = await unpublishedEvents(db, now - ages.unpublished, perShard(env, SWEEP_BATCH))
    const byAccount = await groupByAccount(db, events, stale)
    for (const [accountId, ids] of byAccount) {
      await publishEventsOn(env, db, accountId, ids, undefined, undefined, followUps)
    }
    return stale.length
  }

/** One shard's published events whose fan-out never happened, fanned out. */
const unfannedOn: ShardSweep = async (env, db, now, ages) => {
  const stale = await unfannedEvents(db, now - ages.unfanned, perShard(env, SWEEP_BATCH))
  for (const { id } of stale) await fanOutEvent(env, db, id)
  return stale.length
}

/** One shard's deliveries whose attempt is overdue and not in progress, re-queued. */
const overdueOn: ShardSweep = async (env, db, now, ages) => {
  const requeued = await requeueOverdueDeliveries(
    db,
    now,
    now - ages.overdue,
    perShard(env, SWEEP_BATCH),
  )
  const byAccount = await groupByAccount(db, webhookDeliveries, requeued)
  for (const [accountId, ids] of byAccount) await queueDeliveries(env, accountId, ids)
  return requeued.length
}

/**
 * The rows' ids by account, read on their shard: publishing and queueing name the account (the
 * queue's messages carry it). Only stranded rows get here, so this is rarely more than a read.
 */
async function groupByAccount(
  db: Db,
  table: typeof events | typeof webhookDeliveries,
  rows: { id: number }[],
) {
  const byAccount = new Map<number, number[]>()
  for (let i = 0; i < rows.length; i += 90) {
    const ids = rows.slice(i, i + 90).map((r) => r.id)
    const owners = await db
      .select({ id: table.id, accountId: table.accountId })
      .from(table)
      .where(inArray(table.id, ids))
    const accountOf = new Map(owners.map((o) => [o.id, o.accountId]))
    // In id order, so each account's events are published oldest first, as before.
    for (const id of ids) {
      const accountId = accountOf.get(id)
      if (accountId !== undefined)
        byAccount.set(accountId, [...(byAccount.get(accountId) ?? []), id])
    }
  }
  return byAccount
}

const overShards =
  (sweep: ShardSweep) =>
  (env: Env, now: number, ages = sweepAges(env)) =>
    sumOverShards(env, (db) => sweep(env, db, now, ages))

/** Re-publishes committed events that were never published, on every shard; returns how many. */
export const sweepUnpublishedEvents = overShards(unpublishedOn())

/** Fans out published events whose fan-out never happened, on every shard; returns how many. */
export const sweepUnfannedEvents = overShards(unfannedOn)

/** Re-queues deliveries whose attempt is overdue, on every shard; returns how many. */
export const sweepOverdueDeliveries = overShards(overdueOn)

export type SweepCounts = { republished: number; fannedOut: number; requeued: number }

/**
 * All three sweeps, in the order an event travels, so one run can carry an event all the way.
 * A step that fails on a shard is logged and does not stop that step on the other shards, nor
 * the next steps (the next minute tries again). `followUps` go with every re-publish.
 */
export async function sweepOutbox(
  env: Env,
  now: number,
  followUps: readonly PublishFollowUp[] = [],
): Promise<SweepCounts> {
  const ages = sweepAges(env)
  const step = async (name: string, sweep: ShardSweep) => {
    try {
      const { total, failures } = await onEachShard(env, (db) => sweep(env, db, now, ages))
      logShardFailures('sweep failed', { sweep: name }, failures)
      return total
    } catch (error) {
      log.error('sweep failed', { sweep: name, error })
      return 0
    }
  }
  const counts = {
    republished: await step('unpublished', unpublishedOn(followUps)),
    fannedOut: await step('unfanned', unfannedOn),
    requeued: await step('overdue', overdueOn),
  }
  // Something was stranded: a crash, a queue outage or a backlog. Worth a line in the logs.
  if (counts.republished + counts.fannedOut + counts.requeued > 0) {
    log.warn('sweep recovered stranded work', counts)
  }
  return counts
}

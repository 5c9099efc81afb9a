import type { Db } from '../db/client'
import { log } from '../lib/log'
import { attemptDelivery, deliveryTimeoutMs } from './deliver'
import { type DeliveriesQueueMessage, fanOutEvent, queueDeliveries } from './fanout'

/**
 * Events one publish fans out and attempts itself; a bigger publish (the sweep's) hands the rest
 * to the events queue, keeping an invocation well inside its D1 query limit.
 */
export const FAST_PATH_EVENTS = 25

const warn = (msg: string, error: unknown) => log.warn(msg, { error })

/**
 * A new delivery's first attempt, made at once instead of after two queue hops. The attempt is
 * claimed and recorded in D1 like any other, so the delivery log is exact and a queued copy never
 * sends twice. A failure hands the retry to the deliveries queue with its backoff delay; an
 * error before or during the attempt hands the delivery to the queue as it is (a claim taken by
 * a dying attempt runs out and the sweep re-queues it).
 */
export async function attemptNow(
  env: Env,
  db: Db,
  accountId: number,
  deliveryId: number,
): Promise<void> {
  try {
    const outcome = await attemptDelivery(env, db, deliveryId, {
      timeoutMs: deliveryTimeoutMs(env),
    })
    if (outcome.kind === 'retry') {
      const body: DeliveriesQueueMessage = { type: 'delivery', accountId, deliveryId }
      await env.DELIVERIES.send(body, { delaySeconds: outcome.delaySeconds })
    }
  } catch (error) {
    warn('fast delivery attempt failed', error)
    await queueDeliveries(env, accountId, [deliveryId]).catch((e) =>
      warn('delivery queue send failed', e),
    )
  }
}

/**
 * Fans one account's events out where they were committed (`db`, its shard) and starts each
 * delivery's first attempt right away (in event order). Returns the events whose fan-out failed, for the events queue, and the
 * attempts under way, for the caller to wait on after its own bookkeeping.
 */
export async function fanOutAndAttempt(env: Env, db: Db, accountId: number, eventIds: number[]) {
  const failed: number[] = []
  const attempts: Promise<void>[] = []
  for (const eventId of eventIds) {
    try {
      const deliveries = await fanOutEvent(env, db, eventId, { queue: false })
      attempts.push(...deliveries.map((id) => attemptNow(env, db, accountId, id)))
    } catch (error) {
      warn('fan-out failed', error)
      failed.push(eventId)
    }
  }
  return { failed, attempts }
}

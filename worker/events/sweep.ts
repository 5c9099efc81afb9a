import { and, asc, isNull, lt } from 'drizzle-orm'
import { createDb } from '../db/client'
import { strandedDeliveries } from '../db/queries/webhook-deliveries'
import { events } from '../db/schema'
import { queueDeliveries } from '../webhooks/fanout'
import { publishEvents } from './publish'

/** Events younger than this are left to the request that wrote them, which is still publishing. */
export const SWEEP_GRACE_SECONDS = 30
const SWEEP_BATCH = 500

/**
 * The outbox sweep (every minute): re-publishes events that were committed but never marked
 * published — a crash between the D1 commit and the queue send loses nothing.
 */
export async function sweepOutbox(env: Env, nowSeconds: number): Promise<number> {
  const db = createDb(env.DB)
  const stale = await db
    .select({ id: events.id })
    .from(events)
    .where(and(isNull(events.publishedAt), lt(events.createdAt, nowSeconds - SWEEP_GRACE_SECONDS)))
    .orderBy(asc(events.id))
    .limit(SWEEP_BATCH)
  await publishEvents(
    env,
    stale.map((e) => e.id),
  )
  // Deliveries whose queue message was lost between their insert and the send.
  const stranded = await strandedDeliveries(db, nowSeconds - STRANDED_DELIVERY_SECONDS, SWEEP_BATCH)
  await queueDeliveries(
    env,
    stranded.map((d) => d.id),
  )
  return stale.length
}

/** A delivery never attempted this long after it was made is re-queued by the sweep. */
export const STRANDED_DELIVERY_SECONDS = 15 * 60

import { and, asc, isNull, lt } from 'drizzle-orm'
import { createDb } from '../db/client'
import { events } from '../db/schema'
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
  return stale.length
}

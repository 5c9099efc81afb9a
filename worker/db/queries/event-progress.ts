import { and, asc, inArray, isNotNull, isNull, lt } from 'drizzle-orm'
import { nowSeconds } from '../../lib/time'
import type { Db } from '../client'
import { events } from '../schema'

/**
 * How far each event row has gone on its way out (published to the events queue, fanned out to
 * its deliveries), and the rows the cron's sweeps find stuck on the way.
 */

/** Events committed before `createdBefore` and never published, oldest first. */
export function unpublishedEvents(db: Db, createdBefore: number, limit: number) {
  return db
    .select({ id: events.id })
    .from(events)
    .where(and(isNull(events.publishedAt), lt(events.createdAt, createdBefore)))
    .orderBy(asc(events.id))
    .limit(limit)
}

/** Events published before `publishedBefore` and never fanned out, oldest first. */
export function unfannedEvents(db: Db, publishedBefore: number, limit: number) {
  return db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        isNull(events.fannedOutAt),
        isNotNull(events.publishedAt),
        lt(events.publishedAt, publishedBefore),
      ),
    )
    .orderBy(asc(events.id))
    .limit(limit)
}

/** Records that events' deliveries exist (or that they have none): their fan-out is done. */
export function markFannedOut(db: Db, eventIds: number[]) {
  return db
    .update(events)
    .set({ fannedOutAt: nowSeconds() })
    .where(and(inArray(events.id, eventIds), isNull(events.fannedOutAt)))
}

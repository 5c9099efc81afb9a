import { and, desc, eq, inArray, lt } from 'drizzle-orm'
import { nowSeconds } from '../../lib/time'
import type { Db } from '../client'
import { events, inboxes, webhookDeliveries, webhooks } from '../schema'

export type DeliveryRow = typeof webhookDeliveries.$inferSelect
export type NewDelivery = typeof webhookDeliveries.$inferInsert

/**
 * Creates the deliveries of one event, once each however often the event is processed, and
 * returns only the rows this call created (so a re-processed event queues nothing twice).
 */
export async function insertDeliveries(db: Db, rows: NewDelivery[]) {
  if (rows.length === 0) return []
  return db.insert(webhookDeliveries).values(rows).onConflictDoNothing().returning()
}

/** Deliveries created but never attempted long after: their queue message was lost. */
export function strandedDeliveries(db: Db, createdBefore: number, limit: number) {
  return db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        eq(webhookDeliveries.attempts, 0),
        lt(webhookDeliveries.createdAt, createdBefore),
      ),
    )
    .orderBy(webhookDeliveries.id)
    .limit(limit)
}

/** Everything one attempt needs, in one round trip. */
export async function loadDelivery(db: Db, deliveryId: number) {
  const [row] = await db
    .select({
      delivery: webhookDeliveries,
      payload: events.payload,
      webhookSecret: webhooks.secret,
      webhookDisabledAt: webhooks.disabledAt,
      webhookUrl: webhooks.url,
      inboxSecret: inboxes.webhookSecret,
      inboxUrl: inboxes.webhookUrl,
    })
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .leftJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .leftJoin(inboxes, eq(inboxes.id, webhookDeliveries.inboxId))
    .where(eq(webhookDeliveries.id, deliveryId))
    .limit(1)
  return row
}

export function recordAttempt(
  db: Db,
  deliveryId: number,
  values: Pick<NewDelivery, 'status' | 'lastResponseCode' | 'lastError' | 'nextAttemptAt'> & {
    attempts: number
    url?: string
    deliveredAt?: number | null
  },
) {
  return db
    .update(webhookDeliveries)
    .set({ ...values, updatedAt: nowSeconds() })
    .where(eq(webhookDeliveries.id, deliveryId))
}

export function disableWebhook(db: Db, webhookId: number) {
  return db
    .update(webhooks)
    .set({ disabledAt: nowSeconds(), updatedAt: nowSeconds() })
    .where(eq(webhooks.id, webhookId))
}

export function markDead(db: Db, deliveryId: number, error: string) {
  return db
    .update(webhookDeliveries)
    .set({ status: 'dead', lastError: error, nextAttemptAt: null, updatedAt: nowSeconds() })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        inArray(webhookDeliveries.status, ['pending', 'failed']),
      ),
    )
}

export const DELIVERIES_PAGE_SIZE = 25

/** A webhook's deliveries, newest first, by cursor (`before` a delivery id). */
export function listDeliveries(
  db: Db,
  accountId: number,
  webhookId: number,
  before: number | undefined,
) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.accountId, accountId),
        eq(webhookDeliveries.webhookId, webhookId),
        before ? lt(webhookDeliveries.id, before) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(DELIVERIES_PAGE_SIZE)
}

export async function findDelivery(db: Db, accountId: number, webhookId: number, id: number) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.accountId, accountId),
        eq(webhookDeliveries.webhookId, webhookId),
        eq(webhookDeliveries.id, id),
      ),
    )
    .limit(1)
  return row
}

/** Puts a delivery back to pending so the next attempt is made now, under the same webhook-id. */
export function resetForRedelivery(db: Db, deliveryId: number) {
  return db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: nowSeconds(), updatedAt: nowSeconds() })
    .where(eq(webhookDeliveries.id, deliveryId))
    .returning()
}

import { and, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { nowSeconds } from '../../lib/time'
import type { Db } from '../client'
import { agentBots, events, inboxes, webhookDeliveries, webhooks } from '../schema'

export type DeliveryRow = typeof webhookDeliveries.$inferSelect
export type NewDelivery = typeof webhookDeliveries.$inferInsert

/**
 * Creates the deliveries of one event, once each however often the event is processed; the
 * statement returns only the rows it created (so a re-processed event queues nothing twice).
 */
export function insertDeliveries(db: Db, rows: [NewDelivery, ...NewDelivery[]]) {
  return db.insert(webhookDeliveries).values(rows).onConflictDoNothing().returning()
}

const d = webhookDeliveries

/** A delivery that still has an attempt to come: new, put back by a redelivery, or retrying. */
const awaitingAttempt = or(
  eq(d.status, 'pending'),
  and(eq(d.status, 'failed'), isNotNull(d.nextAttemptAt)),
)
/** No attempt is being made: never claimed, or its claim ended (its holder finished or died). */
const unclaimed = (now: number) => or(isNull(d.claimedUntil), lte(d.claimedUntil, now))

export type ClaimTerms = {
  now: number
  /** How long the attempt may take: others keep off until then. */
  leaseSeconds: number
  /** How early before `next_attempt_at` an attempt may still be made (clocks differ a little). */
  earlySeconds: number
}

/**
 * Takes the next attempt of a delivery for this caller, atomically (one conditional UPDATE):
 * only if no attempt is in progress, the delivery still awaits an attempt, and that attempt is
 * due. Every queue message of a delivery (the original, a retry, a sweep's copy, a redelivery)
 * goes through here, so two copies never both POST: the loser sends nothing. Returns the number
 * of the attempt taken (1-based; null when not taken) with everything the attempt needs, read in
 * the same batch, after the claim: one round trip.
 */
export async function claimAttempt(db: Db, deliveryId: number, terms: ClaimTerms) {
  const claim = db
    .update(d)
    .set({
      attempts: sql`${d.attempts} + 1`,
      claimedUntil: terms.now + terms.leaseSeconds,
      updatedAt: terms.now,
    })
    .where(
      and(
        eq(d.id, deliveryId),
        awaitingAttempt,
        unclaimed(terms.now),
        or(isNull(d.nextAttemptAt), lte(d.nextAttemptAt, terms.now + terms.earlySeconds)),
      ),
    )
    .returning({ attempts: d.attempts })
  const [claimed, loaded] = await db.batch([claim, deliveryWithTarget(db, deliveryId)])
  return { attempt: claimed[0]?.attempts ?? null, row: loaded[0] }
}

/**
 * Marks deliveries whose next attempt has been due since before `overdueBefore`, with no attempt
 * in progress at `now`, as re-queued (due from the database's clock, so the next sweep leaves them
 * for as long again, and a sweep run for a later time never makes them wait), and returns them:
 * their queue message was lost (a crash of the local runtime) or sits behind a backlog.
 */
export function requeueOverdueDeliveries(
  db: Db,
  now: number,
  overdueBefore: number,
  limit: number,
) {
  const overdue = db
    .select({ id: d.id })
    .from(d)
    .where(
      and(
        or(
          // A new delivery's attempt is due when it is made.
          and(
            eq(d.status, 'pending'),
            lt(sql`coalesce(${d.nextAttemptAt}, ${d.createdAt})`, overdueBefore),
          ),
          and(eq(d.status, 'failed'), lt(d.nextAttemptAt, overdueBefore)),
        ),
        unclaimed(now),
      ),
    )
    .orderBy(d.id)
    .limit(limit)
  return db
    .update(d)
    .set({ nextAttemptAt: sql`unixepoch()`, updatedAt: sql`unixepoch()` })
    .where(inArray(d.id, overdue))
    .returning({ id: d.id })
}

/**
 * Everything one attempt needs: the delivery, its frozen payload, its target's URL and secret.
 * In a batch D1 hands rows back keyed by column name, so no two columns may share one: the
 * target's columns are named apart from the delivery's (`url` is in both tables).
 */
function deliveryWithTarget(db: Db, deliveryId: number) {
  return db
    .select({
      delivery: d,
      payload: events.payload,
      webhookSecret: sql<string | null>`${webhooks.secret}`.as('target_webhook_secret'),
      webhookDisabledAt: sql<number | null>`${webhooks.disabledAt}`.as(
        'target_webhook_disabled_at',
      ),
      webhookUrl: sql<string | null>`${webhooks.url}`.as('target_webhook_url'),
      inboxSecret: sql<string | null>`${inboxes.webhookSecret}`.as('target_inbox_secret'),
      inboxUrl: sql<string | null>`${inboxes.webhookUrl}`.as('target_inbox_url'),
      botSecret: sql<string | null>`${agentBots.secret}`.as('target_bot_secret'),
      botUrl: sql<string | null>`${agentBots.outgoingUrl}`.as('target_bot_url'),
    })
    .from(d)
    .innerJoin(events, eq(events.id, d.eventId))
    .leftJoin(webhooks, eq(webhooks.id, d.webhookId))
    .leftJoin(inboxes, eq(inboxes.id, d.inboxId))
    .leftJoin(agentBots, eq(agentBots.id, d.agentBotId))
    .where(eq(d.id, deliveryId))
    .limit(1)
}

/**
 * Records how attempt `attempt` ended and releases its claim. It only lands while the attempt is
 * still the delivery's latest: one that outlived its claim and was taken over is not recorded.
 */
export function recordAttempt(
  db: Db,
  deliveryId: number,
  attempt: number,
  values: Pick<NewDelivery, 'status' | 'lastResponseCode' | 'lastError' | 'nextAttemptAt'> & {
    url?: string
    deliveredAt?: number | null
  },
) {
  return db
    .update(d)
    .set({ ...values, claimedUntil: null, updatedAt: nowSeconds() })
    .where(and(eq(d.id, deliveryId), eq(d.attempts, attempt)))
}

/**
 * Gives up a claimed attempt that cannot be made (its webhook is gone, or it has no payload):
 * nothing will be sent, and the attempt is not counted.
 */
export function abandonDelivery(db: Db, deliveryId: number, attempt: number, reason: string) {
  return db
    .update(d)
    .set({
      status: 'failed',
      attempts: attempt - 1,
      lastError: reason,
      nextAttemptAt: null,
      claimedUntil: null,
      updatedAt: nowSeconds(),
    })
    .where(and(eq(d.id, deliveryId), eq(d.attempts, attempt)))
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

export type TestDeliveryTarget = { accountId: number; webhookId: number; url: string }

/**
 * A test event and its one delivery to one webhook, written together. The event is born published
 * and fanned out (it goes to this webhook only, never through the fan-out), and carries its frozen
 * payload, so from here on the delivery is an ordinary one: the queue, retries, the sweep and
 * redelivery treat it like any other. Its `webhook-id` has the usual `msg_<event>_w<webhook>` form.
 */
export async function insertTestDelivery(
  db: Db,
  target: TestDeliveryTarget,
  payload: Record<string, unknown>,
) {
  const now = nowSeconds()
  // In one batch (one transaction), last_insert_rowid() is the event just inserted. The id is
  // bound as text: D1 binds a number as a REAL, which would print as "7.0".
  const eventId = sql<number>`last_insert_rowid()`
  const [, created] = await db.batch([
    db.insert(events).values({
      accountId: target.accountId,
      kind: 'webhook_test',
      payload,
      publishedAt: now,
      fannedOutAt: now,
    }),
    db
      .insert(webhookDeliveries)
      .values({
        accountId: target.accountId,
        webhookId: target.webhookId,
        eventId,
        event: 'webhook_test',
        messageId: sql<string>`'msg_' || last_insert_rowid() || '_w' || ${String(target.webhookId)}`,
        url: target.url,
      })
      .returning(),
  ])
  return created[0]
}

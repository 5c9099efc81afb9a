import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../db/client'
import { markFannedOut } from '../db/queries/event-progress'
import { insertDeliveries, type NewDelivery } from '../db/queries/webhook-deliveries'
import { events, inboxes, webhooks } from '../db/schema'
import type { EventKind } from '../events/kinds'
import { botDeliveryTarget } from './bot-targets'
import { renderEventPayload } from './payloads'

/** `accountId` names the shard the delivery is on (older messages lack it: queues/locate.ts). */
export type DeliveriesQueueMessage = { type: 'delivery'; accountId: number; deliveryId: number }

/** Contact events go to account webhooks only; an API inbox's webhook_url gets the rest. */
const INBOX_WEBHOOK_KINDS: EventKind[] = [
  'conversation_created',
  'conversation_status_changed',
  'conversation_updated',
  'message_created',
  'message_updated',
  'webwidget_triggered',
]

type EventRow = typeof events.$inferSelect

/**
 * Who gets this event: subscribed account webhooks, an API inbox's webhook_url, and the inbox's
 * agent bot (`bot-targets.ts`).
 */
async function deliveryTargets(db: Db, event: EventRow): Promise<NewDelivery[]> {
  const kind = event.kind as EventKind
  const targets: NewDelivery[] = []
  const accountWebhooks = await db
    .select({ id: webhooks.id, url: webhooks.url, subscriptions: webhooks.subscriptions })
    .from(webhooks)
    .where(and(eq(webhooks.accountId, event.accountId), isNull(webhooks.disabledAt)))
  for (const hook of accountWebhooks) {
    if (!hook.subscriptions.includes(kind)) continue
    targets.push({
      accountId: event.accountId,
      webhookId: hook.id,
      eventId: event.id,
      event: kind,
      messageId: `msg_${event.id}_w${hook.id}`,
      url: hook.url,
    })
  }
  if (event.inboxId && INBOX_WEBHOOK_KINDS.includes(kind)) {
    const [inbox] = await db
      .select({ id: inboxes.id, url: inboxes.webhookUrl, type: inboxes.channelType })
      .from(inboxes)
      .where(eq(inboxes.id, event.inboxId))
      .limit(1)
    if (inbox?.type === 'api' && inbox.url) {
      targets.push({
        accountId: event.accountId,
        inboxId: inbox.id,
        eventId: event.id,
        event: kind,
        messageId: `msg_${event.id}_i${inbox.id}`,
        url: inbox.url,
      })
    }
  }
  const bot = await botDeliveryTarget(db, event)
  if (bot) targets.push(bot)
  return targets
}

/** Renders and stores the event's payload unless it already has one; null if its subject is gone. */
async function frozenPayload(db: Db, env: Env, event: EventRow) {
  if (event.payload) return event.payload
  const payload = await renderEventPayload(db, env, event)
  if (!payload) return null
  await db
    .update(events)
    .set({ payload })
    .where(and(eq(events.id, event.id), isNull(events.payload)))
  return payload
}

/**
 * Turns one committed event, on `db` (its account's shard), into one delivery per target and,
 * unless `queue` is false (the fast path attempts them itself), queues them. Returns the ids of the deliveries this run created.
 * Safe to run twice for the same event, even at once (the queue's message and the sweep): the
 * payload is rendered once and frozen, and deliveries are unique per (event, target), which is
 * also their stable `webhook-id`, so each is created, and queued, by one run only. An event
 * nobody subscribes to is never rendered. The event is marked fanned out in the batch that
 * creates its deliveries: if the queue send or the attempt after it never happens (a crash), the
 * deliveries wait unattempted and the delivery sweep re-queues them; if the batch never happens,
 * the fan-out sweep runs this again.
 */
export async function fanOutEvent(
  env: Env,
  db: Db,
  eventId: number,
  options: { queue?: boolean } = {},
): Promise<number[]> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId)).limit(1)
  if (!event || event.fannedOutAt !== null) return []
  const [first, ...rest] = await deliveryTargets(db, event)
  // Nobody to deliver to, or the event's subject is gone: nothing will ever be sent.
  if (!first || !(await frozenPayload(db, env, event))) {
    await markFannedOut(db, [event.id])
    return []
  }
  const [created] = await db.batch([
    insertDeliveries(db, [first, ...rest]),
    markFannedOut(db, [event.id]),
  ])
  const ids = created.map((d) => d.id)
  if (options.queue !== false) await queueDeliveries(env, event.accountId, ids)
  return ids
}

/** Queues deliveries of one account; each message carries it, so its consumer finds the shard. */
export async function queueDeliveries(env: Env, accountId: number, deliveryIds: number[]) {
  for (let i = 0; i < deliveryIds.length; i += 100) {
    await env.DELIVERIES.sendBatch(
      deliveryIds.slice(i, i + 100).map((deliveryId) => ({
        body: { type: 'delivery', accountId, deliveryId } satisfies DeliveriesQueueMessage,
      })),
    )
  }
}

/**
 * At publish time, freezes the payloads of events that some webhook will receive, so the body
 * shows the state right after the change. Events nobody subscribes to cost no rendering, and
 * their fan-out is done there and then: neither the queue nor the sweep need look at them again.
 */
export async function freezePayloads(env: Env, db: Db, eventIds: number[]) {
  const rows = await db
    .select()
    .from(events)
    .where(and(inArray(events.id, eventIds.slice(0, 100)), isNull(events.payload)))
  const unsubscribed: number[] = []
  for (const event of rows) {
    if ((await deliveryTargets(db, event)).length > 0) await frozenPayload(db, env, event)
    else unsubscribed.push(event.id)
  }
  if (unsubscribed.length > 0) await markFannedOut(db, unsubscribed)
}

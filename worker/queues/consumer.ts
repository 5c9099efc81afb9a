import { markDead } from '../db/queries/webhook-deliveries'
import { events, webhookDeliveries } from '../db/schema'
import type { EventsQueueMessage } from '../events/publish'
import { attemptDelivery, deliveryTimeoutMs } from '../webhooks/deliver'
import { type DeliveriesQueueMessage, fanOutEvent } from '../webhooks/fanout'
import { handOffFromSilentBot } from './bot-handoff'
import { carriedAccountId, messageDatabase } from './locate'
import { type Settlement, settleMessage } from './settle'

/** A message as received: one sent before the shards carries no account (see ./locate.ts). */
type Received<T> = Omit<T, 'accountId'> & { accountId: number | undefined }
type QueueMessage = Received<EventsQueueMessage> | Received<DeliveriesQueueMessage>

function parse(body: unknown): QueueMessage | null {
  if (typeof body !== 'object' || body === null) return null
  const b = body as Record<string, unknown>
  const accountId = carriedAccountId(b)
  if (b.type === 'event' && Number.isSafeInteger(b.eventId)) {
    return { type: 'event', accountId, eventId: b.eventId as number }
  }
  if (b.type === 'delivery' && Number.isSafeInteger(b.deliveryId)) {
    return { type: 'delivery', accountId, deliveryId: b.deliveryId as number }
  }
  return null
}

/**
 * One consumer for all queues, dispatched by queue name. Each message is settled on its own, so
 * a failure retries only its own message. Each works on its account's shard; a message whose
 * event or delivery is on no shard (its account was deleted) has nothing left to do.
 */
export async function handleQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const deadLetters = batch.queue.endsWith('-dlq')
  const work = async (body: QueueMessage): Promise<Settlement> => {
    if (body.type === 'event') {
      if (deadLetters) return undefined
      const db = await messageDatabase(env, events, body.accountId, body.eventId)
      if (db) await fanOutEvent(env, db, body.eventId)
      return undefined
    }
    const db = await messageDatabase(env, webhookDeliveries, body.accountId, body.deliveryId)
    if (!db) return undefined
    if (deadLetters) {
      await markDead(db, body.deliveryId, 'retries exhausted')
      await handOffFromSilentBot(env, db, body.deliveryId)
      return undefined
    }
    const outcome = await attemptDelivery(env, db, body.deliveryId, {
      timeoutMs: deliveryTimeoutMs(env),
    })
    // The retry is the same message, so it keeps its account.
    if (outcome.kind === 'retry') return { retryAfterSeconds: outcome.delaySeconds }
    // A bot that never answered its message hands the conversation to humans.
    if (outcome.kind === 'dead') await handOffFromSilentBot(env, db, body.deliveryId)
    return undefined
  }
  // Messages are independent (one event, or one delivery to one receiver), so a slow receiver
  // must not hold up the rest of the batch: they run side by side, each settled on its own.
  await Promise.all(
    batch.messages.map((message) =>
      settleMessage(message, batch.queue, { parse, work, failure: 'queue handler failed' }),
    ),
  )
}

import { createDb } from '../db/client'
import { markDead } from '../db/queries/webhook-deliveries'
import type { EventsQueueMessage } from '../events/publish'
import { attemptDelivery, deliveryTimeoutMs } from '../webhooks/deliver'
import { type DeliveriesQueueMessage, fanOutEvent } from '../webhooks/fanout'
import { type Settlement, settleMessage } from './settle'

type QueueMessage = EventsQueueMessage | DeliveriesQueueMessage

function parse(body: unknown): QueueMessage | null {
  if (typeof body !== 'object' || body === null) return null
  const b = body as Record<string, unknown>
  if (b.type === 'event' && Number.isSafeInteger(b.eventId)) return b as EventsQueueMessage
  if (b.type === 'delivery' && Number.isSafeInteger(b.deliveryId)) {
    return b as DeliveriesQueueMessage
  }
  return null
}

/**
 * One consumer for all queues, dispatched by queue name. Each message is settled on its own, so
 * a failure retries only its own message.
 */
export async function handleQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const deadLetters = batch.queue.endsWith('-dlq')
  const work = async (body: QueueMessage): Promise<Settlement> => {
    if (deadLetters) {
      if (body.type === 'delivery') {
        await markDead(createDb(env.DB), body.deliveryId, 'retries exhausted')
      }
    } else if (body.type === 'event') {
      await fanOutEvent(env, body.eventId)
    } else {
      const outcome = await attemptDelivery(env, body.deliveryId, {
        timeoutMs: deliveryTimeoutMs(env),
      })
      if (outcome.kind === 'retry') return { retryAfterSeconds: outcome.delaySeconds }
    }
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

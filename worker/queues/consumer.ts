import { createDb } from '../db/client'
import { markDead } from '../db/queries/webhook-deliveries'
import type { EventsQueueMessage } from '../events/publish'
import { attemptDelivery } from '../webhooks/deliver'
import { type DeliveriesQueueMessage, fanOutEvent } from '../webhooks/fanout'

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

const timeoutOf = (env: Env) => Number(env.WEBHOOK_TIMEOUT_MS) || undefined

/**
 * One consumer for all queues, dispatched by queue name. Messages are settled one by one, so a
 * failure retries only its own message.
 */
export async function handleQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const deadLetters = batch.queue.endsWith('-dlq')
  for (const message of batch.messages) {
    const body = parse(message.body)
    if (!body) {
      console.error(JSON.stringify({ level: 'error', msg: 'poison message', queue: batch.queue }))
      message.ack()
      continue
    }
    try {
      if (deadLetters) {
        if (body.type === 'delivery') {
          await markDead(createDb(env.DB), body.deliveryId, 'retries exhausted')
        }
        message.ack()
      } else if (body.type === 'event') {
        await fanOutEvent(env, body.eventId)
        message.ack()
      } else {
        const outcome = await attemptDelivery(env, body.deliveryId, {
          attempt: message.attempts,
          timeoutMs: timeoutOf(env),
        })
        if (outcome.kind === 'retry') message.retry({ delaySeconds: outcome.delaySeconds })
        else message.ack()
      }
    } catch (error) {
      console.error(
        JSON.stringify({
          level: 'error',
          msg: 'queue handler failed',
          queue: batch.queue,
          error: String(error),
        }),
      )
      message.retry({ delaySeconds: Math.min(2 ** message.attempts, 300) })
    }
  }
}

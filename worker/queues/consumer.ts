import { createDb } from '../db/client'
import { markDead } from '../db/queries/webhook-deliveries'
import { describeError } from '../errors'
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
 * One consumer for all queues, dispatched by queue name. Each message is settled on its own, so
 * a failure retries only its own message.
 */
export async function handleQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const deadLetters = batch.queue.endsWith('-dlq')
  // Messages are independent (one event, or one delivery to one receiver), so a slow receiver
  // must not hold up the rest of the batch: they run side by side, each settled on its own.
  await Promise.all(
    batch.messages.map((message) => handleMessage(message, deadLetters, env, batch.queue)),
  )
}

async function handleMessage(
  message: Message<unknown>,
  deadLetters: boolean,
  env: Env,
  queue: string,
) {
  const body = parse(message.body)
  if (!body) {
    console.error(JSON.stringify({ level: 'error', msg: 'poison message', queue }))
    message.ack()
    return
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
      const outcome = await attemptDelivery(env, body.deliveryId, { timeoutMs: timeoutOf(env) })
      if (outcome.kind === 'retry') message.retry({ delaySeconds: outcome.delaySeconds })
      else message.ack()
    }
  } catch (error) {
    console.error(
      JSON.stringify({
        level: 'error',
        msg: 'queue handler failed',
        queue,
        error: describeError(error),
      }),
    )
    message.retry({ delaySeconds: Math.min(2 ** message.attempts, 300) })
  }
}

import {
  createExecutionContext,
  createMessageBatch,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import worker from '../../../worker/index'
import { RETRY_SCHEDULE_SECONDS } from '../../../worker/webhooks/backoff'
import { shardOfRow } from '../helpers'
import { scriptReceiver } from '../receiver'
import { deliveryRow, seedDelivery } from '../webhooks/delivery-helpers'

async function runBatch(queue: string, body: unknown, attempts = 1) {
  const batch = createMessageBatch(queue, [
    { id: `m-${Math.random()}`, timestamp: new Date(), attempts, body },
  ])
  // The test batch records that a message was retried but not its delay: watch the call.
  const retry = vi.spyOn(batch.messages[0]!, 'retry')
  const ctx = createExecutionContext()
  await worker.queue(batch, env)
  await waitOnExecutionContext(ctx)
  return { ...(await getQueueResult(batch, ctx)), retryCalls: retry.mock.calls }
}

describe('the queue consumer', () => {
  it('retries a failed delivery with the delay for its attempt as D1 counts them, not the message', async () => {
    const url = await scriptReceiver('consumer-500', [{ status: 500 }])
    const seeded = await seedDelivery(url)
    // Two attempts were made; the third is due, carried by a fresh message (a sweep's copy).
    await shardOfRow(seeded.deliveryId)
      .prepare(
        "update webhook_deliveries set status = 'failed', attempts = 2, next_attempt_at = unixepoch() where id = ?",
      )
      .bind(seeded.deliveryId)
      .run()
    const result = await runBatch(
      'parley-deliveries',
      { type: 'delivery', accountId: seeded.world.accountId, deliveryId: seeded.deliveryId },
      1,
    )
    expect(result.explicitAcks).toEqual([])
    expect(result.retryMessages).toHaveLength(1)
    const delay = result.retryCalls[0]?.[0]?.delaySeconds ?? -1
    expect(delay).toBeGreaterThanOrEqual(Math.floor(RETRY_SCHEDULE_SECONDS[2] * 0.8))
    expect(delay).toBeLessThanOrEqual(Math.ceil(RETRY_SCHEDULE_SECONDS[2] * 1.2))
    expect(await deliveryRow(seeded.deliveryId)).toMatchObject({ status: 'failed', attempts: 3 })
  })

  it('acknowledges a delivered message', async () => {
    const url = await scriptReceiver('consumer-ok')
    const seeded = await seedDelivery(url)
    const result = await runBatch('parley-deliveries', {
      type: 'delivery',
      accountId: seeded.world.accountId,
      deliveryId: seeded.deliveryId,
    })
    expect(result.explicitAcks).toHaveLength(1)
    expect(result.retryMessages).toEqual([])
  })

  it('finds the shard of a message sent before the shards, which names no account', async () => {
    const url = await scriptReceiver('consumer-no-account')
    const seeded = await seedDelivery(url)
    const result = await runBatch('parley-deliveries', {
      type: 'delivery',
      deliveryId: seeded.deliveryId,
    })
    expect(result.explicitAcks).toHaveLength(1)
    expect(result.retryMessages).toEqual([])
    expect(await deliveryRow(seeded.deliveryId)).toMatchObject({ status: 'succeeded', attempts: 1 })
  })

  it('marks a delivery dead when it reaches the dead-letter queue', async () => {
    const url = await scriptReceiver('consumer-dead')
    const seeded = await seedDelivery(url)
    const result = await runBatch('parley-deliveries-dlq', {
      type: 'delivery',
      accountId: seeded.world.accountId,
      deliveryId: seeded.deliveryId,
    })
    expect(result.explicitAcks).toHaveLength(1)
    expect(await deliveryRow(seeded.deliveryId)).toMatchObject({
      status: 'dead',
      last_error: 'retries exhausted',
    })
  })

  it('drops a malformed message instead of retrying it forever', async () => {
    const result = await runBatch('parley-events', { type: 'nonsense' })
    expect(result.explicitAcks).toHaveLength(1)
    expect(result.retryMessages).toEqual([])
  })
})

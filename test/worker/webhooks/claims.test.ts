import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../../worker/db/client'
import { sweepOverdueDeliveries } from '../../../worker/events/sweep'
import { RETRY_SCHEDULE_SECONDS } from '../../../worker/webhooks/backoff'
import { attemptDelivery } from '../../../worker/webhooks/deliver'
import { shardOfRow } from '../helpers'
import { receivedBy, scriptReceiver } from '../receiver'
import { deliveryRow, retryComesDue, seedDelivery } from './delivery-helpers'

/**
 * Every queue message of a delivery claims its attempt in D1 before sending, so the copies a
 * crash recovery makes (the sweep re-queues what it cannot tell from lost) never send twice.
 */

// Long enough that the 300 ms receivers below answer in time even on a loaded machine: these
// tests are about claims, not timeouts.
const options = { timeoutMs: 5000, random: () => 0.5 }
const nowSeconds = () => Math.floor(Date.now() / 1000)
const ages = { unpublished: 60, unfanned: 60, overdue: 60 }
/** The local queue hands a batch over within its max_batch_timeout (1 s). */
const settleWithin = { timeout: 15_000, interval: 50 }

/** A delivery's attempt on its shard (the one its id names), as its queue message makes it. */
const attempt = (deliveryId: number) =>
  attemptDelivery(env, createDb(shardOfRow(deliveryId)), deliveryId, options)

async function setRow(id: number, assignments: string) {
  await shardOfRow(id)
    .prepare(`update webhook_deliveries set ${assignments} where id = ?`)
    .bind(id)
    .run()
}

describe('claiming a delivery attempt', () => {
  it('sends once when two copies of a message arrive at the same time', async () => {
    const url = await scriptReceiver('claim-concurrent', [{ delayMs: 300 }])
    const seeded = await seedDelivery(url)
    const outcomes = await Promise.all([attempt(seeded.deliveryId), attempt(seeded.deliveryId)])
    expect(outcomes).toEqual([{ kind: 'done' }, { kind: 'done' }])
    expect(await receivedBy('claim-concurrent')).toHaveLength(1)
    expect(await deliveryRow(seeded.deliveryId)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
    })
  })

  it('sends once when a copy arrives while another is still waiting on a failing receiver', async () => {
    const url = await scriptReceiver('claim-in-flight', [{ status: 500, delayMs: 300 }])
    const seeded = await seedDelivery(url)
    const [first, second] = await Promise.all([
      attempt(seeded.deliveryId),
      attempt(seeded.deliveryId),
    ])
    // One copy made the attempt and holds the retry; the other sent nothing and let go.
    expect([first, second]).toContainEqual({ kind: 'done' })
    expect([first, second]).toContainEqual({
      kind: 'retry',
      delaySeconds: RETRY_SCHEDULE_SECONDS[0],
    })
    expect(await receivedBy('claim-in-flight')).toHaveLength(1)
    expect(await deliveryRow(seeded.deliveryId)).toMatchObject({ status: 'failed', attempts: 1 })
  })

  it('sends nothing from a copy that arrives before the scheduled retry is due', async () => {
    const url = await scriptReceiver('claim-early', [{ status: 500 }])
    const seeded = await seedDelivery(url)
    expect((await attempt(seeded.deliveryId)).kind).toBe('retry')
    const scheduled = (await deliveryRow(seeded.deliveryId))?.next_attempt_at
    expect(await attempt(seeded.deliveryId)).toEqual({ kind: 'done' })
    expect(await receivedBy('claim-early')).toHaveLength(1)
    expect(await deliveryRow(seeded.deliveryId)).toMatchObject({
      status: 'failed',
      attempts: 1,
      next_attempt_at: scheduled,
    })
    // When it is due, the copy holding the schedule makes the second attempt.
    await retryComesDue(seeded.deliveryId)
    expect(await attempt(seeded.deliveryId)).toEqual({ kind: 'done' })
    expect((await receivedBy('claim-early')).map((r) => r.status)).toEqual([500, 200])
  })

  it("sends once when a late original and the sweep's copy of an overdue retry both arrive", async () => {
    const url = await scriptReceiver('claim-late-original', [{ status: 500 }])
    const seeded = await seedDelivery(url)
    expect((await attempt(seeded.deliveryId)).kind).toBe('retry')
    // The retry was due two minutes ago and never came: the sweep re-queues it (a real queue
    // message, handled by the consumer), and the original turns up at the same time.
    await setRow(seeded.deliveryId, 'next_attempt_at = unixepoch() - 120')
    const [requeued, late] = await Promise.all([
      sweepOverdueDeliveries(env, nowSeconds(), ages),
      attempt(seeded.deliveryId),
    ])
    expect(requeued).toBeLessThanOrEqual(1)
    expect(late).toEqual({ kind: 'done' })
    await expect
      .poll(async () => (await deliveryRow(seeded.deliveryId))?.status, settleWithin)
      .toBe('succeeded')
    // Settled: the queue's copy, whenever it is handled, finds nothing left to send.
    expect((await receivedBy('claim-late-original')).map((r) => r.status)).toEqual([500, 200])
    expect(await deliveryRow(seeded.deliveryId)).toMatchObject({ attempts: 2 })
  })

  it("keeps the sweep off an attempt in progress, and re-queues it once its holder's claim ran out", async () => {
    const url = await scriptReceiver('claim-holder-died')
    const seeded = await seedDelivery(url)
    // An attempt was claimed, then its worker died mid-POST: the claim is still running.
    await setRow(seeded.deliveryId, 'attempts = 1, claimed_until = unixepoch() + 30')
    await setRow(seeded.deliveryId, 'created_at = unixepoch() - 600')
    expect(await attempt(seeded.deliveryId)).toEqual({ kind: 'done' })
    await sweepOverdueDeliveries(env, nowSeconds(), ages)
    // Not re-queued: a re-queue marks the delivery due from now.
    expect((await deliveryRow(seeded.deliveryId))?.next_attempt_at).toBeNull()
    expect(await receivedBy('claim-holder-died')).toEqual([])
    // The claim ran out: the sweep re-queues the delivery, and the queue's copy makes attempt 2.
    await setRow(seeded.deliveryId, 'claimed_until = unixepoch() - 1')
    expect(await sweepOverdueDeliveries(env, nowSeconds(), ages)).toBeGreaterThanOrEqual(1)
    await expect
      .poll(async () => (await deliveryRow(seeded.deliveryId))?.status, settleWithin)
      .toBe('succeeded')
    expect(await receivedBy('claim-holder-died')).toHaveLength(1)
    expect(await deliveryRow(seeded.deliveryId)).toMatchObject({ attempts: 2 })
  })

  it("a redelivered delivery is attempted now under the same webhook-id, numbered on from D1's count", async () => {
    const url = await scriptReceiver('claim-redeliver')
    const seeded = await seedDelivery(url)
    expect(await attempt(seeded.deliveryId)).toEqual({ kind: 'done' })
    await setRow(seeded.deliveryId, "status = 'pending', next_attempt_at = unixepoch()")
    expect(await attempt(seeded.deliveryId)).toEqual({ kind: 'done' })
    const got = await receivedBy('claim-redeliver')
    expect(got.map((r) => r.headers['webhook-id'])).toEqual([seeded.messageId, seeded.messageId])
    expect(await deliveryRow(seeded.deliveryId)).toMatchObject({
      status: 'succeeded',
      attempts: 2,
    })
  })
})

import { env } from 'cloudflare:test'
import { Webhook } from 'standardwebhooks'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createDb } from '../../../worker/db/client'
import { MAX_DELIVERY_ATTEMPTS, RETRY_SCHEDULE_SECONDS } from '../../../worker/webhooks/backoff'
import { attemptDelivery } from '../../../worker/webhooks/deliver'
import { shardOfRow } from '../helpers'
import { PRIVATE_TARGETS } from '../private-targets'
import { receivedBy, scriptReceiver } from '../receiver'
import { deliveryRow, neverAttempted, retryComesDue, seedDelivery } from './delivery-helpers'

/** The delivery's next attempt, made when it is due (as its queue message would be). */
async function attempt(deliveryId: number) {
  await retryComesDue(deliveryId)
  // On the delivery's shard, the one its id names.
  const db = createDb(shardOfRow(deliveryId))
  return attemptDelivery(env, db, deliveryId, { timeoutMs: 1500, random: () => 0.5 })
}

describe('attemptDelivery', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('POSTs the frozen payload with Standard Webhooks headers that the standardwebhooks library verifies', async () => {
    const url = await scriptReceiver('ok-1')
    const seeded = await seedDelivery(url, { event: 'contact_created', id: 42, name: 'Ada' })
    expect(await attempt(seeded.deliveryId)).toEqual({ kind: 'done' })
    const [got] = await receivedBy('ok-1')
    expect(got).toBeDefined()
    expect(JSON.parse(got!.body)).toEqual({ event: 'contact_created', id: 42, name: 'Ada' })
    expect(got!.headers['webhook-id']).toBe(seeded.messageId)
    expect(got!.headers['content-type']).toBe('application/json')
    const verified = new Webhook(seeded.secret).verify(got!.body, {
      'webhook-id': got!.headers['webhook-id']!,
      'webhook-timestamp': got!.headers['webhook-timestamp']!,
      'webhook-signature': got!.headers['webhook-signature']!,
    })
    expect(verified).toEqual({ event: 'contact_created', id: 42, name: 'Ada' })
    expect(await deliveryRow(seeded.deliveryId)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      last_response_code: 200,
      last_error: null,
      delivered_at: expect.any(Number),
    })
  })

  it('retries a 500 on the backoff schedule and records the failure', async () => {
    const url = await scriptReceiver('fail-500', [{ status: 500 }])
    const seeded = await seedDelivery(url)
    const outcome = await attempt(seeded.deliveryId)
    expect(outcome).toEqual({ kind: 'retry', delaySeconds: RETRY_SCHEDULE_SECONDS[0] })
    expect(await deliveryRow(seeded.deliveryId)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_response_code: 500,
      last_error: 'HTTP 500',
      next_attempt_at: expect.any(Number),
    })
  })

  it('gives up on a receiver that does not answer within the timeout and retries', async () => {
    const url = await scriptReceiver('slow', [{ delayMs: 4000 }])
    const seeded = await seedDelivery(url)
    const outcome = await attempt(seeded.deliveryId)
    expect(outcome).toEqual({ kind: 'retry', delaySeconds: RETRY_SCHEDULE_SECONDS[0] })
    expect((await deliveryRow(seeded.deliveryId))?.last_error).toBe('timeout after 1500 ms')
  })

  it('retries when the connection is refused', async () => {
    const seeded = await seedDelivery('http://127.0.0.1:1/hook')
    const outcome = await attempt(seeded.deliveryId)
    expect(outcome.kind).toBe('retry')
    expect((await deliveryRow(seeded.deliveryId))?.last_error).toMatch(/^connection failed/)
  })

  it('does not follow a redirect and counts it as a failure', async () => {
    const target = await scriptReceiver('redirect-target')
    const url = await scriptReceiver('redirect', [{ status: 302, location: target }])
    const seeded = await seedDelivery(url)
    expect((await attempt(seeded.deliveryId)).kind).toBe('retry')
    expect(await receivedBy('redirect-target')).toEqual([])
    expect((await deliveryRow(seeded.deliveryId))?.last_error).toBe('redirect (302) not followed')
  })

  it('disables the webhook when the receiver answers 410 Gone', async () => {
    const url = await scriptReceiver('gone', [{ status: 410 }])
    const seeded = await seedDelivery(url)
    expect(await attempt(seeded.deliveryId)).toEqual({ kind: 'done' })
    const hook = await shardOfRow(seeded.webhookId)
      .prepare('select disabled_at from webhooks where id = ?')
      .bind(seeded.webhookId)
      .first<{ disabled_at: number | null }>()
    expect(hook?.disabled_at).toEqual(expect.any(Number))
  })

  it("honours a 429's Retry-After", async () => {
    const url = await scriptReceiver('throttled', [{ status: 429, retryAfter: '120' }])
    const seeded = await seedDelivery(url)
    expect(await attempt(seeded.deliveryId)).toEqual({ kind: 'retry', delaySeconds: 120 })
  })

  it('keeps the same webhook-id across retries and stops once delivered', async () => {
    const url = await scriptReceiver('recovers', [
      { status: 500 },
      { status: 503 },
      { status: 502 },
    ])
    const seeded = await seedDelivery(url)
    for (let n = 1; n <= 3; n++) expect((await attempt(seeded.deliveryId)).kind).toBe('retry')
    expect(await attempt(seeded.deliveryId)).toEqual({ kind: 'done' })
    // A duplicate queue message after success sends nothing more.
    expect(await attempt(seeded.deliveryId)).toEqual({ kind: 'done' })
    const got = await receivedBy('recovers')
    expect(got.map((r) => r.status)).toEqual([500, 503, 502, 200])
    expect(new Set(got.map((r) => r.headers['webhook-id']))).toEqual(new Set([seeded.messageId]))
    expect(await deliveryRow(seeded.deliveryId)).toMatchObject({ status: 'succeeded', attempts: 4 })
  })

  it('refuses at send time a private address that is not allow-listed, without sending', async () => {
    const seeded = await seedDelivery('https://10.0.0.1/hook')
    const outcome = await attempt(seeded.deliveryId)
    expect(outcome.kind).toBe('retry')
    expect((await deliveryRow(seeded.deliveryId))?.last_error).toMatch(/^refused/)
  })

  it('refuses at send time the same private targets as avatar downloads, sending nothing', async () => {
    const seeded = await seedDelivery('https://hooks.example.com/replaced-below')
    const sent = vi.spyOn(globalThis, 'fetch')
    for (const url of PRIVATE_TARGETS) {
      // A URL stored before the guard knew better is checked again at send time.
      await shardOfRow(seeded.webhookId)
        .prepare('update webhooks set url = ? where id = ?')
        .bind(url, seeded.webhookId)
        .run()
      await neverAttempted(seeded.deliveryId)
      expect((await attempt(seeded.deliveryId)).kind).toBe('retry')
      expect((await deliveryRow(seeded.deliveryId))?.last_error, url).toMatch(/^refused: must/)
    }
    expect(sent).not.toHaveBeenCalled()
  })

  it('sends nothing for a webhook deleted after the event', async () => {
    const url = await scriptReceiver('deleted')
    const seeded = await seedDelivery(url)
    await shardOfRow(seeded.webhookId)
      .prepare('delete from webhooks where id = ?')
      .bind(seeded.webhookId)
      .run()
    expect(await attempt(seeded.deliveryId)).toEqual({ kind: 'done' })
    expect(await receivedBy('deleted')).toEqual([])
  })

  it('makes the delivery dead when its last attempt fails, counting the attempts recorded in D1', async () => {
    const url = await scriptReceiver('last', [{ status: 500 }])
    const seeded = await seedDelivery(url)
    // Every attempt but the last was made (by whichever queue messages); the last is due now.
    await shardOfRow(seeded.deliveryId)
      .prepare(
        "update webhook_deliveries set status = 'failed', attempts = ?, next_attempt_at = unixepoch() where id = ?",
      )
      .bind(MAX_DELIVERY_ATTEMPTS - 1, seeded.deliveryId)
      .run()
    expect(await attempt(seeded.deliveryId)).toEqual({ kind: 'dead' })
    expect(await deliveryRow(seeded.deliveryId)).toMatchObject({
      status: 'dead',
      attempts: MAX_DELIVERY_ATTEMPTS,
      last_error: 'HTTP 500',
      next_attempt_at: null,
    })
    expect(await receivedBy('last')).toHaveLength(1)
  })
})

import { env } from 'cloudflare:test'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../../worker/db/client'
import { publishEvents } from '../../../worker/events/publish'
import { sweepOutbox } from '../../../worker/events/sweep'
import { attemptDelivery } from '../../../worker/webhooks/deliver'
import { fanOutEvent } from '../../../worker/webhooks/fanout'
import { shardOfRow } from '../helpers'
import { receivedBy } from '../receiver'
import { deliveryRow, retryComesDue } from './delivery-helpers'
import { seedContactEvent } from './events-helpers'

type Sent = { queue: 'events' | 'deliveries'; body: unknown; delaySeconds?: number }

/** The env with both webhook queues recorded on the way through (the messages still go). */
function recordingQueues() {
  const sent: Sent[] = []
  const record = (queue: Sent['queue'], binding: Queue) => ({
    send: (body: unknown, options?: QueueSendOptions) => {
      sent.push({ queue, body, delaySeconds: options?.delaySeconds })
      return binding.send(body, options)
    },
    sendBatch: (messages: Iterable<MessageSendRequest>, options?: QueueSendBatchOptions) => {
      const list = [...messages]
      for (const m of list) sent.push({ queue, body: m.body, delaySeconds: m.delaySeconds })
      return binding.sendBatch(list, options)
    },
  })
  const recorded = {
    ...env,
    EVENTS: record('events', env.EVENTS) as unknown as Env['EVENTS'],
    DELIVERIES: record('deliveries', env.DELIVERIES) as unknown as Env['DELIVERIES'],
  }
  return { env: recorded, sent }
}

const committedEvent = (receiver: string, answers: { status: number }[] = []) =>
  seedContactEvent(receiver, 0, answers)

/** Each event's rows are on its shard, the one its id names, with its deliveries. */
const shardDb = (id: number) => createDb(shardOfRow(id))

async function deliveryOf(eventId: number) {
  const row = await shardOfRow(eventId)
    .prepare('select id, message_id from webhook_deliveries where event_id = ?')
    .bind(eventId)
    .first<{ id: number; message_id: string }>()
  if (!row) throw new Error(`no delivery for event ${eventId}`)
  return row
}

describe('the webhook fast path', () => {
  it('delivers within the publish itself, signed and logged, without a queue hop', async () => {
    const seeded = await committedEvent('fast-ok')
    const queues = recordingQueues()
    await publishEvents(queues.env, seeded.world.accountId, [seeded.eventId])
    // By the time the publish returns, the receiver has it: no queue message was needed.
    const got = await receivedBy('fast-ok')
    expect(got).toHaveLength(1)
    expect(queues.sent).toEqual([])
    const delivery = await deliveryOf(seeded.eventId)
    expect(got[0]?.headers['webhook-id']).toBe(delivery.message_id)
    const body = new Webhook(seeded.secret).verify(got[0]!.body, got[0]!.headers)
    expect(body).toMatchObject({ event: 'contact_created', name: 'Ada' })
    expect(await deliveryRow(delivery.id)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      last_response_code: 200,
    })
    const event = await shardOfRow(seeded.eventId)
      .prepare('select published_at, fanned_out_at from events where id = ?')
      .bind(seeded.eventId)
      .first<{ published_at: number | null; fanned_out_at: number | null }>()
    expect(event).toEqual({ published_at: expect.any(Number), fanned_out_at: expect.any(Number) })
  })

  it('hands a failed first attempt to the deliveries queue with its backoff, under the same webhook-id', async () => {
    const seeded = await committedEvent('fast-fail', [{ status: 500 }, { status: 200 }])
    const queues = recordingQueues()
    await publishEvents(queues.env, seeded.world.accountId, [seeded.eventId])
    const delivery = await deliveryOf(seeded.eventId)
    const failed = await deliveryRow(delivery.id)
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, last_response_code: 500 })
    // One message: the retry, delayed as recorded (24–36 s for the first step of the schedule).
    expect(queues.sent).toEqual([
      {
        queue: 'deliveries',
        body: { type: 'delivery', accountId: seeded.world.accountId, deliveryId: delivery.id },
        delaySeconds: expect.any(Number),
      },
    ])
    const delay = queues.sent[0]?.delaySeconds as number
    expect(delay).toBeGreaterThanOrEqual(24)
    expect(delay).toBeLessThanOrEqual(36)
    expect((failed?.next_attempt_at ?? 0) - Math.floor(Date.now() / 1000)).toBeGreaterThan(
      delay - 5,
    )
    // The queue hands the retry over once it is due; it succeeds under the same webhook-id.
    await retryComesDue(delivery.id)
    const retried = await attemptDelivery(env, shardDb(delivery.id), delivery.id, {
      timeoutMs: 1500,
    })
    expect(retried).toEqual({ kind: 'done' })
    const got = await receivedBy('fast-fail')
    expect(got.map((r) => [r.status, r.headers['webhook-id']])).toEqual([
      [500, delivery.message_id],
      [200, delivery.message_id],
    ])
    expect(await deliveryRow(delivery.id)).toMatchObject({ status: 'succeeded', attempts: 2 })
  })

  it('leaves a delivery stranded by a crash before its attempt to the sweep, which sends it once', async () => {
    const seeded = await committedEvent('fast-crash')
    // The crash: the fan-out committed the delivery, then the isolate died before the attempt.
    const [deliveryId] = await fanOutEvent(env, shardDb(seeded.eventId), seeded.eventId, {
      queue: false,
    })
    expect(deliveryId).toEqual(expect.any(Number))
    expect(await receivedBy('fast-crash')).toEqual([])
    // A minute later the cron finds it overdue and re-queues it; the queue delivers it.
    const queues = recordingQueues()
    const counts = await sweepOutbox(queues.env, Math.floor(Date.now() / 1000) + 120)
    expect(counts.requeued).toBeGreaterThanOrEqual(1)
    expect(queues.sent).toContainEqual({
      queue: 'deliveries',
      body: { type: 'delivery', accountId: seeded.world.accountId, deliveryId },
      delaySeconds: undefined,
    })
    await expect
      .poll(async () => (await receivedBy('fast-crash')).length, { timeout: 15_000 })
      .toBe(1)
    expect(await deliveryRow(deliveryId as number)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
    })
  })

  it('leaves an event whose publish never ran to the sweep, which delivers it by the fast path', async () => {
    const seeded = await committedEvent('fast-unpublished')
    await shardOfRow(seeded.eventId)
      .prepare('update events set created_at = unixepoch() - 120 where id = ?')
      .bind(seeded.eventId)
      .run()
    const queues = recordingQueues()
    const counts = await sweepOutbox(queues.env, Math.floor(Date.now() / 1000))
    expect(counts.republished).toBeGreaterThanOrEqual(1)
    expect(await receivedBy('fast-unpublished')).toHaveLength(1)
    expect(
      queues.sent.filter((m) => (m.body as { eventId?: number }).eventId === seeded.eventId),
    ).toEqual([])
  })
})

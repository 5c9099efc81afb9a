import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../../worker/db/client'
import { publishEvents } from '../../../worker/events/publish'
import {
  SWEEP_AGES_SECONDS,
  sweepAges,
  sweepOutbox,
  sweepUnfannedEvents,
} from '../../../worker/events/sweep'
import { fanOutEvent } from '../../../worker/webhooks/fanout'
import { newWebhookSecret } from '../../../worker/webhooks/signature'
import { accountDb, createWorld, shardOfRow } from '../helpers'
import { receivedBy, scriptReceiver } from '../receiver'
import { deliveryRow, seedDelivery } from '../webhooks/delivery-helpers'

/**
 * What a killed worker strands between the outbox's steps, and the cron's sweeps picking each one
 * up once it is older than its age (and leaving younger ones to the work still under way).
 */

const nowSeconds = () => Math.floor(Date.now() / 1000)

/** An account webhook to `receiver` and a contact_created event, `publishedAgo` s published. */
async function seedEvent(receiver: string, publishedAgo: number | null, createdAgo = 0) {
  const world = await createWorld()
  const url = await scriptReceiver(receiver)
  const db = await accountDb(world.accountId)
  const hook = await db
    .prepare(
      'insert into webhooks (account_id, url, subscriptions, secret) values (?, ?, \'["contact_created"]\', ?) returning id',
    )
    .bind(world.accountId, url, newWebhookSecret())
    .first<{ id: number }>()
  const contact = await db
    .prepare("insert into contacts (account_id, name) values (?, 'Ada') returning id")
    .bind(world.accountId)
    .first<{ id: number }>()
  const event = await db
    .prepare(
      "insert into events (account_id, kind, contact_id, created_at, published_at) values (?, 'contact_created', ?, unixepoch() - ?, unixepoch() - ?) returning id",
    )
    .bind(world.accountId, contact!.id, createdAgo, publishedAgo)
    .first<{ id: number }>()
  return { eventId: event!.id, messageId: `msg_${event!.id}_w${hook!.id}` }
}

// Events and their deliveries are account data: each is on the shard its id names.
const eventRow = (id: number) =>
  shardOfRow(id)
    .prepare('select published_at, fanned_out_at from events where id = ?')
    .bind(id)
    .first<{ published_at: number | null; fanned_out_at: number | null }>()

const deliveriesOf = async (eventId: number) =>
  (
    await shardOfRow(eventId)
      .prepare('select id, message_id from webhook_deliveries where event_id = ?')
      .bind(eventId)
      .all<{ id: number; message_id: string }>()
  ).results

const settled = (deliveryId: number) =>
  expect
    .poll(async () => (await deliveryRow(deliveryId))?.status, { timeout: 15_000, interval: 50 })
    .toBe('succeeded')

/** The env with its deliveries queue recorded on the way through (the messages still go). */
function recordingDeliveries() {
  const deliveryIds: number[] = []
  const queue = env.DELIVERIES
  const sendBatch = (messages: Iterable<MessageSendRequest<{ deliveryId: number }>>) => {
    const list = [...messages]
    deliveryIds.push(...list.map((m) => m.body.deliveryId))
    return queue.sendBatch(list)
  }
  const recorded = { send: queue.send.bind(queue), sendBatch }
  return { env: { ...env, DELIVERIES: recorded as unknown as Env['DELIVERIES'] }, deliveryIds }
}

describe('the sweeps', () => {
  it('re-publish an event whose publish died with its request, once it is 30 s old', async () => {
    const old = await seedEvent('sweep-unpublished', null, SWEEP_AGES_SECONDS.unpublished + 5)
    const fresh = await seedEvent('sweep-unpublished-fresh', null, 0)
    await sweepOutbox(env, nowSeconds())
    expect((await eventRow(old.eventId))?.published_at).toEqual(expect.any(Number))
    expect((await eventRow(fresh.eventId))?.published_at).toBeNull()
  })

  it('fan out an event published but never fanned out (its queue message lost), once', async () => {
    const lost = await seedEvent('sweep-unfanned', SWEEP_AGES_SECONDS.unfanned + 5)
    const fresh = await seedEvent('sweep-unfanned-fresh', 1)
    await sweepOutbox(env, nowSeconds())
    const [delivery] = await deliveriesOf(lost.eventId)
    expect(delivery?.message_id).toBe(lost.messageId)
    await settled(delivery!.id)
    expect((await receivedBy('sweep-unfanned')).map((r) => r.headers['webhook-id'])).toEqual([
      lost.messageId,
    ])
    expect((await eventRow(lost.eventId))?.fanned_out_at).toEqual(expect.any(Number))
    // Published a second ago: its own queue message is still on the way.
    expect(await deliveriesOf(fresh.eventId)).toEqual([])
    expect((await eventRow(fresh.eventId))?.fanned_out_at).toBeNull()
  })

  it('queue each delivery once when the sweep and the queue fan the same event out at once', async () => {
    const seeded = await seedEvent('sweep-fanout-race', SWEEP_AGES_SECONDS.unfanned + 5)
    const sent = recordingDeliveries()
    await Promise.all([
      fanOutEvent(sent.env, createDb(shardOfRow(seeded.eventId)), seeded.eventId),
      sweepUnfannedEvents(sent.env, nowSeconds()),
    ])
    const deliveries = await deliveriesOf(seeded.eventId)
    expect(deliveries).toHaveLength(1)
    expect(sent.deliveryIds.filter((id) => id === deliveries[0]?.id)).toHaveLength(1)
    await settled(deliveries[0]!.id)
    expect(await receivedBy('sweep-fanout-race')).toHaveLength(1)
  })

  it('mark an event nobody subscribes to as fanned out, so no sweep comes back to it', async () => {
    const world = await createWorld()
    const db = await accountDb(world.accountId)
    const insert = (publishedAgo: number | null) =>
      db
        .prepare(
          "insert into events (account_id, kind, published_at) values (?, 'contact_created', unixepoch() - ?) returning id",
        )
        .bind(world.accountId, publishedAgo)
        .first<{ id: number }>()
    // Published long ago, its queue message lost: the sweep finds nobody to deliver to.
    const stranded = await insert(600)
    await sweepUnfannedEvents(env, nowSeconds())
    expect((await eventRow(stranded!.id))?.fanned_out_at).toEqual(expect.any(Number))
    expect(await deliveriesOf(stranded!.id)).toEqual([])
    // Published now: done at publication already, before its queue message is handled.
    const fresh = await insert(null)
    await publishEvents(env, world.accountId, [fresh!.id])
    expect((await eventRow(fresh!.id))?.fanned_out_at).toEqual(expect.any(Number))
  })

  it('re-queue a delivery never attempted (its queue message lost) a minute after it was made', async () => {
    const url = await scriptReceiver('sweep-never-attempted')
    const lost = await seedDelivery(url)
    await shardOfRow(lost.deliveryId)
      .prepare('update webhook_deliveries set created_at = unixepoch() - ? where id = ?')
      .bind(SWEEP_AGES_SECONDS.overdue + 5, lost.deliveryId)
      .run()
    const fresh = await seedDelivery(await scriptReceiver('sweep-never-attempted-fresh'))
    const sent = recordingDeliveries()
    await sweepOutbox(sent.env, nowSeconds())
    expect(sent.deliveryIds).toContain(lost.deliveryId)
    expect(sent.deliveryIds).not.toContain(fresh.deliveryId)
    await settled(lost.deliveryId)
    expect(await deliveryRow(lost.deliveryId)).toMatchObject({ attempts: 1 })
  })

  it('re-queue a retry that never came (scheduled with message.retry, lost with the queue) once overdue', async () => {
    const url = await scriptReceiver('sweep-lost-retry')
    const lost = await seedDelivery(url)
    // Attempt 1 failed and its retry was due two minutes ago; another's is due only just now.
    await shardOfRow(lost.deliveryId)
      .prepare(
        "update webhook_deliveries set status = 'failed', attempts = 1, last_response_code = 503, next_attempt_at = unixepoch() - ? where id = ?",
      )
      .bind(SWEEP_AGES_SECONDS.overdue + 60, lost.deliveryId)
      .run()
    const onTime = await seedDelivery(await scriptReceiver('sweep-retry-on-time'))
    await shardOfRow(onTime.deliveryId)
      .prepare(
        "update webhook_deliveries set status = 'failed', attempts = 1, next_attempt_at = unixepoch() - 5 where id = ?",
      )
      .bind(onTime.deliveryId)
      .run()
    const sent = recordingDeliveries()
    await sweepOutbox(sent.env, nowSeconds())
    expect(sent.deliveryIds).toContain(lost.deliveryId)
    expect(sent.deliveryIds).not.toContain(onTime.deliveryId)
    await settled(lost.deliveryId)
    // The re-queued attempt is number 2, under the same webhook-id.
    expect(await deliveryRow(lost.deliveryId)).toMatchObject({
      attempts: 2,
      last_response_code: 200,
    })
    expect((await receivedBy('sweep-lost-retry')).map((r) => r.headers['webhook-id'])).toEqual([
      lost.messageId,
    ])
    expect(await deliveryRow(onTime.deliveryId)).toMatchObject({ status: 'failed', attempts: 1 })
  })

  it('take their ages from SWEEP_AGE_SECONDS when it is set, and production values otherwise', () => {
    expect(sweepAges(env)).toEqual({ unpublished: 30, unfanned: 60, overdue: 60 })
    expect(sweepAges({ ...env, SWEEP_AGE_SECONDS: '2' })).toEqual({
      unpublished: 2,
      unfanned: 2,
      overdue: 2,
    })
  })
})

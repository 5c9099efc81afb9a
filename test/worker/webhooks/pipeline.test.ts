import { env } from 'cloudflare:test'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../../worker/db/client'
import { publishEvents } from '../../../worker/events/publish'
import { runScheduledWork } from '../../../worker/scheduled'
import { fanOutEvent } from '../../../worker/webhooks/fanout'
import { accountDb, shardOfRow } from '../helpers'
import { receivedBy, scriptReceiver } from '../receiver'
import { pipelineSettled, seedContactEvent } from './events-helpers'

async function waitForReceived(name: string, count: number, ms = 15_000) {
  const until = Date.now() + ms
  for (;;) {
    const got = await receivedBy(name)
    if (got.length >= count || Date.now() > until) return got
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** The env with its deliveries queue recorded on the way through (the messages still go). */
function recordingDeliveries() {
  const deliveryIds: number[] = []
  const queue = env.DELIVERIES
  const recorded = {
    send: (body: { deliveryId: number }, options?: QueueSendOptions) => {
      deliveryIds.push(body.deliveryId)
      return queue.send(body, options)
    },
    sendBatch: (
      messages: Iterable<MessageSendRequest<{ deliveryId: number }>>,
      options?: QueueSendBatchOptions,
    ) => {
      const list = [...messages]
      deliveryIds.push(...list.map((m) => m.body.deliveryId))
      return queue.sendBatch(list, options)
    },
  }
  return { env: { ...env, DELIVERIES: recorded as unknown as Env['DELIVERIES'] }, deliveryIds }
}

/** An event's rows (it, its deliveries) are on its shard, the one its id names. */
const deliveryCount = async (eventId: number) =>
  (
    await shardOfRow(eventId)
      .prepare('select count(*) as n from webhook_deliveries where event_id = ?')
      .bind(eventId)
      .first<{ n: number }>()
  )?.n

describe('the webhook pipeline: outbox → events queue → deliveries queue → receiver', () => {
  it('delivers a published event once, signed, with the Chatwoot payload', async () => {
    const seeded = await seedContactEvent('pipeline')
    await publishEvents(env, seeded.world.accountId, [seeded.eventId])
    const got = await waitForReceived('pipeline', 1)
    expect(got).toHaveLength(1)
    const body = new Webhook(seeded.secret).verify(got[0]!.body, got[0]!.headers) as Record<
      string,
      unknown
    >
    expect(body).toMatchObject({
      event: 'contact_created',
      id: seeded.contactId,
      name: 'Ada',
      email: 'ada@example.com',
      account: { id: seeded.world.accountId },
    })
    expect(got[0]!.headers['webhook-id']).toMatch(new RegExp(`^msg_${seeded.eventId}_w\\d+$`))
    // The same event again (a duplicate queue message) makes no new delivery and queues none.
    const sent = recordingDeliveries()
    await fanOutEvent(sent.env, createDb(shardOfRow(seeded.eventId)), seeded.eventId)
    expect(sent.deliveryIds).toEqual([])
    expect(await deliveryCount(seeded.eventId)).toBe(1)
    await pipelineSettled(seeded.world.accountId)
    expect(await receivedBy('pipeline')).toHaveLength(1)
  })

  it('sweeps up, on the cron, an event whose publish never happened', async () => {
    const seeded = await seedContactEvent('sweep', 120)
    const fresh = await seedContactEvent('sweep-fresh', 0)
    await runScheduledWork(env, Date.now())
    const got = await waitForReceived('sweep', 1)
    expect(got).toHaveLength(1)
    const row = await shardOfRow(seeded.eventId)
      .prepare('select published_at from events where id = ?')
      .bind(seeded.eventId)
      .first<{ published_at: number | null }>()
    expect(row?.published_at).toEqual(expect.any(Number))
    // An event younger than the grace period is left to its own request.
    const freshRow = await shardOfRow(fresh.eventId)
      .prepare('select published_at from events where id = ?')
      .bind(fresh.eventId)
      .first<{ published_at: number | null }>()
    expect(freshRow?.published_at).toBeNull()
  })

  it('does not deliver events the webhook is not subscribed to', async () => {
    const seeded = await seedContactEvent('unsubscribed')
    const other = await (await accountDb(seeded.world.accountId))
      .prepare(
        "insert into events (account_id, kind, contact_id) values (?, 'contact_updated', ?) returning id",
      )
      .bind(seeded.world.accountId, seeded.contactId)
      .first<{ id: number }>()
    await publishEvents(env, seeded.world.accountId, [other!.id, seeded.eventId])
    const got = await waitForReceived('unsubscribed', 1)
    await pipelineSettled(seeded.world.accountId)
    expect(await deliveryCount(other!.id)).toBe(0)
    expect((await receivedBy('unsubscribed')).map((r) => JSON.parse(r.body).event)).toEqual([
      'contact_created',
    ])
    expect(got).toHaveLength(1)
  })
})

describe('the delivery sweep', () => {
  it('re-queues a delivery that was created but never attempted, and leaves fresh ones alone', async () => {
    const { seedDelivery } = await import('./delivery-helpers')
    const url = await scriptReceiver('stranded')
    const stranded = await seedDelivery(url)
    await shardOfRow(stranded.deliveryId)
      .prepare('update webhook_deliveries set created_at = unixepoch() - 3600 where id = ?')
      .bind(stranded.deliveryId)
      .run()
    const freshUrl = await scriptReceiver('not-stranded')
    const fresh = await seedDelivery(freshUrl)
    const sent = recordingDeliveries()
    await runScheduledWork(sent.env, Date.now())
    // What the sweep queued is the whole decision: the stranded delivery, not the fresh one.
    expect(sent.deliveryIds).toContain(stranded.deliveryId)
    expect(sent.deliveryIds).not.toContain(fresh.deliveryId)
    const got = await waitForReceived('stranded', 1)
    expect(got).toHaveLength(1)
    expect(got[0]?.headers['webhook-id']).toBe(stranded.messageId)
    expect(await receivedBy('not-stranded')).toEqual([])
  })
})

import { env, evictDurableObject } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../worker/db/client'
import { commitEvents } from '../../worker/events/outbox'
import { publishEvents } from '../../worker/events/publish'
import { SWEEP_AGES_SECONDS, sweepOutbox } from '../../worker/events/sweep'
import { conversationRoom } from '../../worker/live/stubs'
import { attemptDelivery } from '../../worker/webhooks/deliver'
import { accountDb, createWorld, shardOfRow } from './helpers'
import { insertMessage, openSocket } from './live-helpers'
import {
  agentPost,
  conversationOf,
  createVisitor,
  publicPath,
  publicScene,
  startConversation,
} from './public-helpers'
import { receivedBy, scriptReceiver } from './receiver'
import { deliveryRow, retryComesDue, seedDelivery } from './webhooks/delivery-helpers'

/** Faults injected between the steps of the outbox: each is repaired, nothing is lost or sent twice. */

const nowSeconds = () => Math.floor(Date.now() / 1000)

/** An event is account data, on the shard its id names. */
const publishedAt = async (eventId: number) =>
  (
    await shardOfRow(eventId)
      .prepare('select published_at from events where id = ?')
      .bind(eventId)
      .first<{ published_at: number | null }>()
  )?.published_at

/** The env with a queue that refuses every send, as during a Queues outage. */
const queueDown = (): Env => {
  const refuse = () => Promise.reject(new Error('queue unavailable'))
  const down = { send: refuse, sendBatch: refuse }
  return {
    ...env,
    EVENTS: down as unknown as Env['EVENTS'],
    DELIVERIES: down as unknown as Env['DELIVERIES'],
  }
}

describe('faults between a commit and its publication', () => {
  it('a queue outage neither stops the first attempt nor loses the retry the queue refused', async () => {
    const world = await createWorld()
    const url = await scriptReceiver('queue-down', [{ status: 500 }, { status: 200 }])
    const binding = await accountDb(world.accountId)
    await binding
      .prepare(
        'insert into webhooks (account_id, url, subscriptions, secret) values (?, ?, \'["contact_created"]\', ?)',
      )
      .bind(world.accountId, url, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')
      .run()
    const db = createDb(binding)
    const contact = await binding
      .prepare("insert into contacts (account_id, name) values (?, 'Grace') returning id")
      .bind(world.accountId)
      .first<{ id: number }>()
    const { eventIds } = await commitEvents(
      db,
      [],
      [{ kind: 'contact_created', accountId: world.accountId, contactId: contact!.id }],
    )
    const eventId = eventIds[0] as number
    // Both queues refuse: the first attempt still leaves (and fails), and the publish completes.
    await publishEvents(queueDown(), world.accountId, [eventId])
    expect(await publishedAt(eventId)).toEqual(expect.any(Number))
    expect((await receivedBy('queue-down')).map((r) => r.status)).toEqual([500])

    // The retry the queue refused is in D1; once it is overdue the sweep queues it again.
    const delivery = await binding
      .prepare('select id from webhook_deliveries where event_id = ?')
      .bind(eventId)
      .first<{ id: number }>()
    await retryComesDue(delivery!.id)
    const counts = await sweepOutbox(env, nowSeconds() + SWEEP_AGES_SECONDS.overdue + 1)
    expect(counts.requeued).toBeGreaterThanOrEqual(1)
    await expect
      .poll(async () => (await receivedBy('queue-down')).length, { timeout: 15_000 })
      .toBe(2)
    const got = await receivedBy('queue-down')
    expect(got.map((r) => [JSON.parse(r.body).event, r.status])).toEqual([
      ['contact_created', 500],
      ['contact_created', 200],
    ])
    expect(got[0]?.headers['webhook-id']).toMatch(new RegExp(`^msg_${eventId}_w\\d+$`))
    expect(got[1]?.headers['webhook-id']).toBe(got[0]?.headers['webhook-id'])
  })

  it('a room reset between a commit and its broadcast is repaired by the replay on reconnect', async () => {
    const { world, inbox } = await publicScene('web_widget')
    const visitor = await createVisitor(inbox, { name: 'Ada' })
    const conversation = await startConversation(inbox, visitor)
    const live = (after: number) =>
      publicPath(
        inbox.identifier,
        `${conversationOf(visitor, conversation.displayId)}/live?after=${after}`,
      )
    const first = await agentPost(world, conversation.displayId, { content: 'first' })
    const socket = (await openSocket(live(0))).socket!
    socket.send({ type: 'auth', token: visitor.pubsubToken })
    await socket.next('message.created')
    await socket.flush()

    // The reply is committed with its event, then the room resets before the broadcast.
    const replyId = await insertMessage(conversation, world.accountId, { content: 'while away' })
    const { eventIds } = await commitEvents(
      createDb(await accountDb(world.accountId)),
      [],
      [
        {
          kind: 'message_created',
          accountId: world.accountId,
          conversationId: conversation.id,
          inboxId: conversation.inboxId,
          messageId: replyId,
        },
      ],
    )
    const room = conversationRoom(env, world.accountId, conversation.id)
    await evictDurableObject(room, { webSockets: 'close' })
    expect(await socket.closeCode()).toEqual(expect.any(Number))
    await publishEvents(env, world.accountId, eventIds)

    const again = (await openSocket(live(first.id))).socket!
    again.send({ type: 'auth', token: visitor.pubsubToken })
    await again.next('ready')
    await again.flush()
    const replayed = again.frames.filter((f) => f.event === 'message.created').map((f) => f.data.id)
    expect(replayed).toEqual([replyId])
    again.close()
  })

  it('a receiver that answers too slowly, then redirects, is retried under one webhook-id and succeeds once', async () => {
    const target = await scriptReceiver('fault-redirect-target')
    const url = await scriptReceiver('fault-flaky', [
      { delayMs: 4000 },
      { status: 302, location: target },
    ])
    const seeded = await seedDelivery(url)
    const attempt = async () => {
      await retryComesDue(seeded.deliveryId)
      // On the delivery's shard, the one its id names.
      const db = createDb(shardOfRow(seeded.deliveryId))
      return attemptDelivery(env, db, seeded.deliveryId, { timeoutMs: 1500, random: () => 0.5 })
    }
    expect((await attempt()).kind).toBe('retry')
    expect((await attempt()).kind).toBe('retry')
    expect(await attempt()).toEqual({ kind: 'done' })
    // The queue delivering the message once more after success sends nothing.
    expect(await attempt()).toEqual({ kind: 'done' })
    const got = await receivedBy('fault-flaky')
    expect(got.map((r) => r.status)).toEqual([200, 302, 200])
    expect(new Set(got.map((r) => r.headers['webhook-id']))).toEqual(new Set([seeded.messageId]))
    expect(await receivedBy('fault-redirect-target')).toEqual([])
    expect(await deliveryRow(seeded.deliveryId)).toMatchObject({ status: 'succeeded', attempts: 3 })
  })
})

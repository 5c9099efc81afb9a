import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { sweepOutbox } from '../../../worker/events/sweep'
import { fireStageAlert, nextStageAlertDueAt } from '../../../worker/funnels/stage-alerts'
import { replayFrames } from '../../../worker/live/replay'
import { handleQueue } from '../../../worker/queues/consumer'
import { autoResolveConversations, wakeSnoozedConversations } from '../../../worker/scheduled'

const sent: unknown[] = []
const queue = {
  send: async (body: unknown) => void sent.push(body),
  sendBatch: async (messages: { body: unknown }[]) =>
    void sent.push(...messages.map((m) => m.body)),
}
const testEnv = { ...env, EVENTS: queue, DELIVERIES: queue } as unknown as Env

const A = 9001
const B = 9002

async function seed() {
  for (const db of [env.DIRECTORY, env.SHARD_0, env.SHARD_1]) {
    await db.batch([
      db.prepare("insert or ignore into accounts (id, name) values (?, 'a'), (?, 'b')").bind(A, B),
    ])
  }
  await env.DIRECTORY.prepare(
    'insert or ignore into account_shards (account_id, shard) values (?, 0), (?, 1)',
  )
    .bind(A, B)
    .run()
}

const insertEvent = (db: D1Database, accountId: number, publishedAt: number | null) =>
  db
    .prepare(
      `insert into events (account_id, kind, created_at, published_at) values (?, 'contact_created', unixepoch() - 3600, ?) returning id`,
    )
    .bind(accountId, publishedAt)
    .first<{ id: number }>()

const progress = (db: D1Database, id: number) =>
  db.prepare('select published_at, fanned_out_at from events where id = ?').bind(id).first()

function message(body: unknown) {
  const m = {
    body,
    attempts: 1,
    acked: false,
    retried: false,
    ack: () => {
      m.acked = true
    },
    retry: () => {
      m.retried = true
    },
  }
  return m
}

describe('background work on two shards', () => {
  it('the outbox sweep publishes stranded events on both shards', async () => {
    await seed()
    const onA = (await insertEvent(env.SHARD_0, A, null))!.id
    const onB = (await insertEvent(env.SHARD_1, B, null))!.id
    expect(onB).toBeGreaterThanOrEqual(2 ** 40)
    const counts = await sweepOutbox(testEnv, Math.floor(Date.now() / 1000))
    expect(counts.republished).toBeGreaterThanOrEqual(2)
    expect((await progress(env.SHARD_0, onA))?.published_at).not.toBeNull()
    expect((await progress(env.SHARD_1, onB))?.published_at).not.toBeNull()
    expect((await progress(env.SHARD_1, onB))?.fanned_out_at).not.toBeNull()
  })

  it('the unfanned sweep reaches both shards', async () => {
    await seed()
    const onA = (await insertEvent(env.SHARD_0, A, 1))!.id
    const onB = (await insertEvent(env.SHARD_1, B, 1))!.id
    const counts = await sweepOutbox(testEnv, Math.floor(Date.now() / 1000))
    expect(counts.fannedOut).toBeGreaterThanOrEqual(2)
    expect((await progress(env.SHARD_0, onA))?.fanned_out_at).not.toBeNull()
    expect((await progress(env.SHARD_1, onB))?.fanned_out_at).not.toBeNull()
  })

  it('events-queue messages with and without an account find the event on its shard', async () => {
    await seed()
    const legacy = (await insertEvent(env.SHARD_1, B, 1))!.id
    const current = (await insertEvent(env.SHARD_1, B, 1))!.id
    const gone = message({ type: 'event', eventId: 123456789 })
    const batch = {
      queue: 'parley-events',
      messages: [
        message({ type: 'event', eventId: legacy }),
        message({ type: 'event', accountId: B, eventId: current }),
        gone,
      ],
    }
    await handleQueue(batch as unknown as MessageBatch<unknown>, testEnv)
    expect(batch.messages.every((m) => m.acked)).toBe(true)
    expect((await progress(env.SHARD_1, legacy))?.fanned_out_at).not.toBeNull()
    expect((await progress(env.SHARD_1, current))?.fanned_out_at).not.toBeNull()
  })

  it('events published by the sweep are queued with their account', async () => {
    await seed()
    sent.length = 0
    // More than the fast path's share, so some go to the queue.
    for (let i = 0; i < 30; i++) await insertEvent(env.SHARD_1, B, null)
    await sweepOutbox(testEnv, Math.floor(Date.now() / 1000))
    const queued = sent.filter((b) => (b as { type: string }).type === 'event')
    expect(queued.length).toBeGreaterThan(0)
    expect(queued.every((b) => (b as { accountId: number }).accountId === B)).toBe(true)
  })
})

const insertDelivery = (db: D1Database, accountId: number, tag: string) =>
  db
    .prepare(
      `insert into webhook_deliveries (account_id, event_id, event, message_id, url, created_at) values (?, 1, 'contact_created', ?, 'http://127.0.0.1:1/x', unixepoch() - 3600) returning id`,
    )
    .bind(accountId, `scratch_${tag}_${Math.random()}`)
    .first<{ id: number }>()

describe('deliveries on two shards', () => {
  it('the overdue sweep re-queues deliveries of both shards, each with its account', async () => {
    await seed()
    sent.length = 0
    const onA = (await insertDelivery(env.SHARD_0, A, 'a'))!.id
    const onB = (await insertDelivery(env.SHARD_1, B, 'b'))!.id
    const counts = await sweepOutbox(testEnv, Math.floor(Date.now() / 1000))
    expect(counts.requeued).toBeGreaterThanOrEqual(2)
    expect(sent).toContainEqual({ type: 'delivery', accountId: A, deliveryId: onA })
    expect(sent).toContainEqual({ type: 'delivery', accountId: B, deliveryId: onB })
  })

  it('a dead letter without an account marks the delivery dead on its shard', async () => {
    await seed()
    const onB = (await insertDelivery(env.SHARD_1, B, 'dead'))!.id
    const batch = {
      queue: 'parley-deliveries-dlq',
      messages: [message({ type: 'delivery', deliveryId: onB })],
    }
    await handleQueue(batch as unknown as MessageBatch<unknown>, testEnv)
    const row = await env.SHARD_1.prepare('select status from webhook_deliveries where id = ?')
      .bind(onB)
      .first()
    expect(row?.status).toBe('dead')
    expect(batch.messages[0]?.acked).toBe(true)
  })
})

async function snoozedConversation(db: D1Database, accountId: number) {
  const inbox = await db
    .prepare(
      "insert into inboxes (account_id, name, channel_type) values (?, 'i', 'api') returning id",
    )
    .bind(accountId)
    .first<{ id: number }>()
  const contact = await db
    .prepare('insert into contacts (account_id) values (?) returning id')
    .bind(accountId)
    .first<{ id: number }>()
  return db
    .prepare(
      `insert into conversations (account_id, display_id, uuid, inbox_id, contact_id, status, snoozed_until, last_activity_at)
       values (?, abs(random() % 1000000), lower(hex(randomblob(16))), ?, ?, ?, ?, unixepoch() - 86400) returning id`,
    )
    .bind(accountId, inbox!.id, contact!.id, 'snoozed', Math.floor(Date.now() / 1000) - 10)
    .first<{ id: number }>()
}

describe('cron tasks on two shards', () => {
  it('snoozes run out on both shards', async () => {
    await seed()
    const onA = (await snoozedConversation(env.SHARD_0, A))!.id
    const onB = (await snoozedConversation(env.SHARD_1, B))!.id
    await wakeSnoozedConversations(testEnv, Math.floor(Date.now() / 1000))
    const status = (db: D1Database, id: number) =>
      db
        .prepare('select status from conversations where id = ?')
        .bind(id)
        .first<{ status: string }>()
    expect((await status(env.SHARD_0, onA))?.status).toBe('open')
    expect((await status(env.SHARD_1, onB))?.status).toBe('open')
    const event = await env.SHARD_1.prepare(
      "select published_at from events where conversation_id = ? and kind = 'conversation_status_changed'",
    )
      .bind(onB)
      .first<{ published_at: number | null }>()
    expect(event?.published_at).not.toBeNull()
  })

  it('auto-resolve reaches an account on either shard, reading settings from the directory', async () => {
    await seed()
    const settings = JSON.stringify({ auto_resolve_after: 10 })
    for (const db of [env.DIRECTORY, env.SHARD_0, env.SHARD_1]) {
      await db
        .prepare('update accounts set settings = ? where id in (?, ?)')
        .bind(settings, A, B)
        .run()
    }
    const onA = (await snoozedConversation(env.SHARD_0, A))!.id
    const onB = (await snoozedConversation(env.SHARD_1, B))!.id
    for (const [db, id] of [
      [env.SHARD_0, onA],
      [env.SHARD_1, onB],
    ] as const) {
      await db
        .prepare("update conversations set status = 'open', snoozed_until = null where id = ?")
        .bind(id)
        .run()
    }
    await autoResolveConversations(testEnv, Math.floor(Date.now() / 1000))
    const status = (db: D1Database, id: number) =>
      db
        .prepare('select status from conversations where id = ?')
        .bind(id)
        .first<{ status: string }>()
    expect((await status(env.SHARD_0, onA))?.status).toBe('resolved')
    expect((await status(env.SHARD_1, onB))?.status).toBe('resolved')
  })
})

async function placement(db: D1Database, accountId: number) {
  const conversation = (await snoozedConversation(db, accountId))!.id
  const funnel = await db
    .prepare("insert into funnels (account_id, name) values (?, 'f') returning id")
    .bind(accountId)
    .first<{ id: number }>()
  const stage = await db
    .prepare(
      "insert into funnel_stages (account_id, funnel_id, name, position, time_limit_minutes) values (?, ?, 's', 0, 1) returning id",
    )
    .bind(accountId, funnel!.id)
    .first<{ id: number }>()
  const placed = await db
    .prepare(
      'insert into conversation_stages (account_id, conversation_id, funnel_id, stage_id, entered_at) values (?, ?, ?, ?, ?) returning id',
    )
    .bind(accountId, conversation, funnel!.id, stage!.id, Math.floor(Date.now() / 1000) - 3600)
    .first<{ id: number }>()
  return { conversation, placement: placed!.id }
}

describe('stage alerts on two shards', () => {
  it('fires on the placement’s shard, with or without the account, once', async () => {
    await seed()
    const now = Math.floor(Date.now() / 1000)
    const withAccount = await placement(env.SHARD_1, B)
    const without = await placement(env.SHARD_1, B)
    expect(await nextStageAlertDueAt(testEnv, without.placement)).not.toBeNull()
    expect(await fireStageAlert(testEnv, withAccount.placement, now, { accountId: B })).toBe(
      'alerted',
    )
    expect(await fireStageAlert(testEnv, without.placement, now)).toBe('alerted')
    expect(await fireStageAlert(testEnv, without.placement, now)).toBe('skipped')
    // The account names its shard: a placement elsewhere is not looked for there.
    expect(
      await fireStageAlert(testEnv, (await placement(env.SHARD_0, A)).placement, now, {
        accountId: B,
      }),
    ).toBe('skipped')
    const alerts = await env.SHARD_1.prepare(
      'select count(*) as n from messages where conversation_id in (?, ?)',
    )
      .bind(withAccount.conversation, without.conversation)
      .first<{ n: number }>()
    expect(alerts?.n).toBe(2)
  })
})

describe('a room on the account’s shard', () => {
  it('replays a conversation of shard 1 from the socket’s account', async () => {
    await seed()
    const { conversation } = await placement(env.SHARD_1, B)
    const row = await env.SHARD_1.prepare(
      'select inbox_id, display_id from conversations where id = ?',
    )
      .bind(conversation)
      .first<{ inbox_id: number; display_id: number }>()
    await env.SHARD_1.prepare(
      "insert into messages (account_id, inbox_id, conversation_id, message_type, content_type, content) values (?, ?, ?, 1, 'text', 'hello')",
    )
      .bind(B, row!.inbox_id, conversation)
      .run()
    const state = {
      role: 'agent' as const,
      authed: true,
      accountId: B,
      conversationId: conversation,
      displayId: row!.display_id,
      inboxId: row!.inbox_id,
      after: 0,
      lastMessageId: 0,
      origin: 'http://localhost',
    }
    const frames = await replayFrames(testEnv, state)
    expect(frames.map((f) => (f.data as { content: string }).content)).toEqual(['hello'])
    expect(await replayFrames(testEnv, { ...state, accountId: A })).toEqual([])
  })
})

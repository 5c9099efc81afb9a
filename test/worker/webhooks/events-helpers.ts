import { env } from 'cloudflare:test'
import { Webhook } from 'standardwebhooks'
import { expect } from 'vitest'
import { createDb } from '../../../worker/db/client'
import { attemptDelivery, DEFAULT_TIMEOUT_MS } from '../../../worker/webhooks/deliver'
import { fanOutEvent } from '../../../worker/webhooks/fanout'
import { newWebhookSecret } from '../../../worker/webhooks/signature'
import { accountDb, createWorld } from '../helpers'
import { type Received, type ReceiverAnswer, receivedBy, scriptReceiver } from '../receiver'
import { retryComesDue } from './delivery-helpers'

// biome-ignore lint/suspicious/noExplicitAny: webhook payloads are read loosely in tests
export type Payload = Record<string, any>
export type Delivery = { webhookId: string; payload: Payload }

/**
 * One loopback receiver with the secret its deliveries are signed with. `next` returns what
 * arrived since the previous call, each delivery's signature verified with `standardwebhooks`.
 */
export class ReceiverLog {
  private seen = 0
  readonly all: Delivery[] = []

  constructor(
    readonly name: string,
    readonly secret: string,
  ) {}

  /** Waits (up to `ms`) until at least `count` new deliveries have arrived, and returns them. */
  async next(count: number, ms = 15_000): Promise<Delivery[]> {
    const until = Date.now() + ms
    let got: Received[] = []
    for (;;) {
      got = await receivedBy(this.name)
      if (got.length - this.seen >= count || Date.now() > until) break
      await new Promise((r) => setTimeout(r, 100))
    }
    const fresh = got.slice(this.seen).map((r) => this.verify(r))
    this.seen = got.length
    this.all.push(...fresh)
    return fresh
  }

  /** Whatever arrived since the last call, once the account's pipeline has settled. */
  async rest(accountId: number): Promise<Delivery[]> {
    await pipelineSettled(accountId)
    return this.next(0, 0)
  }

  private verify(received: Received): Delivery {
    const payload = new Webhook(this.secret).verify(received.body, received.headers) as Payload
    return { webhookId: received.headers['webhook-id'] ?? '', payload }
  }
}

/**
 * Waits until nothing more can reach a receiver for this account: every event is fanned out
 * (fan-out is idempotent, so running it again here only adds what the queue has not made yet)
 * and every delivery has settled, a scheduled retry made at once. A terminal state in D1, not a
 * pause.
 */
export async function pipelineSettled(accountId: number) {
  const binding = await accountDb(accountId)
  const db = createDb(binding)
  const { results } = await binding
    .prepare('select id from events where account_id = ?')
    .bind(accountId)
    .all<{ id: number }>()
  for (const { id } of results) await fanOutEvent(env, db, id)
  for (let round = 0; round < 3; round++) {
    await expect
      .poll(() => deliveriesOf(accountId, "status = 'pending'"), { timeout: 15_000, interval: 50 })
      .toEqual([])
    // A failed attempt (a receiver too slow on a loaded machine) still has its retry to come:
    // time passes until it is due, and it is made as the queue would make it.
    const retries = await deliveriesOf(
      accountId,
      "status = 'failed' and next_attempt_at is not null",
    )
    if (retries.length === 0) return
    for (const id of retries) {
      await retryComesDue(id)
      await attemptDelivery(env, db, id, { timeoutMs: DEFAULT_TIMEOUT_MS })
    }
  }
}

async function deliveriesOf(accountId: number, condition: string) {
  const { results } = await (await accountDb(accountId))
    .prepare(`select id from webhook_deliveries where account_id = ? and ${condition}`)
    .bind(accountId)
    .all<{ id: number }>()
  return results.map((r) => r.id)
}

export const kinds = (deliveries: Delivery[]) => deliveries.map((d) => d.payload.event).sort()

/** The one delivery of `event` (fails when there is none or more than one). */
export function only(deliveries: Delivery[], event: string): Payload {
  const matching = deliveries.filter((d) => d.payload.event === event)
  expect(matching, `exactly one ${event}`).toHaveLength(1)
  return matching[0]!.payload
}

const CONVERSATION_KEYS = [
  'additional_attributes',
  'can_reply',
  'channel',
  'contact_inbox',
  'id',
  'inbox_id',
  'messages',
  'labels',
  'meta',
  'status',
  'custom_attributes',
  'snoozed_until',
  'unread_count',
  'first_reply_created_at',
  'priority',
  'waiting_since',
  'agent_last_seen_at',
  'contact_last_seen_at',
  'last_activity_at',
  'timestamp',
  'created_at',
  'updated_at',
]

const CONTACT_KEYS = [
  'account',
  'additional_attributes',
  'avatar',
  'custom_attributes',
  'email',
  'id',
  'identifier',
  'name',
  'phone_number',
  'thumbnail',
  'blocked',
]

const MESSAGE_KEYS = [
  'account',
  'additional_attributes',
  'content_attributes',
  'content_type',
  'content',
  'conversation',
  'created_at',
  'id',
  'inbox',
  'message_type',
  'private',
  'sender',
  'source_id',
]

function expectKeys(body: Payload, keys: string[]) {
  expect(Object.keys(body)).toEqual(expect.arrayContaining(keys))
}

/** Conversations::EventDataPresenter#push_data (reference §7.3). */
export function expectConversationShape(body: Payload, displayId: number) {
  expectKeys(body, CONVERSATION_KEYS)
  expect(body).toMatchObject({
    id: displayId,
    channel: 'Channel::Api',
    contact_inbox: {
      id: expect.any(Number),
      source_id: expect.any(String),
      pubsub_token: expect.any(String),
    },
    meta: {
      sender: { id: expect.any(Number), type: 'contact' },
      hmac_verified: expect.any(Boolean),
    },
    created_at: expect.any(Number),
    timestamp: expect.any(Number),
  })
  expect(body.meta).toHaveProperty('assignee')
  expect(body.meta).toHaveProperty('team')
  // The last chat message only: activity lines and private notes never appear here.
  expect(body.messages.length).toBeLessThanOrEqual(1)
  for (const message of body.messages) {
    expect(message.message_type).not.toBe(2)
    expect(message.private).toBe(false)
    expect(message).toMatchObject({ conversation_id: displayId, conversation: expect.any(Object) })
  }
}

/** Contact#webhook_data (reference §7.3). */
export function expectContactShape(body: Payload, accountId: number) {
  expectKeys(body, CONTACT_KEYS)
  expect(body.account).toEqual({ id: accountId, name: expect.any(String) })
}

/** Message#webhook_data (reference §7.3), with message_type as a string. */
export function expectMessageShape(body: Payload, accountId: number, displayId: number) {
  expectKeys(body, MESSAGE_KEYS)
  expect(body).toMatchObject({
    account: { id: accountId, name: expect.any(String) },
    inbox: { id: expect.any(Number), name: expect.any(String) },
    message_type: expect.stringMatching(/^(incoming|outgoing|template)$/),
    created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  })
  expectConversationShape(body.conversation, displayId)
}

/** changed_attributes: an array of single-key objects, each with previous and current value. */
export function expectChangedAttributes(body: Payload, expectedKeys: string[]) {
  expect(Array.isArray(body.changed_attributes)).toBe(true)
  for (const change of body.changed_attributes) {
    expect(Object.keys(change)).toHaveLength(1)
    const [value] = Object.values(change) as Payload[]
    expect(Object.keys(value!).sort()).toEqual(['current_value', 'previous_value'])
  }
  const names = body.changed_attributes.map((c: Payload) => Object.keys(c)[0])
  expect(names).toEqual(expect.arrayContaining(expectedKeys))
  return Object.fromEntries(
    body.changed_attributes.map((c: Payload) => Object.entries(c)[0]),
  ) as Record<string, { previous_value: unknown; current_value: unknown }>
}

/**
 * An account with a webhook (contact_created, message_created) to the named receiver, answering
 * as scripted, and a contact with a committed, unpublished contact_created event.
 */
export async function seedContactEvent(
  receiver: string,
  createdAgoSeconds = 0,
  answers: ReceiverAnswer[] = [],
) {
  const world = await createWorld()
  const url = await scriptReceiver(receiver, answers)
  const secret = newWebhookSecret()
  const db = await accountDb(world.accountId)
  await db
    .prepare(
      'insert into webhooks (account_id, url, subscriptions, secret) values (?, ?, \'["contact_created","message_created"]\', ?)',
    )
    .bind(world.accountId, url, secret)
    .run()
  const contact = await db
    .prepare(
      "insert into contacts (account_id, name, email) values (?, 'Ada', 'ada@example.com') returning id",
    )
    .bind(world.accountId)
    .first<{ id: number }>()
  const event = await db
    .prepare(
      "insert into events (account_id, kind, contact_id, created_at) values (?, 'contact_created', ?, unixepoch() - ?) returning id",
    )
    .bind(world.accountId, contact!.id, createdAgoSeconds)
    .first<{ id: number }>()
  return { world, secret, contactId: contact!.id, eventId: event!.id }
}

import { env } from 'cloudflare:test'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../../worker/db/client'
import { WebhookTestEventSchema } from '../../../worker/schemas/webhooks'
import { attemptDelivery } from '../../../worker/webhooks/deliver'
import { accountDb, api, createWorld, expectError, type World } from '../helpers'
import { receivedBy, scriptReceiver } from '../receiver'
import { retryComesDue } from '../webhooks/delivery-helpers'

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 15_000) {
  const until = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > until) return value
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** A webhook of `world` posting to the loopback receiver `name`, subscribed to one event only. */
async function receiverWebhook(world: World, name: string, answers: { status?: number }[] = []) {
  const url = await scriptReceiver(name, answers)
  const res = await api(`/api/v1/accounts/${world.accountId}/webhooks`, {
    token: world.admin.token,
    body: { url, subscriptions: ['contact_created'] },
  })
  expect(res.status, res.text).toBe(200)
  return res.json.payload.webhook as { id: number; secret: string; url: string }
}

const testPath = (world: World, webhookId: number) =>
  `/api/v1/accounts/${world.accountId}/webhooks/${webhookId}/test`
const logPath = (world: World, webhookId: number) =>
  `/api/v1/accounts/${world.accountId}/webhooks/${webhookId}/deliveries`

describe('POST /webhooks/{id}/test', () => {
  it('delivers a signed webhook_test event to the webhook and records it in the delivery log', async () => {
    const world = await createWorld()
    const webhook = await receiverWebhook(world, 'test-event-ok')
    const res = await api(testPath(world, webhook.id), { method: 'POST', token: world.admin.token })
    expect(res.status, res.text).toBe(202)
    expect(res.json.payload).toMatchObject({
      id: expect.any(Number),
      webhook_id: webhook.id,
      event: 'webhook_test',
      message_id: expect.stringMatching(new RegExp(`^msg_\\d+_w${webhook.id}$`)),
      url: webhook.url,
      status: 'pending',
      attempts: 0,
    })
    expect(res.json.event).toEqual({
      event: 'webhook_test',
      account: { id: world.accountId },
      webhook: { id: webhook.id },
      timestamp: expect.any(String),
    })
    expect(WebhookTestEventSchema.safeParse(res.json.event).success).toBe(true)

    const got = await waitFor(
      () => receivedBy('test-event-ok'),
      (r) => r.length >= 1,
    )
    expect(got).toHaveLength(1)
    expect(got[0]?.headers['webhook-id']).toBe(res.json.payload.message_id)
    // The standardwebhooks library accepts the signature made with the webhook's own secret.
    const body = new Webhook(webhook.secret).verify(got[0]!.body, got[0]!.headers)
    expect(body).toEqual(res.json.event)

    const log = await waitFor(
      () => api(logPath(world, webhook.id), { token: world.admin.token }),
      (r) => r.json.payload[0]?.status === 'succeeded',
    )
    expect(log.json.payload).toEqual([
      expect.objectContaining({
        id: res.json.payload.id,
        event: 'webhook_test',
        status: 'succeeded',
        attempts: 1,
        last_response_code: 200,
        last_error: null,
        delivered_at: expect.any(Number),
      }),
    ])
  })

  it('records a failed attempt, then the retry that succeeds, in the delivery log', async () => {
    const world = await createWorld()
    const webhook = await receiverWebhook(world, 'test-event-retry', [{ status: 500 }])
    const res = await api(testPath(world, webhook.id), { method: 'POST', token: world.admin.token })
    expect(res.status, res.text).toBe(202)
    const deliveryId = res.json.payload.id as number
    const failed = await waitFor(
      () => api(logPath(world, webhook.id), { token: world.admin.token }),
      (r) => r.json.payload[0]?.status === 'failed',
    )
    expect(failed.json.payload[0]).toMatchObject({
      id: deliveryId,
      status: 'failed',
      attempts: 1,
      last_response_code: 500,
      last_error: 'HTTP 500',
      next_attempt_at: expect.any(Number),
    })
    // The scheduled retry comes due and is made, as its queue message would make it.
    await retryComesDue(deliveryId)
    const db = createDb(await accountDb(world.accountId))
    expect(await attemptDelivery(env, db, deliveryId, { timeoutMs: 5000 })).toEqual({
      kind: 'done',
    })
    const retried = await api(logPath(world, webhook.id), { token: world.admin.token })
    expect(retried.json.payload).toEqual([
      expect.objectContaining({
        id: deliveryId,
        status: 'succeeded',
        attempts: 2,
        last_response_code: 200,
        last_error: null,
      }),
    ])
    const got = await receivedBy('test-event-retry')
    expect(got.map((r) => r.status)).toEqual([500, 200])
    expect(new Set(got.map((r) => r.headers['webhook-id']))).toEqual(
      new Set([res.json.payload.message_id]),
    )
  })

  it('sends the test event even to a webhook not subscribed to anything it would test', async () => {
    const world = await createWorld()
    const webhook = await receiverWebhook(world, 'test-event-unsubscribed')
    await api(`/api/v1/accounts/${world.accountId}/webhooks/${webhook.id}`, {
      method: 'PATCH',
      token: world.admin.token,
      body: { subscriptions: ['webwidget_triggered'] },
    })
    const res = await api(testPath(world, webhook.id), { method: 'POST', token: world.admin.token })
    expect(res.status).toBe(202)
    const got = await waitFor(
      () => receivedBy('test-event-unsubscribed'),
      (r) => r.length >= 1,
    )
    expect(JSON.parse(got[0]!.body).event).toBe('webhook_test')
  })

  it('refuses agents with 403 and sends nothing', async () => {
    const world = await createWorld()
    const webhook = await receiverWebhook(world, 'test-event-agent')
    expectError(
      await api(testPath(world, webhook.id), { method: 'POST', token: world.agent.token }),
      403,
    )
    const log = await api(logPath(world, webhook.id), { token: world.admin.token })
    expect(log.json.payload).toEqual([])
  })

  it("refuses another account's credentials and answers 404 for its own path with a foreign id", async () => {
    const world = await createWorld()
    const other = await createWorld()
    const webhook = await receiverWebhook(world, 'test-event-foreign')
    for (const token of [other.admin.token, other.agent.token]) {
      expectError(await api(testPath(world, webhook.id), { method: 'POST', token }), 403)
    }
    const foreign = await api(testPath(other, webhook.id), {
      method: 'POST',
      token: other.admin.token,
    })
    expectError(foreign, 404)
    expectError(
      await api(testPath(world, 999_999), { method: 'POST', token: world.admin.token }),
      404,
    )
    expectError(await api(testPath(world, webhook.id), { method: 'POST' }), 401)
    const log = await api(logPath(world, webhook.id), { token: world.admin.token })
    expect(log.json.payload).toEqual([])
    const rows = await (await accountDb(other.accountId))
      .prepare("select count(*) as n from events where kind = 'webhook_test' and account_id = ?")
      .bind(other.accountId)
      .first<{ n: number }>()
    expect(rows?.n).toBe(0)
  })
})

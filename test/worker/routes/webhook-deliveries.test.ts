import { describe, expect, it } from 'vitest'
import { api, createWorld, expectError } from '../helpers'
import { receivedBy, scriptReceiver } from '../receiver'
import { seedDelivery } from '../webhooks/delivery-helpers'

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 15_000) {
  const until = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > until) return value
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe('GET /webhooks/{id}/deliveries', () => {
  it('lists the delivery log, newest first, to administrators', async () => {
    const url = await scriptReceiver('log')
    const seeded = await seedDelivery(url)
    const res = await api(
      `/api/v1/accounts/${seeded.world.accountId}/webhooks/${seeded.webhookId}/deliveries`,
      { token: seeded.world.admin.token },
    )
    expect(res.status).toBe(200)
    expect(res.json.payload).toEqual([
      expect.objectContaining({
        id: seeded.deliveryId,
        webhook_id: seeded.webhookId,
        event: 'contact_created',
        message_id: seeded.messageId,
        status: 'pending',
        attempts: 0,
        last_response_code: null,
        last_error: null,
      }),
    ])
    expect(res.json.meta).toEqual({ next_before: null })
  })

  it('refuses agents, other accounts and foreign webhook ids', async () => {
    const url = await scriptReceiver('log-guard')
    const seeded = await seedDelivery(url)
    const other = await createWorld()
    const path = `/api/v1/accounts/${seeded.world.accountId}/webhooks/${seeded.webhookId}/deliveries`
    expectError(await api(path, { token: seeded.world.agent.token }), 403)
    for (const token of [other.admin.token, other.agent.token]) {
      expectError(await api(path, { token }), 403)
      expectError(
        await api(`${path}/${seeded.deliveryId}/redeliver`, { method: 'POST', token }),
        403,
      )
    }
    const foreign = await api(
      `/api/v1/accounts/${other.accountId}/webhooks/${seeded.webhookId}/deliveries`,
      { token: other.admin.token },
    )
    expectError(foreign, 404)
    expect(foreign.text).not.toContain(seeded.messageId)
    expectError(
      await api(
        `/api/v1/accounts/${other.accountId}/webhooks/${seeded.webhookId}/deliveries/${seeded.deliveryId}/redeliver`,
        { method: 'POST', token: other.admin.token },
      ),
      404,
    )
  })
})

describe('POST /webhooks/{id}/deliveries/{delivery_id}/redeliver', () => {
  it('sends the delivery again through the queue under the same webhook-id', async () => {
    const url = await scriptReceiver('redeliver')
    const seeded = await seedDelivery(url)
    const path = `/api/v1/accounts/${seeded.world.accountId}/webhooks/${seeded.webhookId}/deliveries`
    const res = await api(`${path}/${seeded.deliveryId}/redeliver`, {
      method: 'POST',
      token: seeded.world.admin.token,
    })
    expect(res.status).toBe(200)
    expect(res.json.payload).toMatchObject({ id: seeded.deliveryId, status: 'pending' })
    const got = await waitFor(
      () => receivedBy('redeliver'),
      (r) => r.length >= 1,
    )
    expect(got).toHaveLength(1)
    expect(got[0]?.headers['webhook-id']).toBe(seeded.messageId)
    const log = await waitFor(
      () => api(path, { token: seeded.world.admin.token }),
      (r) => r.json.payload[0]?.status === 'succeeded',
    )
    expect(log.json.payload[0]).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      last_response_code: 200,
    })
  })

  it('answers 404 for an unknown delivery', async () => {
    const url = await scriptReceiver('redeliver-404')
    const seeded = await seedDelivery(url)
    expectError(
      await api(
        `/api/v1/accounts/${seeded.world.accountId}/webhooks/${seeded.webhookId}/deliveries/999999/redeliver`,
        { method: 'POST', token: seeded.world.admin.token },
      ),
      404,
    )
  })
})

import { describe, expect, it } from 'vitest'
import { api, createUser, expectError, PLATFORM_TOKEN, uniq } from '../helpers'

async function createPlatformApp() {
  const res = await api('/platform/api/v1/platform_apps', {
    token: PLATFORM_TOKEN,
    body: { name: uniq('app') },
  })
  expect(res.status).toBe(200)
  return res.json.access_token as string
}

describe('platform accounts', () => {
  it('creates, shows, lists, updates and deletes an account', async () => {
    const created = await api('/platform/api/v1/accounts', {
      token: PLATFORM_TOKEN,
      body: { name: 'Acme', locale: 'es' },
    })
    expect(created.status).toBe(200)
    expect(created.json).toMatchObject({
      name: 'Acme',
      locale: 'es',
      support_email: null,
      features: {},
      status: 'active',
      limits: {},
      custom_attributes: {},
    })
    const id = created.json.id
    expect((await api(`/platform/api/v1/accounts/${id}`, { token: PLATFORM_TOKEN })).json).toEqual(
      created.json,
    )
    const list = await api('/platform/api/v1/accounts', { token: PLATFORM_TOKEN })
    expect(list.json.map((a: { id: number }) => a.id)).toContain(id)

    const updated = await api(`/platform/api/v1/accounts/${id}`, {
      method: 'PATCH',
      token: PLATFORM_TOKEN,
      body: { account: { name: 'Acme Inc', status: 'suspended' } },
    })
    expect(updated.status).toBe(200)
    expect(updated.json).toMatchObject({ id, name: 'Acme Inc', status: 'suspended', locale: 'es' })

    expect(
      (await api(`/platform/api/v1/accounts/${id}`, { method: 'DELETE', token: PLATFORM_TOKEN }))
        .status,
    ).toBe(200)
    expectError(
      await api(`/platform/api/v1/accounts/${id}`, { token: PLATFORM_TOKEN }),
      404,
      'not_found',
    )
  })

  it('rejects a missing name with 422 naming the field', async () => {
    const res = await api('/platform/api/v1/accounts', {
      token: PLATFORM_TOKEN,
      body: { locale: 'en' },
    })
    expectError(res, 422, 'validation_failed')
    expect(res.json.errors[0].field).toBe('name')
  })

  it('refuses requests without a platform token, or with a user token', async () => {
    expectError(await api('/platform/api/v1/accounts'), 401, 'unauthorized')
    expectError(await api('/platform/api/v1/accounts', { token: 'nope' }), 401, 'unauthorized')
    const user = await createUser()
    expectError(await api('/platform/api/v1/accounts', { token: user.token }), 401, 'unauthorized')
  })

  it('lets a platform app see and change only the accounts it created', async () => {
    const otherApp = await createPlatformApp()
    const mine = await api('/platform/api/v1/accounts', {
      token: PLATFORM_TOKEN,
      body: { name: 'Mine' },
    })
    const id = mine.json.id
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { name: 'Stolen' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await api(`/platform/api/v1/accounts/${id}`, { method, token: otherApp, body })
      expectError(res, 401)
      expect(res.json.message).toBe('Non permissible resource')
    }
    const theirs = await api('/platform/api/v1/accounts', { token: otherApp })
    expect(theirs.json).toEqual([])
    const still = await api(`/platform/api/v1/accounts/${id}`, { token: PLATFORM_TOKEN })
    expect(still.json.name).toBe('Mine')
  })

  it('lets only the root app create platform apps', async () => {
    const otherApp = await createPlatformApp()
    expectError(
      await api('/platform/api/v1/platform_apps', { token: otherApp, body: { name: 'x' } }),
      403,
    )
  })
})

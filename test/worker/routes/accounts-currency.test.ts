import { describe, expect, it } from 'vitest'
import { api, createWorld, expectError } from '../helpers'

describe("an account's currency (settings.currency)", () => {
  it('is absent until chosen, then stored in settings as an upper-case ISO 4217 code', async () => {
    const world = await createWorld()
    const path = `/api/v1/accounts/${world.accountId}`
    const before = await api(path, { token: world.agent.token })
    expect(before.json.settings.currency).toBeUndefined()
    const res = await api(path, {
      method: 'PATCH',
      token: world.admin.token,
      body: { currency: 'eur' },
    })
    expect(res.status).toBe(200)
    expect(res.json.settings.currency).toBe('EUR')
    // Agents read it too: the funnel board formats its totals with it.
    const after = await api(path, { token: world.agent.token })
    expect(after.json.settings.currency).toBe('EUR')
    const other = await api(path, {
      method: 'PATCH',
      token: world.admin.token,
      body: { name: 'Renamed' },
    })
    expect(other.json.settings.currency).toBe('EUR')
  })

  it('refuses a code that is not a currency with 422 on the currency field, keeping the old one', async () => {
    const world = await createWorld()
    const path = `/api/v1/accounts/${world.accountId}`
    await api(path, { method: 'PATCH', token: world.admin.token, body: { currency: 'BRL' } })
    for (const bad of ['XYZ', 'EURO', '', 12, 'US']) {
      const res = await api(path, {
        method: 'PATCH',
        token: world.admin.token,
        body: { currency: bad },
      })
      expectError(res, 422, 'validation_failed')
      expect(res.json.errors[0].field).toBe('currency')
    }
    const after = await api(path, { token: world.admin.token })
    expect(after.json.settings.currency).toBe('BRL')
  })

  it('goes back to the default (absent: USD) with null', async () => {
    const world = await createWorld()
    const path = `/api/v1/accounts/${world.accountId}`
    await api(path, { method: 'PATCH', token: world.admin.token, body: { currency: 'JPY' } })
    const res = await api(path, {
      method: 'PATCH',
      token: world.admin.token,
      body: { currency: null },
    })
    expect(res.status).toBe(200)
    expect(res.json.settings.currency).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { api, createWorld, expectError } from '../helpers'

describe('GET /api/v1/accounts/{id}', () => {
  it('shows the account to its members', async () => {
    const world = await createWorld()
    for (const user of [world.admin, world.agent]) {
      const res = await api(`/api/v1/accounts/${world.accountId}`, { token: user.token })
      expect(res.status).toBe(200)
      expect(res.json).toMatchObject({
        id: world.accountId,
        locale: 'en',
        status: 'active',
        settings: {},
        custom_attributes: {},
        features: {},
        latest_chatwoot_version: expect.any(String),
      })
      expect(new Date(res.json.created_at).toISOString()).toBe(res.json.created_at)
    }
  })

  it("refuses another account's administrator and agent with 403 and no data", async () => {
    const world = await createWorld()
    const other = await createWorld()
    for (const user of [other.admin, other.agent]) {
      const res = await api(`/api/v1/accounts/${world.accountId}`, { token: user.token })
      expectError(res, 403)
      expect(res.json.id).toBeUndefined()
    }
  })
})

describe('PATCH /api/v1/accounts/{id}', () => {
  it('keeps industry, company size and timezone in custom_attributes and auto-resolve in settings', async () => {
    const world = await createWorld()
    const path = `/api/v1/accounts/${world.accountId}`
    const res = await api(path, {
      method: 'PATCH',
      token: world.admin.token,
      body: {
        name: 'Renamed',
        industry: 'Retail',
        company_size: '10-50',
        timezone: 'Europe/Lisbon',
        auto_resolve_after: 60,
        auto_resolve_message: 'Closing this for now',
        auto_resolve_ignore_waiting: true,
      },
    })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      name: 'Renamed',
      custom_attributes: { industry: 'Retail', company_size: '10-50', timezone: 'Europe/Lisbon' },
      settings: {
        auto_resolve_after: 60,
        auto_resolve_message: 'Closing this for now',
        auto_resolve_ignore_waiting: true,
      },
    })
    const merged = await api(path, {
      method: 'PATCH',
      token: world.admin.token,
      body: { account: { industry: 'Travel' } },
    })
    expect(merged.json.custom_attributes).toEqual({
      industry: 'Travel',
      company_size: '10-50',
      timezone: 'Europe/Lisbon',
    })
    expect(merged.json.settings.auto_resolve_after).toBe(60)
  })

  it('accepts auto_resolve_after from 10 to 1439856 minutes and refuses the rest with 422', async () => {
    const world = await createWorld()
    const path = `/api/v1/accounts/${world.accountId}`
    for (const ok of [10, 1_439_856, null]) {
      const res = await api(path, {
        method: 'PATCH',
        token: world.admin.token,
        body: { auto_resolve_after: ok },
      })
      expect(res.status).toBe(200)
      expect(res.json.settings.auto_resolve_after).toBe(ok)
    }
    for (const bad of [9, 1_439_857, 12.5, '60', -1]) {
      const res = await api(path, {
        method: 'PATCH',
        token: world.admin.token,
        body: { auto_resolve_after: bad },
      })
      expectError(res, 422, 'validation_failed')
      expect(res.json.errors[0].field).toBe('auto_resolve_after')
    }
    const after = await api(path, { token: world.admin.token })
    expect(after.json.settings.auto_resolve_after).toBeNull()
  })

  it('refuses agents with 403 and changes nothing', async () => {
    const world = await createWorld()
    const path = `/api/v1/accounts/${world.accountId}`
    const before = await api(path, { token: world.admin.token })
    expectError(
      await api(path, { method: 'PATCH', token: world.agent.token, body: { name: 'Hijacked' } }),
      403,
    )
    expect((await api(path, { token: world.admin.token })).json.name).toBe(before.json.name)
  })

  it("refuses another account's administrator with 403", async () => {
    const world = await createWorld()
    const other = await createWorld()
    expectError(
      await api(`/api/v1/accounts/${world.accountId}`, {
        method: 'PATCH',
        token: other.admin.token,
        body: { name: 'Hijacked' },
      }),
      403,
    )
  })
})

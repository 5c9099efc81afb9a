import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { callOver, seedDemo } from '../../scripts/seed-demo'
import { api, PLATFORM_TOKEN } from './helpers'

const call = callOver(SELF.fetch.bind(SELF), 'http://parley.test')

describe('the demo seed', () => {
  it('makes the demo account, users and inboxes through the API, and is idempotent', async () => {
    const options = { baseUrl: 'http://localhost:8787', platformToken: PLATFORM_TOKEN }
    const first = await seedDemo(call, options)
    expect(first).toMatchObject({
      base_url: 'http://localhost:8787',
      platform_token: PLATFORM_TOKEN,
      account_id: expect.any(Number),
      admin: { email: 'admin@demo.parley.test', access_token: expect.any(String) },
      agent: { email: 'agent@demo.parley.test', access_token: expect.any(String) },
      website_inbox: { id: expect.any(Number), identifier: expect.any(String) },
      api_inbox: { id: expect.any(Number), identifier: expect.any(String) },
    })
    const second = await seedDemo(call, { ...options, previous: first })
    expect(second).toEqual(first)

    // Lost credentials file: the same records come back with fresh working tokens.
    const third = await seedDemo(call, options)
    expect(third.account_id).toBe(first.account_id)
    expect(third.website_inbox).toEqual(first.website_inbox)
    expect(third.admin.id).toBe(first.admin.id)
    const profile = await api('/api/v1/profile', { token: third.admin.access_token })
    expect(profile.json.accounts).toEqual([
      expect.objectContaining({ id: first.account_id, role: 'administrator' }),
    ])
    const accounts = await api('/platform/api/v1/accounts', { token: PLATFORM_TOKEN })
    expect(accounts.json.filter((a: { name: string }) => a.name === 'Demo')).toHaveLength(1)
    const inboxes = await api(`/api/v1/accounts/${first.account_id}/inboxes`, {
      token: third.admin.access_token,
    })
    expect(inboxes.json.payload).toHaveLength(2)
  })
})

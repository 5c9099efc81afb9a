import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { callOver, seedDemo } from '../../scripts/seed-demo'
import { signIn, withCookie } from './auth-helpers'
import { api, PLATFORM_TOKEN } from './helpers'

const call = callOver(SELF.fetch.bind(SELF), 'http://parley.test')

describe('the demo seed', () => {
  it('makes the demo account, users and inboxes through the API, and is idempotent', async () => {
    const options = { baseUrl: 'http://localhost:8787', platformToken: PLATFORM_TOKEN }
    const first = await seedDemo(call, options)
    expect(first).toMatchObject({
      base_url: 'http://localhost:8787',
      dashboard_url: 'http://localhost:8787/app/login',
      platform_token: PLATFORM_TOKEN,
      account_id: expect.any(Number),
      admin: {
        email: 'admin@demo.parley.test',
        access_token: expect.any(String),
        password: expect.stringMatching(/^[\w-]{20}$/),
      },
      agent: {
        email: 'agent@demo.parley.test',
        access_token: expect.any(String),
        password: expect.stringMatching(/^[\w-]{20}$/),
      },
      website_inbox: { id: expect.any(Number), identifier: expect.any(String) },
      api_inbox: { id: expect.any(Number), identifier: expect.any(String) },
      email_inbox: {
        id: expect.any(Number),
        forward_to_email: expect.stringMatching(/^[0-9a-f]{20}@mail\.parley\.test$/),
      },
    })
    expect(first.admin.password).not.toBe(first.agent.password)
    // The passwords sign in to the dashboard.
    const adminSession = await signIn(first.admin.email, first.admin.password)
    expect(adminSession.status).toBe(200)
    expect(adminSession.json.data.accounts[0]).toMatchObject({ role: 'administrator' })
    expect((await signIn(first.agent.email, first.agent.password)).status).toBe(200)

    const second = await seedDemo(call, { ...options, previous: first })
    expect(second).toEqual(first)
    // Seeding again leaves the password, and so the sessions, alone.
    expect((await withCookie('/api/v1/profile', adminSession.session ?? '')).status).toBe(200)

    // Lost credentials file: the same records come back with fresh working tokens.
    const third = await seedDemo(call, options)
    expect(third.account_id).toBe(first.account_id)
    // …with a new password that works, the old one no more.
    expect(third.admin.password).not.toBe(first.admin.password)
    expect((await signIn(third.admin.email, third.admin.password)).status).toBe(200)
    expect((await signIn(first.admin.email, first.admin.password)).status).toBe(401)
    expect(third.website_inbox).toEqual(first.website_inbox)
    expect(third.email_inbox).toEqual(first.email_inbox)
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
    expect(inboxes.json.payload).toHaveLength(3)
  })
})

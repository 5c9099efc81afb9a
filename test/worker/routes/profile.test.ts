import { describe, expect, it } from 'vitest'
import { api, createUser, createWorld, expectError } from '../helpers'

describe('GET /api/v1/profile', () => {
  it('returns the user with its accounts and echoes the presented token', async () => {
    const world = await createWorld()
    const res = await api('/api/v1/profile', { token: world.agent.token })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      id: world.agent.id,
      email: world.agent.email,
      access_token: world.agent.token,
      account_id: world.accountId,
      role: 'agent',
      type: 'user',
      uid: world.agent.email,
      accounts: [
        {
          id: world.accountId,
          role: 'agent',
          status: 'active',
          // Chatwoot's defaults: chosen online, shown offline while no dashboard is open.
          availability: 'online',
          availability_status: 'offline',
          auto_offline: true,
        },
      ],
    })
  })

  it('shows a user without accounts', async () => {
    const user = await createUser()
    const res = await api('/api/v1/profile', { token: user.token })
    expect(res.json).toMatchObject({ accounts: [], account_id: null, role: null })
  })
})

describe('PATCH /api/v1/profile', () => {
  it('updates name, display name and signature, and merges ui_settings', async () => {
    const user = await createUser()
    await api('/api/v1/profile', {
      method: 'PATCH',
      token: user.token,
      body: { ui_settings: { theme: 'dark', sidebar: 'open' } },
    })
    const res = await api('/api/v1/profile', {
      method: 'PATCH',
      token: user.token,
      body: {
        profile: {
          name: 'Grace',
          display_name: 'G',
          message_signature: '— G',
          ui_settings: { theme: 'light' },
        },
      },
    })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      name: 'Grace',
      display_name: 'G',
      available_name: 'G',
      message_signature: '— G',
      ui_settings: { theme: 'light', sidebar: 'open' },
    })
  })

  it('refuses an empty name and a name over 255 characters with 422', async () => {
    const user = await createUser()
    for (const name of ['', 'x'.repeat(256)]) {
      const res = await api('/api/v1/profile', {
        method: 'PATCH',
        token: user.token,
        body: { name },
      })
      expectError(res, 422, 'validation_failed')
      expect(res.json.errors[0].field).toBe('name')
    }
  })
})

describe('POST /api/v1/profile/availability', () => {
  it("sets the availability in one of the user's accounts", async () => {
    const world = await createWorld()
    const res = await api('/api/v1/profile/availability', {
      token: world.agent.token,
      body: { profile: { account_id: world.accountId, availability: 'busy' } },
    })
    expect(res.status).toBe(200)
    expect(res.json.accounts[0]).toMatchObject({ id: world.accountId, availability: 'busy' })
  })

  it('refuses an account the user is not in with 404 and an unknown availability with 422', async () => {
    const world = await createWorld()
    const other = await createWorld()
    expectError(
      await api('/api/v1/profile/availability', {
        token: world.agent.token,
        body: { account_id: other.accountId, availability: 'online' },
      }),
      404,
    )
    expectError(
      await api('/api/v1/profile/availability', {
        token: world.agent.token,
        body: { account_id: world.accountId, availability: 'asleep' },
      }),
      422,
    )
  })
})

import { describe, expect, it } from 'vitest'
import { api, createUser, createWorld, expectError, PLATFORM_TOKEN } from '../helpers'

/** Adds a second administrator, so the first may demote or remove it. */
async function secondAdministrator(accountId: number) {
  const user = await createUser(PLATFORM_TOKEN, 'Second admin')
  const res = await api(`/platform/api/v1/accounts/${accountId}/account_users`, {
    token: PLATFORM_TOKEN,
    body: { user_id: user.id, role: 'administrator' },
  })
  expect(res.status).toBe(200)
  return user
}

// Every request below first runs with a token this isolate remembers: the lookup rides in the
// batch of the first read, and a change made since must still decide the answer.
describe('remembered access tokens', () => {
  it('refuse a rotated token on the very next request', async () => {
    const world = await createWorld()
    const inboxes = `/api/v1/accounts/${world.accountId}/inboxes`
    expect((await api(inboxes, { token: world.admin.token })).status).toBe(200)
    expect((await api(inboxes, { token: world.admin.token })).status).toBe(200)
    const rotated = await api(`/platform/api/v1/users/${world.admin.id}/token`, {
      method: 'POST',
      token: PLATFORM_TOKEN,
    })
    expect(rotated.status).toBe(200)
    expectError(await api(inboxes, { token: world.admin.token }), 401)
    expect((await api(inboxes, { token: rotated.json.access_token })).status).toBe(200)
  })

  it('answer a demoted administrator as an agent at once', async () => {
    const world = await createWorld()
    const second = await secondAdministrator(world.accountId)
    const webhooks = `/api/v1/accounts/${world.accountId}/webhooks`
    expect((await api(webhooks, { token: second.token })).status).toBe(200)
    const demoted = await api(`/api/v1/accounts/${world.accountId}/agents/${second.id}`, {
      method: 'PATCH',
      token: world.admin.token,
      body: { role: 'agent' },
    })
    expect(demoted.status).toBe(200)
    expectError(await api(webhooks, { token: second.token }), 403)
  })

  it('answer a promoted agent in full, body included', async () => {
    const world = await createWorld()
    const inboxes = `/api/v1/accounts/${world.accountId}/inboxes`
    const body = { name: 'Promoted inbox', channel: { type: 'api' } }
    expectError(await api(inboxes, { token: world.agent.token, body }), 403)
    const promoted = await api(`/api/v1/accounts/${world.accountId}/agents/${world.agent.id}`, {
      method: 'PATCH',
      token: world.admin.token,
      body: { role: 'administrator' },
    })
    expect(promoted.status).toBe(200)
    const created = await api(inboxes, { token: world.agent.token, body })
    expect(created.status).toBe(200)
    expect(created.json.name).toBe('Promoted inbox')
    const list = await api(inboxes, { token: world.admin.token })
    expect(list.json.payload.map((i: { name: string }) => i.name)).toEqual(['Promoted inbox'])
  })

  it('refuse a removed member before judging its request', async () => {
    const world = await createWorld()
    const second = await secondAdministrator(world.accountId)
    const inboxes = `/api/v1/accounts/${world.accountId}/inboxes`
    expect((await api(inboxes, { token: second.token })).status).toBe(200)
    const removed = await api(`/api/v1/accounts/${world.accountId}/agents/${second.id}`, {
      method: 'DELETE',
      token: world.admin.token,
    })
    expect(removed.status).toBe(200)
    // Invalid on its own (422), but the caller is no longer a member: 403 decides first.
    expectError(await api(inboxes, { token: second.token, body: { name: '' } }), 403)
    expectError(await api(inboxes, { token: second.token }), 403)
  })

  it('refuse a rotated token on a request whose first call writes, which changes nothing', async () => {
    const world = await createWorld()
    const canned = `/api/v1/accounts/${world.accountId}/canned_responses`
    const made = async (shortCode: string) => {
      const res = await api(canned, {
        token: world.admin.token,
        body: { short_code: shortCode, content: 'Hello' },
      })
      expect(res.status).toBe(200)
      return res.json.id as number
    }
    const [kept, removed] = [await made('kept'), await made('removed')]
    // Remembered: the DELETE's guard rides in its one batch, and passes for a current token.
    const deleted = await api(`${canned}/${removed}`, {
      method: 'DELETE',
      token: world.admin.token,
    })
    expect(deleted.status).toBe(200)

    const rotated = await api(`/platform/api/v1/users/${world.admin.id}/token`, {
      method: 'POST',
      token: PLATFORM_TOKEN,
    })
    expect(rotated.status).toBe(200)
    expectError(await api(`${canned}/${kept}`, { method: 'DELETE', token: world.admin.token }), 401)
    const left = await api(canned, { token: rotated.json.access_token })
    expect(left.json.map((r: { id: number }) => r.id)).toEqual([kept])
  })

  it('refuse a rotated token on the profile too', async () => {
    const user = await createUser(PLATFORM_TOKEN, 'Profile user')
    expect((await api('/api/v1/profile', { token: user.token })).status).toBe(200)
    const rotated = await api(`/platform/api/v1/users/${user.id}/token`, {
      method: 'POST',
      token: PLATFORM_TOKEN,
    })
    expect(rotated.status).toBe(200)
    expectError(await api('/api/v1/profile', { token: user.token }), 401)
  })
})

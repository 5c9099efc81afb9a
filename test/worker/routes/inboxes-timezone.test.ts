import { describe, expect, it } from 'vitest'
import { api, createWorld, expectError } from '../helpers'

describe('an inbox timezone', () => {
  it('is refused with a 422 naming timezone when the runtime does not know it, on create and update', async () => {
    const world = await createWorld()
    const path = `/api/v1/accounts/${world.accountId}/inboxes`
    const refused = await api(path, {
      token: world.admin.token,
      body: { name: 'API', channel: { type: 'api' }, timezone: 'Mars/Olympus_Mons' },
    })
    expectError(refused, 422, 'validation_failed')
    expect(refused.json.errors[0].field).toBe('timezone')

    const created = await api(path, {
      token: world.admin.token,
      body: { name: 'API', channel: { type: 'api' }, timezone: 'America/New_York' },
    })
    expect(created.status, created.text).toBe(200)
    expect(created.json.timezone).toBe('America/New_York')
    const update = await api(`${path}/${created.json.id}`, {
      method: 'PATCH',
      token: world.admin.token,
      body: { timezone: 'Not/AZone' },
    })
    expectError(update, 422, 'validation_failed')
    expect(update.json.errors[0].field).toBe('timezone')
    const shown = await api(`${path}/${created.json.id}`, { token: world.admin.token })
    expect(shown.json.timezone).toBe('America/New_York')
  })
})

import { describe, expect, it } from 'vitest'
import { api, createWorld, expectError } from '../helpers'

// Settings Parley has no behaviour for are refused by name rather than stored and ignored
// (issue 31's acceptance: no setting is stored without behaviour).
describe('a setting Parley does not act on', () => {
  it('refuses audio_transcriptions turned on with a 422 naming it, and keeps accepting it off', async () => {
    const world = await createWorld()
    const path = `/api/v1/accounts/${world.accountId}`
    const refused = await api(path, {
      method: 'PATCH',
      token: world.admin.token,
      body: { name: 'Renamed', audio_transcriptions: true },
    })
    expectError(refused, 422, 'validation_failed')
    expect(refused.json.errors).toEqual([
      expect.objectContaining({ field: 'audio_transcriptions', code: 'custom' }),
    ])
    const unchanged = await api(path, { token: world.admin.token })
    expect(unchanged.json.name).not.toBe('Renamed')

    const off = await api(path, {
      method: 'PATCH',
      token: world.admin.token,
      body: { audio_transcriptions: false },
    })
    expect(off.status, off.text).toBe(200)
  })

  it('refuses a channel’s additional_attributes with a 422 naming it, on create and update', async () => {
    const world = await createWorld()
    const path = `/api/v1/accounts/${world.accountId}/inboxes`
    const refused = await api(path, {
      token: world.admin.token,
      body: {
        name: 'API',
        channel: { type: 'api', additional_attributes: { agent_reply_time_window: 24 } },
      },
    })
    expectError(refused, 422, 'validation_failed')
    expect(refused.json.errors[0].field).toBe('channel.additional_attributes')

    const created = await api(path, {
      token: world.admin.token,
      body: { name: 'API', channel: { type: 'api', additional_attributes: {} } },
    })
    expect(created.status, created.text).toBe(200)
    const update = await api(`${path}/${created.json.id}`, {
      method: 'PATCH',
      token: world.admin.token,
      body: { channel: { additional_attributes: { agent_reply_time_window: 24 } } },
    })
    expectError(update, 422, 'validation_failed')
    expect(update.json.errors[0].field).toBe('channel.additional_attributes')
  })
})

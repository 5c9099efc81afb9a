import { describe, expect, it } from 'vitest'
import { api, createWorld, expectError } from '../helpers'
import { createInbox } from '../members-helpers'

describe('inbox members as Chatwoot clients call them', () => {
  it('accepts the inbox id as a numeric string and removes members named by path', async () => {
    const world = await createWorld()
    const inboxId = await createInbox(world)
    const base = `/api/v1/accounts/${world.accountId}/inbox_members`
    const added = await api(base, {
      token: world.admin.token,
      body: { inbox_id: String(inboxId), user_ids: [world.agent.id] },
    })
    expect(added.status).toBe(200)
    expect(added.json.payload.map((a: { id: number }) => a.id)).toEqual([world.agent.id])
    expectError(
      await api(base, { token: world.admin.token, body: { inbox_id: '12abc', user_ids: [1] } }),
      422,
    )
    const removed = await api(`${base}/${inboxId}`, {
      method: 'DELETE',
      token: world.admin.token,
      body: { user_ids: [world.agent.id] },
    })
    expect(removed.status).toBe(200)
    expect((await api(`${base}/${inboxId}`, { token: world.admin.token })).json.payload).toEqual([])
    expectError(
      await api(`${base}/${inboxId}`, {
        method: 'DELETE',
        token: world.agent.token,
        body: { user_ids: [world.agent.id] },
      }),
      403,
    )
  })

  it('answers a path with a trailing slash like the path without it', async () => {
    const world = await createWorld()
    const inboxId = await createInbox(world)
    const res = await api(`/api/v1/accounts/${world.accountId}/inboxes/${inboxId}/`, {
      token: world.admin.token,
    })
    expect(res.status).toBe(200)
    expect(res.json.id).toBe(inboxId)
  })
})

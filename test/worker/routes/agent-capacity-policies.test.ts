import { describe, expect, it } from 'vitest'
import { createInbox } from '../conversation-helpers'
import { api, createWorld, expectError, type World } from '../helpers'

const policiesPath = (world: World) => `/api/v1/accounts/${world.accountId}/agent_capacity_policies`

async function createPolicy(world: World, body: Record<string, unknown> = {}) {
  const res = await api(policiesPath(world), {
    token: world.admin.token,
    body: { agent_capacity_policy: { name: 'Day shift', ...body } },
  })
  expect(res.status).toBe(200)
  return res.json as { id: number }
}

describe('agent capacity policies', () => {
  it('lets an administrator set an overall limit, inbox limits and agents, as Chatwoot shapes them', async () => {
    const world = await createWorld()
    const inbox = await createInbox(world)
    const policy = await createPolicy(world, { overall_conversation_limit: 8 })
    const base = `${policiesPath(world)}/${policy.id}`
    const token = world.admin.token
    const limit = await api(`${base}/inbox_limits`, {
      token,
      body: { inbox_id: inbox.id, conversation_limit: 3 },
    })
    expect(limit.json).toEqual({
      id: expect.any(Number),
      inbox_id: inbox.id,
      conversation_limit: 3,
    })
    const user = await api(`${base}/users`, { token, body: { user_id: world.agent.id } })
    expect(user.json).toMatchObject({ id: world.agent.id })
    const shown = await api(base, { token })
    expect(shown.json).toMatchObject({
      id: policy.id,
      name: 'Day shift',
      overall_conversation_limit: 8,
      account_id: world.accountId,
      assigned_agent_count: 1,
      user_ids: [world.agent.id],
      inbox_capacity_limits: [{ inbox_id: inbox.id, conversation_limit: 3 }],
    })
    const users = await api(`${base}/users`, { token })
    expect(users.json.map((u: { id: number }) => u.id)).toEqual([world.agent.id])
    const updated = await api(`${base}/inbox_limits/${limit.json.id}`, {
      token,
      method: 'PATCH',
      body: { conversation_limit: 4 },
    })
    expect(updated.json.conversation_limit).toBe(4)
    expect((await api(`${base}/users/${world.agent.id}`, { token, method: 'DELETE' })).status).toBe(
      200,
    )
    expect((await api(base, { token, method: 'DELETE' })).status).toBe(200)
    expect((await api(policiesPath(world), { token })).json).toEqual([])
  })

  it('refuses a second limit for the same inbox, and a user or inbox of another account', async () => {
    const world = await createWorld()
    const other = await createWorld()
    const inbox = await createInbox(world)
    const foreignInbox = await createInbox(other)
    const base = `${policiesPath(world)}/${(await createPolicy(world)).id}`
    const token = world.admin.token
    const body = { inbox_id: inbox.id, conversation_limit: 2 }
    expect((await api(`${base}/inbox_limits`, { token, body })).status).toBe(200)
    expectError(await api(`${base}/inbox_limits`, { token, body }), 422)
    const foreign = { inbox_id: foreignInbox.id, conversation_limit: 2 }
    expectError(await api(`${base}/inbox_limits`, { token, body: foreign }), 422)
    expectError(await api(`${base}/users`, { token, body: { user_id: other.agent.id } }), 422)
    expectError(
      await api(`${base}/inbox_limits`, { token, body: { ...body, conversation_limit: 0 } }),
      422,
    )
  })

  it('is for administrators only', async () => {
    const world = await createWorld()
    const policy = await createPolicy(world)
    const token = world.agent.token
    expectError(await api(policiesPath(world), { token }), 403)
    expectError(await api(`${policiesPath(world)}/${policy.id}`, { token }), 403)
    expectError(await api(policiesPath(world), { token, body: { name: 'Mine' } }), 403)
    expectError(await api(policiesPath(world), {}), 401)
  })

  it("answers 404 for another account's policy", async () => {
    const world = await createWorld()
    const other = await createWorld()
    const theirs = await createPolicy(other)
    const path = `${policiesPath(world)}/${theirs.id}`
    expectError(await api(path, { token: world.admin.token }), 404)
    expectError(await api(path, { token: world.admin.token, method: 'DELETE' }), 404)
    expectError(
      await api(`${path}/users`, { token: world.admin.token, body: { user_id: world.agent.id } }),
      404,
    )
  })
})

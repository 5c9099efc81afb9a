import { describe, expect, it } from 'vitest'
import {
  accountDb,
  api,
  createUser,
  createWorld,
  expectError,
  PLATFORM_TOKEN,
  uniq,
} from '../helpers'
import { createInbox, insertConversation, scalar } from '../members-helpers'

async function otherPlatformApp() {
  const res = await api('/platform/api/v1/platform_apps', {
    token: PLATFORM_TOKEN,
    body: { name: uniq('app') },
  })
  return res.json.access_token as string
}

describe('platform users', () => {
  it('creates a user and returns its token only once', async () => {
    const email = `${uniq('new')}@Example.com`
    const created = await api('/platform/api/v1/users', {
      token: PLATFORM_TOKEN,
      body: { user: { name: 'Nia', email, display_name: 'N', custom_attributes: { tier: 1 } } },
    })
    expect(created.status).toBe(200)
    expect(created.json).toMatchObject({
      name: 'Nia',
      email: email.toLowerCase(),
      display_name: 'N',
      custom_attributes: { tier: 1 },
      access_token: expect.any(String),
      accounts: [],
    })
    const shown = await api(`/platform/api/v1/users/${created.json.id}`, { token: PLATFORM_TOKEN })
    expect(shown.status).toBe(200)
    expect(shown.json.access_token).toBeUndefined()
    const again = await api('/platform/api/v1/users', {
      token: PLATFORM_TOKEN,
      body: { name: 'Nia', email },
    })
    expect(again.json.id).toBe(created.json.id)
    expect(again.json.access_token).toBeUndefined()
  })

  it('lists the accounts a user belongs to', async () => {
    const world = await createWorld()
    const shown = await api(`/platform/api/v1/users/${world.admin.id}`, { token: PLATFORM_TOKEN })
    expect(shown.json.accounts).toEqual([
      { id: world.accountId, name: expect.any(String), active_at: null, role: 'administrator' },
    ])
  })

  it('updates and deletes a user, whose token then stops working', async () => {
    const user = await createUser()
    const updated = await api(`/platform/api/v1/users/${user.id}`, {
      method: 'PATCH',
      token: PLATFORM_TOKEN,
      body: { name: 'Renamed' },
    })
    expect(updated.json.name).toBe('Renamed')
    expect(
      (await api(`/platform/api/v1/users/${user.id}`, { method: 'DELETE', token: PLATFORM_TOKEN }))
        .status,
    ).toBe(200)
    expectError(await api('/api/v1/profile', { token: user.token }), 401)
    expectError(await api(`/platform/api/v1/users/${user.id}`, { token: PLATFORM_TOKEN }), 404)
  })

  it("unassigns a deleted user's conversations in every account it belonged to", async () => {
    const world = await createWorld()
    const inbox = await createInbox(world)
    const theirs = await insertConversation(world.accountId, inbox, null)
    const admins = await insertConversation(world.accountId, inbox, null)
    const assign = async (id: number, userId: number) =>
      (await accountDb(world.accountId))
        .prepare("update conversations set assignee_id = ?, assignee_type = 'User' where id = ?")
        .bind(userId, id)
        .run()
    await assign(theirs, world.agent.id)
    await assign(admins, world.admin.id)
    const deleted = await api(`/platform/api/v1/users/${world.agent.id}`, {
      method: 'DELETE',
      token: PLATFORM_TOKEN,
    })
    expect(deleted.status).toBe(200)
    const assignee = (id: number) =>
      scalar('select coalesce(assignee_id, 0) from conversations where id = ?', id)
    expect(await assignee(theirs)).toBe(0)
    expect(await assignee(admins)).toBe(world.admin.id)
  })

  it('rotates a token: the new one works and the old one is refused', async () => {
    const user = await createUser()
    const rotated = await api(`/platform/api/v1/users/${user.id}/token`, {
      method: 'POST',
      token: PLATFORM_TOKEN,
    })
    expect(rotated.status).toBe(200)
    expect(rotated.json).toMatchObject({ expiry: null, user: { id: user.id, email: user.email } })
    expect(rotated.json.access_token).not.toBe(user.token)
    expectError(await api('/api/v1/profile', { token: user.token }), 401)
    expect((await api('/api/v1/profile', { token: rotated.json.access_token })).status).toBe(200)
  })

  it('refuses a duplicate email on update and invalid input with 422', async () => {
    const a = await createUser()
    const b = await createUser()
    const res = await api(`/platform/api/v1/users/${b.id}`, {
      method: 'PATCH',
      token: PLATFORM_TOKEN,
      body: { email: a.email },
    })
    expectError(res, 422)
    expect(res.json.errors[0].field).toBe('email')
    expectError(
      await api('/platform/api/v1/users', {
        token: PLATFORM_TOKEN,
        body: { name: 'x', email: 'nope' },
      }),
      422,
    )
  })

  it('keeps another platform app away from a user: 401 and no takeover by email', async () => {
    const user = await createUser()
    const other = await otherPlatformApp()
    for (const [method, path, body] of [
      ['GET', `/platform/api/v1/users/${user.id}`, undefined],
      ['PATCH', `/platform/api/v1/users/${user.id}`, { name: 'Stolen' }],
      ['DELETE', `/platform/api/v1/users/${user.id}`, undefined],
      ['POST', `/platform/api/v1/users/${user.id}/token`, undefined],
    ] as const) {
      const res = await api(path, { method, token: other, body })
      expectError(res, 401)
      expect(res.json.message).toBe('Non permissible resource')
    }
    const takeover = await api('/platform/api/v1/users', {
      token: other,
      body: { name: 'x', email: user.email },
    })
    expectError(takeover, 422)
    expect((await api('/api/v1/profile', { token: user.token })).json.name).toBe('User')
  })
})

describe('platform account users', () => {
  it('adds a user with a role, changes the role, lists and removes it', async () => {
    const account = await api('/platform/api/v1/accounts', {
      token: PLATFORM_TOKEN,
      body: { name: 'Team' },
    })
    const user = await createUser()
    const path = `/platform/api/v1/accounts/${account.json.id}/account_users`
    const added = await api(path, {
      token: PLATFORM_TOKEN,
      body: { user_id: user.id, role: 'agent' },
    })
    expect(added.json).toMatchObject({
      account_id: account.json.id,
      user_id: user.id,
      role: 'agent',
    })
    const promoted = await api(path, {
      token: PLATFORM_TOKEN,
      body: { user_id: user.id, role: 'administrator' },
    })
    expect(promoted.json).toMatchObject({ id: added.json.id, role: 'administrator' })
    const list = await api(path, { token: PLATFORM_TOKEN })
    expect(list.json).toEqual([promoted.json])
    expect((await api(`/api/v1/accounts/${account.json.id}`, { token: user.token })).status).toBe(
      200,
    )
    const removed = await api(path, {
      method: 'DELETE',
      token: PLATFORM_TOKEN,
      body: { user_id: user.id },
    })
    expect(removed.status).toBe(200)
    expectError(await api(`/api/v1/accounts/${account.json.id}`, { token: user.token }), 403)
  })

  it('refuses an unknown user with 404, a bad role with 422, and a foreign platform app with 401', async () => {
    const world = await createWorld()
    const path = `/platform/api/v1/accounts/${world.accountId}/account_users`
    expectError(
      await api(path, { token: PLATFORM_TOKEN, body: { user_id: 999999, role: 'agent' } }),
      404,
    )
    expectError(
      await api(path, { token: PLATFORM_TOKEN, body: { user_id: world.agent.id, role: 'owner' } }),
      422,
    )
    const other = await otherPlatformApp()
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await api(path, {
        method,
        token: other,
        body: method === 'GET' ? undefined : { user_id: world.agent.id, role: 'administrator' },
      })
      expectError(res, 401)
    }
    const list = await api(path, { token: PLATFORM_TOKEN })
    expect(list.json.find((m: { user_id: number }) => m.user_id === world.agent.id).role).toBe(
      'agent',
    )
  })

  it("refuses to add another app's user to the app's own account: 401, no membership", async () => {
    const other = await otherPlatformApp()
    const theirs = await createWorld(other)
    const rootsUser = await createUser()
    const path = `/platform/api/v1/accounts/${theirs.accountId}/account_users`
    for (const role of ['agent', 'administrator']) {
      const res = await api(path, { token: other, body: { user_id: rootsUser.id, role } })
      expectError(res, 401, 'unauthorized')
      expect(res.json.message).toBe('Non permissible resource')
    }
    const memberships = 'select count(*) from account_users where user_id = ?'
    expect(await scalar(memberships, rootsUser.id)).toBe(0)
    expectError(await api(`/api/v1/accounts/${theirs.accountId}`, { token: rootsUser.token }), 403)
    // An unknown user is still a 404, and the app's own users are still added.
    expectError(await api(path, { token: other, body: { user_id: 999999, role: 'agent' } }), 404)
    const own = await createUser(other)
    const added = await api(path, { token: other, body: { user_id: own.id, role: 'agent' } })
    expect(added.status).toBe(200)
    // The root app is held to the same rule: the other app's user stays out of root's accounts.
    const rootsWorld = await createWorld()
    const adopt = await api(`/platform/api/v1/accounts/${rootsWorld.accountId}/account_users`, {
      token: PLATFORM_TOKEN,
      body: { user_id: own.id, role: 'administrator' },
    })
    expectError(adopt, 401, 'unauthorized')
    expect(await scalar(memberships, own.id)).toBe(1)
  })
})

describe('platform agent bots', () => {
  it('creates a bot with a token shown once, lists, shows, updates and deletes it', async () => {
    const world = await createWorld()
    const created = await api('/platform/api/v1/agent_bots', {
      token: PLATFORM_TOKEN,
      body: {
        name: 'Helper',
        description: 'Answers FAQs',
        outgoing_url: 'https://bots.example.com/hook',
        account_id: world.accountId,
      },
    })
    expect(created.json).toMatchObject({
      name: 'Helper',
      outgoing_url: 'https://bots.example.com/hook',
      account_id: world.accountId,
      access_token: expect.any(String),
    })
    const id = created.json.id
    const shown = await api(`/platform/api/v1/agent_bots/${id}`, { token: PLATFORM_TOKEN })
    expect(shown.json.access_token).toBeUndefined()
    const list = await api('/platform/api/v1/agent_bots', { token: PLATFORM_TOKEN })
    expect(list.json.map((b: { id: number }) => b.id)).toContain(id)
    const updated = await api(`/platform/api/v1/agent_bots/${id}`, {
      method: 'PATCH',
      token: PLATFORM_TOKEN,
      body: { agent_bot: { name: 'Helper 2' } },
    })
    expect(updated.json).toMatchObject({ id, name: 'Helper 2', description: 'Answers FAQs' })
    expect(
      (await api(`/platform/api/v1/agent_bots/${id}`, { method: 'DELETE', token: PLATFORM_TOKEN }))
        .status,
    ).toBe(200)
    expectError(await api(`/platform/api/v1/agent_bots/${id}`, { token: PLATFORM_TOKEN }), 404)
  })

  it("refuses a bot for an account the app did not create, and another app's bot", async () => {
    const other = await otherPlatformApp()
    const world = await createWorld()
    expectError(
      await api('/platform/api/v1/agent_bots', {
        token: other,
        body: { name: 'Sneaky', account_id: world.accountId },
      }),
      401,
    )
    const bot = await api('/platform/api/v1/agent_bots', {
      token: PLATFORM_TOKEN,
      body: { name: 'B' },
    })
    expectError(await api(`/platform/api/v1/agent_bots/${bot.json.id}`, { token: other }), 401)
    expectError(
      await api('/platform/api/v1/agent_bots', {
        token: PLATFORM_TOKEN,
        body: { name: 'B', outgoing_url: 'not a url' },
      }),
      422,
    )
  })
})

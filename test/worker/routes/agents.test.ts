import { describe, expect, it } from 'vitest'
import {
  accountDb,
  api,
  createWorld,
  expectError,
  PLATFORM_TOKEN,
  uniq,
  type World,
} from '../helpers'
import {
  accountPath,
  addMember,
  column,
  createInbox,
  ids,
  insertConversation,
  scalar,
  sorted,
} from '../members-helpers'

const agentsPath = (world: World, rest = '') => accountPath(world, `/agents${rest}`)

const membershipCount = (world: World, userId: number) =>
  scalar(
    'select count(*) from account_users where account_id = ? and user_id = ?',
    world.accountId,
    userId,
  )

describe('agents', () => {
  it('lists the members as a bare array of agent JSON, to agents as well', async () => {
    const world = await createWorld()
    for (const token of [world.admin.token, world.agent.token]) {
      const res = await api(agentsPath(world), { token })
      expect(res.status).toBe(200)
      expect(Array.isArray(res.json)).toBe(true)
      expect(ids(res.json)).toEqual(sorted([world.admin.id, world.agent.id]))
      expect(res.json.find((a: { id: number }) => a.id === world.admin.id)).toEqual({
        id: world.admin.id,
        account_id: world.accountId,
        availability_status: 'offline',
        auto_offline: true,
        // A platform user without a password has not confirmed (it has no link either).
        confirmed: false,
        email: world.admin.email,
        provider: 'email',
        available_name: 'Admin',
        name: 'Admin',
        role: 'administrator',
        thumbnail: '',
      })
    }
  })

  it('creates a new user and membership from a wrapped agent body', async () => {
    const world = await createWorld()
    const email = `${uniq('new')}@Example.com`
    const res = await api(agentsPath(world), {
      token: world.admin.token,
      body: {
        agent: {
          name: 'Nora',
          email,
          role: 'administrator',
          availability: 'busy',
          auto_offline: false,
        },
      },
    })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      name: 'Nora',
      email: email.toLowerCase(),
      role: 'administrator',
      availability_status: 'busy',
      auto_offline: false,
      account_id: world.accountId,
    })
    expect(await scalar('select count(*) from users where email = ?', email.toLowerCase())).toBe(1)
    const inviter = await scalar(
      'select inviter_id from account_users where account_id = ? and user_id = ?',
      world.accountId,
      res.json.id,
    )
    expect(inviter).toBe(world.admin.id)
    const list = await api(agentsPath(world), { token: world.agent.token })
    expect(ids(list.json)).toContain(res.json.id)
  })

  it('adds an existing user of another account by email, keeping the user as it is', async () => {
    const world = await createWorld()
    const other = await createWorld()
    const res = await api(agentsPath(world), {
      token: world.admin.token,
      body: { email: other.agent.email.toUpperCase(), name: 'Ignored' },
    })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ id: other.agent.id, name: 'Agent', role: 'agent' })
    expect(await scalar('select count(*) from users where email = ?', other.agent.email)).toBe(1)
    // The user can now use this account too, and still the other one.
    for (const accountId of [world.accountId, other.accountId]) {
      const seen = await api(`/api/v1/accounts/${accountId}/agents`, { token: other.agent.token })
      expect(seen.status).toBe(200)
    }
  })

  it('refuses an email already in the account, a new email without a name and bad fields', async () => {
    const world = await createWorld()
    const before = await scalar('select count(*) from users')
    const taken = await api(agentsPath(world), {
      token: world.admin.token,
      body: { email: world.agent.email, name: 'Again' },
    })
    expectError(taken, 422, 'validation_failed')
    expect(taken.json.errors[0].field).toBe('email')
    const nameless = await api(agentsPath(world), {
      token: world.admin.token,
      body: { email: `${uniq('nameless')}@example.com` },
    })
    expectError(nameless, 422)
    expect(nameless.json.errors[0].field).toBe('name')
    for (const [field, body] of [
      ['email', { name: 'X' }],
      ['email', { name: 'X', email: 'not-an-email' }],
      ['role', { name: 'X', email: `${uniq('r')}@example.com`, role: 'owner' }],
      ['availability', { name: 'X', email: `${uniq('a')}@example.com`, availability: 'away' }],
      ['auto_offline', { name: 'X', email: `${uniq('o')}@example.com`, auto_offline: 'yes' }],
      ['name', { name: '   ', email: `${uniq('n')}@example.com` }],
    ] as const) {
      const res = await api(agentsPath(world), { token: world.admin.token, body })
      expectError(res, 422, 'validation_failed')
      expect(res.json.errors[0].field).toBe(field)
    }
    expect(await scalar('select count(*) from users')).toBe(before)
    expect((await api(agentsPath(world), { token: world.admin.token })).json).toHaveLength(2)
  })

  it('updates name, role, availability and auto_offline', async () => {
    const world = await createWorld()
    const res = await api(agentsPath(world, `/${world.agent.id}`), {
      method: 'PATCH',
      token: world.admin.token,
      body: {
        agent: {
          name: 'Renamed',
          role: 'administrator',
          availability: 'online',
          auto_offline: false,
        },
      },
    })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      id: world.agent.id,
      name: 'Renamed',
      available_name: 'Renamed',
      role: 'administrator',
      availability_status: 'online',
      auto_offline: false,
    })
    const listed = (await api(agentsPath(world), { token: world.admin.token })).json
    expect(listed.find((a: { id: number }) => a.id === world.agent.id)).toMatchObject(res.json)
    const unchanged = await api(agentsPath(world, `/${world.agent.id}`), {
      method: 'PATCH',
      token: world.admin.token,
      body: {},
    })
    expect(unchanged.json).toEqual(res.json)
    const bad = await api(agentsPath(world, `/${world.agent.id}`), {
      method: 'PATCH',
      token: world.admin.token,
      body: { role: 'owner' },
    })
    expectError(bad, 422, 'validation_failed')
  })

  it('refuses to rename a user of other accounts too (403): its name there stays', async () => {
    const world = await createWorld()
    const other = await createWorld()
    const joined = await api(`/platform/api/v1/accounts/${other.accountId}/account_users`, {
      token: PLATFORM_TOKEN,
      body: { user_id: world.agent.id, role: 'agent' },
    })
    expect(joined.status).toBe(200)
    const path = agentsPath(world, `/${world.agent.id}`)
    for (const body of [{ name: 'Hijacked' }, { name: 'Hijacked', role: 'administrator' }]) {
      const res = await api(path, { method: 'PATCH', token: world.admin.token, body })
      expectError(res, 403, 'forbidden')
      expect(res.json.message).toMatch(/belongs to other accounts/)
    }
    const seenBy = async (w: World) =>
      (await api(agentsPath(w), { token: w.admin.token })).json.find(
        (a: { id: number }) => a.id === world.agent.id,
      )
    expect(await seenBy(other)).toMatchObject({ name: 'Agent', role: 'agent' })
    expect(await seenBy(world)).toMatchObject({ name: 'Agent', role: 'agent' })
    // What is this account's own still changes, with the unchanged name sent along.
    const own = await api(path, {
      method: 'PATCH',
      token: world.admin.token,
      body: { name: 'Agent', role: 'administrator', availability: 'busy', auto_offline: false },
    })
    expect(own.status).toBe(200)
    expect(own.json).toMatchObject({
      name: 'Agent',
      role: 'administrator',
      availability_status: 'busy',
      auto_offline: false,
    })
    expect(await seenBy(other)).toMatchObject({ name: 'Agent', role: 'agent' })
  })

  it('removes the membership and its inbox and team memberships, but keeps the user', async () => {
    const world = await createWorld()
    const other = await createWorld()
    // The agent also belongs to another account, with an inbox and a team there.
    await api(accountPath(other, '/agents'), {
      token: other.admin.token,
      body: { email: world.agent.email },
    })
    const inbox = await createInbox(world)
    const foreignInbox = await createInbox(other)
    const team = await api(accountPath(world, '/teams'), {
      token: world.admin.token,
      body: { name: uniq('t') },
    })
    const foreignTeam = await api(accountPath(other, '/teams'), {
      token: other.admin.token,
      body: { name: uniq('t') },
    })
    for (const [w, inboxId, teamId] of [
      [world, inbox, team.json.id],
      [other, foreignInbox, foreignTeam.json.id],
    ] as const) {
      await api(accountPath(w, '/inbox_members'), {
        token: w.admin.token,
        body: { inbox_id: inboxId, user_ids: [world.agent.id] },
      })
      await api(accountPath(w, `/teams/${teamId}/team_members`), {
        token: w.admin.token,
        body: { user_ids: [world.agent.id] },
      })
    }
    const res = await api(agentsPath(world, `/${world.agent.id}`), {
      method: 'DELETE',
      token: world.admin.token,
    })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({})
    expect(await membershipCount(world, world.agent.id)).toBe(0)
    expect(await column('select user_id from inbox_members where inbox_id = ?', inbox)).toEqual([])
    expect(
      await column('select user_id from team_members where team_id = ?', team.json.id),
    ).toEqual([])
    expect(await scalar('select count(*) from users where id = ?', world.agent.id)).toBe(1)
    expect(await membershipCount(other, world.agent.id)).toBe(1)
    expect(
      await column('select user_id from inbox_members where inbox_id = ?', foreignInbox),
    ).toEqual([world.agent.id])
    expect(
      await column('select user_id from team_members where team_id = ?', foreignTeam.json.id),
    ).toEqual([world.agent.id])
    expectError(await api(agentsPath(world), { token: world.agent.token }), 403)
    expect((await api(agentsPath(other), { token: world.agent.token })).status).toBe(200)
  })

  it("unassigns the removed agent's conversations in that account only, without events", async () => {
    const world = await createWorld()
    const other = await createWorld()
    await api(accountPath(other, '/agents'), {
      token: other.admin.token,
      body: { email: world.agent.email },
    })
    const assign = async (w: World, userId: number) => {
      const id = await insertConversation(w.accountId, await createInbox(w), null)
      await (await accountDb(w.accountId))
        .prepare("update conversations set assignee_id = ?, assignee_type = 'User' where id = ?")
        .bind(userId, id)
        .run()
      return id
    }
    const mine = await assign(world, world.agent.id)
    const elsewhere = await assign(other, world.agent.id)
    const admins = await assign(world, world.admin.id)
    const eventsBefore = await scalar(
      'select count(*) from events where account_id = ?',
      world.accountId,
    )
    const res = await api(agentsPath(world, `/${world.agent.id}`), {
      method: 'DELETE',
      token: world.admin.token,
    })
    expect(res.status).toBe(200)
    const assignee = (id: number) =>
      scalar('select coalesce(assignee_id, 0) from conversations where id = ?', id)
    expect(await assignee(mine)).toBe(0)
    expect(await assignee(elsewhere)).toBe(world.agent.id)
    expect(await assignee(admins)).toBe(world.admin.id)
    expect(await scalar('select count(*) from events where account_id = ?', world.accountId)).toBe(
      eventsBefore,
    )
  })

  it('refuses to remove or demote the last administrator with 422', async () => {
    const world = await createWorld()
    const self = agentsPath(world, `/${world.admin.id}`)
    const removed = await api(self, { method: 'DELETE', token: world.admin.token })
    expectError(removed, 422, 'validation_failed')
    expect(removed.json.errors[0].code).toBe('last_administrator')
    const demoted = await api(self, {
      method: 'PATCH',
      token: world.admin.token,
      body: { role: 'agent' },
    })
    expectError(demoted, 422, 'validation_failed')
    expect(
      await scalar(
        "select count(*) from account_users where account_id = ? and role = 'administrator'",
        world.accountId,
      ),
    ).toBe(1)
    // With a second administrator either one may go.
    const second = await addMember(world.accountId, 'administrator')
    expect((await api(self, { method: 'DELETE', token: second.token })).status).toBe(200)
    const last = await api(agentsPath(world, `/${second.id}`), {
      method: 'DELETE',
      token: second.token,
    })
    expectError(last, 422)
    expect(await membershipCount(world, second.id)).toBe(1)
  })

  it('refuses writes from agents with 403 and changes nothing', async () => {
    const world = await createWorld()
    const target = agentsPath(world, `/${world.admin.id}`)
    expectError(
      await api(agentsPath(world), {
        token: world.agent.token,
        body: { name: 'X', email: `${uniq('x')}@example.com` },
      }),
      403,
      'forbidden',
    )
    expectError(
      await api(target, { method: 'PATCH', token: world.agent.token, body: { name: 'Hacked' } }),
      403,
    )
    expectError(await api(target, { method: 'DELETE', token: world.agent.token }), 403)
    const list = (await api(agentsPath(world), { token: world.admin.token })).json
    expect(list).toHaveLength(2)
    expect(list.find((a: { id: number }) => a.id === world.admin.id).name).toBe('Admin')
  })

  it('answers 404 for users outside the account, and foreign accounts get 403', async () => {
    const world = await createWorld()
    const other = await createWorld()
    // Our user ids on the other account's own path: not found, nothing leaked or changed.
    for (const id of [world.agent.id, 999_999_999]) {
      const patched = await api(agentsPath(other, `/${id}`), {
        method: 'PATCH',
        token: other.admin.token,
        body: { name: 'Stolen', role: 'administrator' },
      })
      expectError(patched, 404, 'not_found')
      expect(patched.text).not.toContain(world.agent.email)
      const deleted = await api(agentsPath(other, `/${id}`), {
        method: 'DELETE',
        token: other.admin.token,
      })
      expectError(deleted, 404, 'not_found')
    }
    // Their tokens on our account's path.
    for (const token of [other.admin.token, other.agent.token]) {
      const listed = await api(agentsPath(world), { token })
      expectError(listed, 403)
      expect(listed.text).not.toContain(world.agent.email)
      expectError(await api(agentsPath(world), { token, body: { email: other.agent.email } }), 403)
      expectError(
        await api(agentsPath(world, `/${world.agent.id}`), {
          method: 'PATCH',
          token,
          body: { name: 'Stolen' },
        }),
        403,
      )
      expectError(
        await api(agentsPath(world, `/${world.agent.id}`), { method: 'DELETE', token }),
        403,
      )
    }
    const list = (await api(agentsPath(world), { token: world.admin.token })).json
    expect(list.find((a: { id: number }) => a.id === world.agent.id)).toMatchObject({
      name: 'Agent',
      role: 'agent',
    })
    expect(ids(list)).toEqual(sorted([world.admin.id, world.agent.id]))
    expectError(
      await api(agentsPath(world, '/abc'), { method: 'DELETE', token: world.admin.token }),
      404,
    )
  })

  it('documents the member, agent, team, definition and label paths in /openapi.json', async () => {
    const doc = (await api('/openapi.json')).json
    const prefix = '/api/v1/accounts/{account_id}'
    const operations = (path: string) => Object.keys(doc.paths[`${prefix}${path}`] ?? {}).sort()
    expect(operations('/inbox_members')).toEqual(['delete', 'patch', 'post'])
    expect(operations('/inbox_members/{inbox_id}')).toEqual(['delete', 'get'])
    expect(operations('/agents')).toEqual(['get', 'post'])
    expect(operations('/agents/{id}')).toEqual(['delete', 'patch'])
    expect(operations('/teams')).toEqual(['get', 'post'])
    expect(operations('/teams/{id}')).toEqual(['delete', 'get', 'patch'])
    expect(operations('/teams/{id}/team_members')).toEqual(['delete', 'get', 'patch', 'post'])
    expect(operations('/custom_attribute_definitions')).toEqual(['get', 'post'])
    expect(operations('/custom_attribute_definitions/{id}')).toEqual(['delete', 'get', 'patch'])
    expect(operations('/labels')).toEqual(['get', 'post'])
    expect(operations('/labels/{id}')).toEqual(['delete', 'get', 'patch'])
  })

  it('requires a token', async () => {
    const world = await createWorld()
    expectError(await api(agentsPath(world)), 401, 'unauthorized')
    expectError(await api(agentsPath(world, `/${world.agent.id}`), { method: 'DELETE' }), 401)
  })
})

import { describe, expect, it } from 'vitest'
import { api, createWorld, expectError, uniq, type World } from '../helpers'
import {
  accountPath,
  addMember,
  column,
  createInbox,
  ids,
  insertAgents,
  insertConversation,
  scalar,
  sorted,
} from '../members-helpers'

const teamsPath = (world: World, rest = '') => accountPath(world, `/teams${rest}`)
const membersPath = (world: World, teamId: number) => teamsPath(world, `/${teamId}/team_members`)

async function createTeam(world: World, body: Record<string, unknown> = { name: uniq('Team') }) {
  const res = await api(teamsPath(world), { token: world.admin.token, body })
  expect(res.status).toBe(200)
  return res.json as { id: number; name: string }
}

const teamMemberIds = (teamId: number) =>
  column('select user_id from team_members where team_id = ? order by user_id', teamId)

describe('teams', () => {
  it('creates a team with a lower-cased name and shows it', async () => {
    const world = await createWorld()
    const name = uniq('Sales ')
    const res = await api(teamsPath(world), {
      token: world.admin.token,
      body: {
        team: { name: `  ${name.toUpperCase()} `, description: 'Deals', allow_auto_assign: false },
      },
    })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      id: expect.any(Number),
      name: name.toLowerCase(),
      description: 'Deals',
      allow_auto_assign: false,
      account_id: world.accountId,
      is_member: false,
    })
    const shown = await api(teamsPath(world, `/${res.json.id}`), { token: world.agent.token })
    expect(shown.json).toEqual(res.json)
    const defaults = await createTeam(world)
    expect(defaults).toMatchObject({ description: null, allow_auto_assign: true })
  })

  it('lists teams as a bare array with is_member for the caller', async () => {
    const world = await createWorld()
    const a = await createTeam(world, { name: 'alpha' })
    const b = await createTeam(world, { name: 'beta' })
    await api(membersPath(world, b.id), {
      token: world.admin.token,
      body: { user_ids: [world.agent.id] },
    })
    const asAgent = await api(teamsPath(world), { token: world.agent.token })
    expect(asAgent.status).toBe(200)
    expect(
      asAgent.json.map((t: { id: number; is_member: boolean }) => [t.id, t.is_member]),
    ).toEqual([
      [a.id, false],
      [b.id, true],
    ])
    const asAdmin = await api(teamsPath(world), { token: world.admin.token })
    expect(asAdmin.json.map((t: { is_member: boolean }) => t.is_member)).toEqual([false, false])
    expect(
      (await api(teamsPath(world, `/${b.id}`), { token: world.agent.token })).json.is_member,
    ).toBe(true)
  })

  it('refuses a taken name (in any case), a blank name and bad fields with 422', async () => {
    const world = await createWorld()
    const taken = await createTeam(world, { name: 'support' })
    const other = await createTeam(world, { name: 'billing' })
    for (const [field, body] of [
      ['name', { name: 'SUPPORT' }],
      ['name', { name: '   ' }],
      ['name', {}],
      ['name', { name: 'x'.repeat(256) }],
      ['allow_auto_assign', { name: 'new', allow_auto_assign: 'yes' }],
    ] as const) {
      const res = await api(teamsPath(world), { token: world.admin.token, body })
      expectError(res, 422, 'validation_failed')
      expect(res.json.errors[0].field).toBe(field)
    }
    const renamed = await api(teamsPath(world, `/${other.id}`), {
      method: 'PATCH',
      token: world.admin.token,
      body: { name: 'Support' },
    })
    expectError(renamed, 422)
    expect(renamed.json.errors[0].field).toBe('name')
    const list = (await api(teamsPath(world), { token: world.admin.token })).json
    expect(list.map((t: { name: string }) => t.name)).toEqual(['billing', 'support'])
    expect(ids(list)).toEqual(sorted([taken.id, other.id]))
  })

  it('updates a team, and keeping its own name is not a conflict', async () => {
    const world = await createWorld()
    const team = await createTeam(world, { name: 'ops' })
    const res = await api(teamsPath(world, `/${team.id}`), {
      method: 'PATCH',
      token: world.admin.token,
      body: { team: { name: 'OPS', description: 'Night shift', allow_auto_assign: false } },
    })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      name: 'ops',
      description: 'Night shift',
      allow_auto_assign: false,
    })
    const empty = await api(teamsPath(world, `/${team.id}`), {
      method: 'PATCH',
      token: world.admin.token,
      body: {},
    })
    expect(empty.json).toEqual(res.json)
  })

  it('deletes a team with its memberships and clears it from conversations', async () => {
    const world = await createWorld()
    const team = await createTeam(world)
    const kept = await createTeam(world)
    const inbox = await createInbox(world)
    await api(membersPath(world, team.id), {
      token: world.admin.token,
      body: { user_ids: [world.agent.id] },
    })
    const onTeam = await insertConversation(world.accountId, inbox, team.id)
    const onKept = await insertConversation(world.accountId, inbox, kept.id)
    const res = await api(teamsPath(world, `/${team.id}`), {
      method: 'DELETE',
      token: world.admin.token,
    })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({})
    expectError(await api(teamsPath(world, `/${team.id}`), { token: world.admin.token }), 404)
    expect(await teamMemberIds(team.id)).toEqual([])
    expect(
      await scalar('select count(*) from conversations where id = ? and team_id is null', onTeam),
    ).toBe(1)
    expect(await scalar('select team_id from conversations where id = ?', onKept)).toBe(kept.id)
  })

  it('adds, replaces, lists and removes team members', async () => {
    const world = await createWorld()
    const team = await createTeam(world)
    const third = await addMember(world.accountId)
    const path = membersPath(world, team.id)
    const added = await api(path, {
      token: world.admin.token,
      body: { user_ids: [world.agent.id] },
    })
    expect(added.status).toBe(200)
    expect(added.json).toEqual([
      expect.objectContaining({ id: world.agent.id, email: world.agent.email, role: 'agent' }),
    ])
    const more = await api(path, {
      token: world.admin.token,
      body: { user_ids: [world.agent.id, third.id, third.id] },
    })
    expect(ids(more.json)).toEqual(sorted([world.agent.id, third.id]))
    const listed = await api(path, { token: world.agent.token })
    expect(ids(listed.json)).toEqual(sorted([world.agent.id, third.id]))
    const replaced = await api(path, {
      method: 'PATCH',
      token: world.admin.token,
      body: { user_ids: [world.admin.id, third.id] },
    })
    expect(ids(replaced.json)).toEqual(sorted([world.admin.id, third.id]))
    expect(await teamMemberIds(team.id)).toEqual(sorted([world.admin.id, third.id]))
    const removed = await api(path, {
      method: 'DELETE',
      token: world.admin.token,
      body: { user_ids: [third.id] },
    })
    expect(removed.status).toBe(200)
    expect(ids(removed.json)).toEqual([world.admin.id])
    const emptied = await api(path, {
      method: 'PATCH',
      token: world.admin.token,
      body: { user_ids: [] },
    })
    expect(emptied.json).toEqual([])
  })

  it('replaces a set of 100 team members in chunks under the bound-parameter limit', async () => {
    const world = await createWorld()
    const team = await createTeam(world)
    const bulk = await insertAgents(world.accountId, 110)
    const path = membersPath(world, team.id)
    const first = await api(path, {
      method: 'PATCH',
      token: world.admin.token,
      body: { user_ids: bulk.slice(0, 100) },
    })
    expect(first.json).toHaveLength(100)
    const next = bulk.slice(10, 110)
    const swapped = await api(path, {
      method: 'PATCH',
      token: world.admin.token,
      body: { user_ids: next },
    })
    expect(swapped.status).toBe(200)
    expect(await teamMemberIds(team.id)).toEqual(sorted(next))
    const removed = await api(path, {
      method: 'DELETE',
      token: world.admin.token,
      body: { user_ids: next },
    })
    expect(removed.json).toEqual([])
  })

  it('refuses users outside the account and malformed user_ids with 422', async () => {
    const world = await createWorld()
    const other = await createWorld()
    const team = await createTeam(world)
    const path = membersPath(world, team.id)
    await api(path, { token: world.admin.token, body: { user_ids: [world.admin.id] } })
    for (const method of ['POST', 'PATCH', 'DELETE'] as const) {
      const res = await api(path, {
        method,
        token: world.admin.token,
        body: { user_ids: [other.agent.id, 123_456_789] },
      })
      expectError(res, 422, 'validation_failed')
      expect(res.json.errors[0].field).toBe('user_ids')
      expect(res.json.message).toContain(String(other.agent.id))
      expect(res.text).not.toContain(other.agent.email)
      for (const body of [{}, { user_ids: 'x' }, { user_ids: [0] }, { user_ids: ['2'] }]) {
        const bad = await api(path, { method, token: world.admin.token, body })
        expectError(bad, 422, 'validation_failed')
        expect(bad.json.errors[0].field.startsWith('user_ids')).toBe(true)
      }
    }
    for (const method of ['POST', 'DELETE'] as const) {
      expectError(
        await api(path, { method, token: world.admin.token, body: { user_ids: [] } }),
        422,
      )
    }
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1)
    expectError(
      await api(path, { method: 'PATCH', token: world.admin.token, body: { user_ids: tooMany } }),
      422,
    )
    expect(await teamMemberIds(team.id)).toEqual([world.admin.id])
  })

  it('refuses every write from agents with 403 and changes nothing', async () => {
    const world = await createWorld()
    const team = await createTeam(world, { name: 'core' })
    const token = world.agent.token
    expectError(await api(teamsPath(world), { token, body: { name: 'mine' } }), 403, 'forbidden')
    expectError(
      await api(teamsPath(world, `/${team.id}`), { method: 'PATCH', token, body: { name: 'x' } }),
      403,
    )
    expectError(await api(teamsPath(world, `/${team.id}`), { method: 'DELETE', token }), 403)
    for (const method of ['POST', 'PATCH', 'DELETE'] as const) {
      const res = await api(membersPath(world, team.id), {
        method,
        token,
        body: { user_ids: [world.agent.id] },
      })
      expectError(res, 403, 'forbidden')
    }
    const list = (await api(teamsPath(world), { token: world.admin.token })).json
    expect(list.map((t: { name: string }) => t.name)).toEqual(['core'])
    expect(await teamMemberIds(team.id)).toEqual([])
  })

  it("answers 404 for another account's team ids, and foreign tokens get 403", async () => {
    const world = await createWorld()
    const other = await createWorld()
    const team = await createTeam(world, { name: 'secret-team' })
    const conversation = await insertConversation(
      world.accountId,
      await createInbox(world),
      team.id,
    )
    await api(membersPath(world, team.id), {
      token: world.admin.token,
      body: { user_ids: [world.agent.id] },
    })
    const requests = (w: World, id: number) =>
      [
        ['GET', teamsPath(w, `/${id}`), undefined],
        ['PATCH', teamsPath(w, `/${id}`), { name: 'stolen' }],
        ['DELETE', teamsPath(w, `/${id}`), undefined],
        ['GET', membersPath(w, id), undefined],
        ['POST', membersPath(w, id), { user_ids: [other.agent.id] }],
        ['PATCH', membersPath(w, id), { user_ids: [other.agent.id] }],
        ['DELETE', membersPath(w, id), { user_ids: [world.agent.id] }],
      ] as const
    for (const id of [team.id, 999_999_999]) {
      for (const [method, path, body] of requests(other, id)) {
        const res = await api(path, { method, token: other.admin.token, body })
        expectError(res, 404, 'not_found')
        expect(res.text).not.toContain('secret-team')
        expect(res.text).not.toContain(world.agent.email)
      }
    }
    for (const token of [other.admin.token, other.agent.token]) {
      for (const [method, path, body] of requests(world, team.id)) {
        const res = await api(path, { method, token, body })
        expectError(res, 403)
        expect(res.text).not.toContain('secret-team')
      }
      expectError(await api(teamsPath(world), { token }), 403)
      expectError(await api(teamsPath(world), { token, body: { name: 'x' } }), 403)
    }
    const shown = await api(teamsPath(world, `/${team.id}`), { token: world.admin.token })
    expect(shown.json.name).toBe('secret-team')
    expect(await teamMemberIds(team.id)).toEqual([world.agent.id])
    expect(await scalar('select team_id from conversations where id = ?', conversation)).toBe(
      team.id,
    )
  })

  it('requires a token', async () => {
    const world = await createWorld()
    expectError(await api(teamsPath(world)), 401, 'unauthorized')
  })
})

import { describe, expect, it } from 'vitest'
import { createDb } from '../../../worker/db/client'
import { listInboxMemberIds } from '../../../worker/db/queries/inbox-members'
import { accountDb, api, createWorld, expectError, type World } from '../helpers'
import {
  accountPath,
  addMember,
  column,
  createInbox,
  ids,
  insertAgents,
  sorted,
} from '../members-helpers'

const membersPath = (world: World) => accountPath(world, '/inbox_members')

async function write(
  world: World,
  method: 'POST' | 'PATCH' | 'DELETE',
  body: Record<string, unknown> | string,
  token = world.admin.token,
) {
  return api(membersPath(world), { method, token, body })
}

const memberIds = (inboxId: number) =>
  column('select user_id from inbox_members where inbox_id = ? order by user_id', inboxId)

describe('inbox members', () => {
  it('adds agents and returns every current member as agent JSON', async () => {
    const world = await createWorld()
    const inbox = await createInbox(world)
    const second = await addMember(world.accountId)
    const first = await write(world, 'POST', { inbox_id: inbox, user_ids: [world.agent.id] })
    expect(first.status).toBe(200)
    expect(first.json.payload).toEqual([
      {
        id: world.agent.id,
        account_id: world.accountId,
        availability_status: 'offline',
        auto_offline: true,
        confirmed: true,
        email: world.agent.email,
        provider: 'email',
        available_name: 'Agent',
        name: 'Agent',
        role: 'agent',
        thumbnail: '',
      },
    ])
    // Already-members are skipped, duplicates ignored, and the answer lists everyone.
    const again = await write(world, 'POST', {
      inbox_id: inbox,
      user_ids: [world.agent.id, second.id, second.id, world.admin.id],
    })
    expect(ids(again.json.payload)).toEqual(sorted([world.agent.id, second.id, world.admin.id]))
    expect(await memberIds(inbox)).toEqual(sorted([world.agent.id, second.id, world.admin.id]))
    const shown = await api(`${membersPath(world)}/${inbox}`, { token: world.admin.token })
    expect(shown.status).toBe(200)
    expect(ids(shown.json.payload)).toEqual(sorted([world.agent.id, second.id, world.admin.id]))
  })

  it('accepts a body wrapped in inbox_member', async () => {
    const world = await createWorld()
    const inbox = await createInbox(world)
    const res = await write(world, 'POST', {
      inbox_member: { inbox_id: inbox, user_ids: [world.agent.id] },
    })
    expect(ids(res.json.payload)).toEqual([world.agent.id])
  })

  it('replaces the whole set with PATCH, and an empty list empties the inbox', async () => {
    const world = await createWorld()
    const inbox = await createInbox(world)
    const other = await addMember(world.accountId)
    await write(world, 'POST', { inbox_id: inbox, user_ids: [world.agent.id, world.admin.id] })
    const replaced = await write(world, 'PATCH', {
      inbox_id: inbox,
      user_ids: [other.id, world.agent.id],
    })
    expect(replaced.status).toBe(200)
    expect(ids(replaced.json.payload)).toEqual(sorted([other.id, world.agent.id]))
    expect(await memberIds(inbox)).toEqual(sorted([other.id, world.agent.id]))
    const emptied = await write(world, 'PATCH', { inbox_id: inbox, user_ids: [] })
    expect(emptied.json).toEqual({ payload: [] })
    expect(await memberIds(inbox)).toEqual([])
  })

  it('replaces a set of 100 members in chunks under the bound-parameter limit', async () => {
    const world = await createWorld()
    const inbox = await createInbox(world)
    const bulk = await insertAgents(world.accountId, 110)
    const firstHundred = bulk.slice(0, 100)
    const res = await write(world, 'PATCH', { inbox_id: inbox, user_ids: firstHundred })
    expect(res.status).toBe(200)
    expect(res.json.payload).toHaveLength(100)
    const nextHundred = bulk.slice(10, 110)
    const swapped = await write(world, 'PATCH', { inbox_id: inbox, user_ids: nextHundred })
    expect(swapped.status).toBe(200)
    expect(await memberIds(inbox)).toEqual(sorted(nextHundred))
    const removed = await write(world, 'DELETE', { inbox_id: inbox, user_ids: nextHundred })
    expect(removed.status).toBe(200)
    expect(await memberIds(inbox)).toEqual([])
  })

  it('removes the listed agents with DELETE and answers {}', async () => {
    const world = await createWorld()
    const inbox = await createInbox(world)
    await write(world, 'POST', { inbox_id: inbox, user_ids: [world.agent.id, world.admin.id] })
    const res = await write(world, 'DELETE', { inbox_id: inbox, user_ids: [world.agent.id] })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({})
    expect(await memberIds(inbox)).toEqual([world.admin.id])
  })

  it('exports listInboxMemberIds for other parts of the worker', async () => {
    const world = await createWorld()
    const inbox = await createInbox(world)
    const db = createDb(await accountDb(world.accountId))
    expect(await listInboxMemberIds(db, inbox)).toEqual([])
    await write(world, 'POST', { inbox_id: inbox, user_ids: [world.agent.id, world.admin.id] })
    expect(await listInboxMemberIds(db, inbox)).toEqual(sorted([world.agent.id, world.admin.id]))
  })

  it('lets agents read only the inboxes they belong to; administrators read any', async () => {
    const world = await createWorld()
    const mine = await createInbox(world, 'Mine')
    const notMine = await createInbox(world, 'Not mine')
    await write(world, 'POST', { inbox_id: mine, user_ids: [world.agent.id] })
    const own = await api(`${membersPath(world)}/${mine}`, { token: world.agent.token })
    expect(ids(own.json.payload)).toEqual([world.agent.id])
    const refused = await api(`${membersPath(world)}/${notMine}`, { token: world.agent.token })
    expectError(refused, 403, 'forbidden')
    const admin = await api(`${membersPath(world)}/${notMine}`, { token: world.admin.token })
    expect(admin.json).toEqual({ payload: [] })
  })

  it('refuses every write from an agent with 403 and changes nothing', async () => {
    const world = await createWorld()
    const inbox = await createInbox(world)
    await write(world, 'POST', { inbox_id: inbox, user_ids: [world.admin.id] })
    for (const method of ['POST', 'PATCH', 'DELETE'] as const) {
      const body = { inbox_id: inbox, user_ids: [world.agent.id] }
      expectError(await write(world, method, body, world.agent.token), 403, 'forbidden')
      // Even a malformed body gets 403, not a validation message.
      expectError(await write(world, method, { user_ids: 'x' }, world.agent.token), 403)
    }
    expect(await memberIds(inbox)).toEqual([world.admin.id])
  })

  it('answers 404 for an unknown inbox and for an inbox of another account', async () => {
    const world = await createWorld()
    const other = await createWorld()
    const foreignInbox = await createInbox(other)
    await api(membersPath(other), {
      token: other.admin.token,
      body: { inbox_id: foreignInbox, user_ids: [other.agent.id] },
    })
    for (const inboxId of [foreignInbox, 999_999_999]) {
      const shown = await api(`${membersPath(world)}/${inboxId}`, { token: world.admin.token })
      expectError(shown, 404, 'not_found')
      expect(shown.text).not.toContain(other.agent.email)
      for (const method of ['POST', 'PATCH', 'DELETE'] as const) {
        const res = await write(world, method, { inbox_id: inboxId, user_ids: [world.agent.id] })
        expectError(res, 404, 'not_found')
        expect(res.text).not.toContain(other.agent.email)
      }
    }
    expect(await memberIds(foreignInbox)).toEqual([other.agent.id])
    expectError(await api(`${membersPath(world)}/abc`, { token: world.admin.token }), 404)
  })

  it("gives another account's administrator and agent 403 on this account's paths", async () => {
    const world = await createWorld()
    const other = await createWorld()
    const inbox = await createInbox(world)
    await write(world, 'POST', { inbox_id: inbox, user_ids: [world.agent.id] })
    for (const token of [other.admin.token, other.agent.token]) {
      const shown = await api(`${membersPath(world)}/${inbox}`, { token })
      expectError(shown, 403)
      expect(shown.text).not.toContain(world.agent.email)
      for (const method of ['POST', 'PATCH', 'DELETE'] as const) {
        const res = await write(
          world,
          method,
          { inbox_id: inbox, user_ids: [other.agent.id] },
          token,
        )
        expectError(res, 403)
      }
    }
    expect(await memberIds(inbox)).toEqual([world.agent.id])
  })

  it('refuses unknown users and users of another account with 422 naming user_ids', async () => {
    const world = await createWorld()
    const other = await createWorld()
    const inbox = await createInbox(world)
    await write(world, 'POST', { inbox_id: inbox, user_ids: [world.admin.id] })
    for (const method of ['POST', 'PATCH', 'DELETE'] as const) {
      const res = await write(world, method, {
        inbox_id: inbox,
        user_ids: [world.agent.id, other.agent.id, 987_654_321],
      })
      expectError(res, 422, 'validation_failed')
      expect(res.json.errors).toEqual([
        expect.objectContaining({ field: 'user_ids', code: 'not_found' }),
      ])
      expect(res.json.message).toContain(String(other.agent.id))
      expect(res.json.message).toContain('987654321')
      expect(res.json.message).not.toContain(String(world.agent.id))
      expect(res.text).not.toContain(other.agent.email)
    }
    expect(await memberIds(inbox)).toEqual([world.admin.id])
  })

  it('refuses missing or malformed user_ids and inbox_id with 422, never 500', async () => {
    const world = await createWorld()
    const inbox = await createInbox(world)
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1)
    const bad: [string, Record<string, unknown>, ('POST' | 'PATCH' | 'DELETE')[]][] = [
      ['user_ids', { inbox_id: inbox }, ['POST', 'PATCH', 'DELETE']],
      ['user_ids', { inbox_id: inbox, user_ids: null }, ['POST', 'PATCH', 'DELETE']],
      ['user_ids', { inbox_id: inbox, user_ids: 5 }, ['POST', 'PATCH', 'DELETE']],
      ['user_ids', { inbox_id: inbox, user_ids: ['1'] }, ['POST', 'PATCH', 'DELETE']],
      ['user_ids', { inbox_id: inbox, user_ids: [0] }, ['POST', 'PATCH', 'DELETE']],
      ['user_ids', { inbox_id: inbox, user_ids: [-3] }, ['POST', 'PATCH', 'DELETE']],
      ['user_ids', { inbox_id: inbox, user_ids: [1.5] }, ['POST', 'PATCH', 'DELETE']],
      ['user_ids', { inbox_id: inbox, user_ids: [{}] }, ['POST', 'PATCH', 'DELETE']],
      ['user_ids', { inbox_id: inbox, user_ids: [] }, ['POST', 'DELETE']],
      ['user_ids', { inbox_id: inbox, user_ids: tooMany }, ['POST', 'PATCH', 'DELETE']],
      ['inbox_id', { user_ids: [world.agent.id] }, ['POST', 'PATCH', 'DELETE']],
      ['inbox_id', { inbox_id: 'one', user_ids: [world.agent.id] }, ['POST', 'PATCH', 'DELETE']],
      ['inbox_id', { inbox_id: -1, user_ids: [world.agent.id] }, ['POST', 'PATCH', 'DELETE']],
    ]
    for (const [field, body, methods] of bad) {
      for (const method of methods) {
        const res = await write(world, method, body)
        expectError(res, 422, 'validation_failed')
        expect(res.json.errors[0].field.startsWith(field)).toBe(true)
      }
    }
    expect(await memberIds(inbox)).toEqual([])
    expectError(await write(world, 'POST', '{"inbox_id":'), 400, 'bad_request')
  })

  it('requires a token', async () => {
    const world = await createWorld()
    const inbox = await createInbox(world)
    expectError(await api(`${membersPath(world)}/${inbox}`), 401, 'unauthorized')
    const res = await api(membersPath(world), { body: { inbox_id: inbox, user_ids: [1] } })
    expectError(res, 401, 'unauthorized')
  })
})

import { describe, expect, it } from 'vitest'
import {
  accountPath,
  addInboxMember,
  conversationPath,
  conversationsPath,
  createInbox,
  insertContact,
  insertTeam,
  postMessage,
} from '../conversation-helpers'
import { accountDb, api, createWorld, expectError, type World } from '../helpers'

/**
 * Six conversations: inbox A (the agent is a member) and inbox B (it is not).
 *   1 A open unassigned          2 A open → agent, label vip
 *   3 A resolved → admin, "refund please"   4 B open → admin, team, label billing
 *   5 B pending                  6 A snoozed
 * Activity grows with the display id, so the default order is 6, 5, 4, 3, 2, 1.
 */
async function listWorld() {
  const world = await createWorld()
  const inboxA = await createInbox(world)
  const inboxB = await createInbox(world)
  await addInboxMember(world, inboxA.id, world.agent.id)
  const team = await insertTeam(world.accountId, 'billing-team')
  const contactId = await insertContact(world.accountId)
  const create = async (body: Record<string, unknown>) => {
    const res = await api(conversationsPath(world), {
      token: world.admin.token,
      body: { contact_id: contactId, ...body },
    })
    if (res.status !== 200) throw new Error(res.text)
    return res.json.id as number
  }
  await create({ inbox_id: inboxA.id })
  await create({ inbox_id: inboxA.id, assignee_id: world.agent.id })
  await create({ inbox_id: inboxA.id, assignee_id: world.admin.id })
  await create({ inbox_id: inboxB.id, assignee_id: world.admin.id, team_id: team.id })
  await create({ inbox_id: inboxB.id, status: 'pending' })
  await create({ inbox_id: inboxA.id, status: 'snoozed' })
  await postMessage(world, 3, { content: 'I want a REFUND please', message_type: 'incoming' })
  await postMessage(world, 3, { content: 'refund noted', private: true })
  await api(`${conversationPath(world, 3)}/toggle_status`, {
    token: world.admin.token,
    body: { status: 'resolved' },
  })
  await api(`${conversationPath(world, 2)}/labels`, {
    token: world.admin.token,
    body: { labels: ['vip'] },
  })
  await api(`${conversationPath(world, 4)}/labels`, {
    token: world.admin.token,
    body: { labels: ['billing'] },
  })
  await (await accountDb(world.accountId))
    .prepare(
      'update conversations set last_activity_at = 1700000000 + display_id, created_at = 1700000000 + display_id where account_id = ?',
    )
    .bind(world.accountId)
    .run()
  return { world, inboxA, inboxB, team, contactId }
}

async function list(world: World, query = '', token = world.admin.token) {
  const res = await api(`${conversationsPath(world)}${query}`, { token })
  expect(res.status).toBe(200)
  return {
    ids: res.json.data.payload.map((c: { id: number }) => c.id) as number[],
    meta: res.json.data.meta,
    payload: res.json.data.payload,
  }
}

describe('GET /conversations', () => {
  it('lists open conversations by latest activity with counts before the assignee filter', async () => {
    const { world } = await listWorld()
    const all = await list(world)
    expect(all.ids).toEqual([4, 2, 1])
    expect(all.meta).toEqual({
      mine_count: 1,
      assigned_count: 2,
      unassigned_count: 1,
      all_count: 3,
    })
    expect(all.payload[0]).toMatchObject({
      id: 4,
      labels: ['billing'],
      meta: { team: { name: 'billing-team' } },
    })

    for (const [type, ids] of [
      ['me', [4]],
      ['unassigned', [1]],
      ['assigned', [4, 2]],
      ['all', [4, 2, 1]],
    ] as const) {
      const filtered = await list(world, `?assignee_type=${type}`)
      expect(filtered.ids).toEqual(ids)
      expect(filtered.meta).toEqual(all.meta)
    }
    const agentMine = await list(world, '?assignee_type=me', world.agent.token)
    expect(agentMine.ids).toEqual([2])
  })

  it('filters by status, inbox, team, labels and message search', async () => {
    const { world, inboxB, team } = await listWorld()
    expect((await list(world, '?status=resolved')).ids).toEqual([3])
    expect((await list(world, '?status=pending')).ids).toEqual([5])
    expect((await list(world, '?status=snoozed')).ids).toEqual([6])
    const everything = await list(world, '?status=all')
    expect(everything.ids).toEqual([6, 5, 4, 3, 2, 1])
    expect(everything.meta).toEqual({
      mine_count: 2,
      assigned_count: 3,
      unassigned_count: 3,
      all_count: 6,
    })
    expect((await list(world, `?inbox_id=${inboxB.id}&status=all`)).ids).toEqual([5, 4])
    expect((await list(world, `?team_id=${team.id}`)).ids).toEqual([4])
    expect((await list(world, '?labels[]=vip')).ids).toEqual([2])
    const both = await list(world, '?labels[]=vip&labels[]=billing')
    expect(both.ids).toEqual([4, 2])
    expect(both.meta.all_count).toBe(2)
    expect((await list(world, '?labels=billing')).ids).toEqual([4])
    // q matches incoming and outgoing message content, case-insensitively, and skips the status
    // filter: conversation 3 is resolved.
    const found = await list(world, '?q=refund')
    expect(found.ids).toEqual([3])
    expect(found.meta.all_count).toBe(1)
    expect((await list(world, '?q=nothing-like-this')).ids).toEqual([])
    expect((await list(world, '?q=100%25')).ids).toEqual([])
  })

  it('404s an unknown or foreign team and 422s bad filters', async () => {
    const { world } = await listWorld()
    const other = await createWorld()
    const foreignTeam = await insertTeam(other.accountId)
    expectError(
      await api(`${conversationsPath(world)}?team_id=999999`, { token: world.admin.token }),
      404,
    )
    expectError(
      await api(`${conversationsPath(world)}?team_id=${foreignTeam.id}`, {
        token: world.admin.token,
      }),
      404,
    )
    for (const query of ['?status=closed', '?assignee_type=them', '?sort_by=random', '?page=0']) {
      expectError(
        await api(`${conversationsPath(world)}${query}`, { token: world.admin.token }),
        422,
      )
    }
  })

  it('sorts by activity, creation, priority and waiting time, including legacy names', async () => {
    const { world } = await listWorld()
    await api(`${conversationPath(world, 1)}/toggle_priority`, {
      token: world.admin.token,
      body: { priority: 'urgent' },
    })
    await api(`${conversationPath(world, 4)}/toggle_priority`, {
      token: world.admin.token,
      body: { priority: 'low' },
    })
    await (await accountDb(world.accountId))
      .prepare(
        'update conversations set last_activity_at = 1700000000 + display_id, waiting_since = case display_id when 1 then 50 when 2 then 10 else null end where account_id = ?',
      )
      .bind(world.accountId)
      .run()
    const order = async (sort: string) => (await list(world, `?sort_by=${sort}`)).ids
    expect(await order('last_activity_at_desc')).toEqual([4, 2, 1])
    expect(await order('latest')).toEqual([4, 2, 1])
    expect(await order('last_activity_at_asc')).toEqual([1, 2, 4])
    expect(await order('created_at_asc')).toEqual([1, 2, 4])
    expect(await order('sort_on_created_at')).toEqual([1, 2, 4])
    expect(await order('created_at_desc')).toEqual([4, 2, 1])
    expect(await order('priority_desc')).toEqual([1, 4, 2])
    expect(await order('sort_on_priority')).toEqual([1, 4, 2])
    expect(await order('priority_asc')).toEqual([4, 1, 2])
    expect(await order('waiting_since_asc')).toEqual([2, 1, 4])
    expect(await order('sort_on_waiting_since')).toEqual([2, 1, 4])
    expect(await order('waiting_since_desc')).toEqual([1, 2, 4])
  })

  it('shows agents only the conversations of their inboxes', async () => {
    const { world, inboxB } = await listWorld()
    const agent = await list(world, '?status=all', world.agent.token)
    expect(agent.ids).toEqual([6, 3, 2, 1])
    const open = await list(world, '', world.agent.token)
    expect(open.meta).toEqual({
      mine_count: 1,
      assigned_count: 1,
      unassigned_count: 1,
      all_count: 2,
    })
    const foreignInbox = await list(world, `?inbox_id=${inboxB.id}`, world.agent.token)
    expect(foreignInbox.ids).toEqual([])
  })

  it('pages 25 at a time, with exact counts however few are assigned', async () => {
    const world = await createWorld()
    const inbox = await createInbox(world)
    const contactId = await insertContact(world.accountId)
    for (let i = 0; i < 27; i++) {
      await api(conversationsPath(world), {
        token: world.admin.token,
        body: { inbox_id: inbox.id, contact_id: contactId },
      })
    }
    await (await accountDb(world.accountId))
      .prepare(
        'update conversations set last_activity_at = 1700000000 + display_id where account_id = ?',
      )
      .bind(world.accountId)
      .run()
    const first = await list(world)
    expect(first.ids).toHaveLength(25)
    expect(first.ids[0]).toBe(27)
    expect(first.meta).toEqual({
      mine_count: 0,
      assigned_count: 0,
      unassigned_count: 27,
      all_count: 27,
      // A full page says where the next one starts (test/worker/routes/conversations-cursor.test.ts).
      next_cursor: expect.any(String),
    })
    expect((await list(world, '?page=2')).ids).toEqual([2, 1])
    expect((await list(world, '?page=3')).ids).toEqual([])

    // Few assigned among many: the counts walk the assignee index, and must still be exact.
    for (const displayId of [1, 2]) {
      await api(`${conversationPath(world, displayId)}/assignments`, {
        token: world.admin.token,
        body: { assignee_id: world.admin.id },
      })
    }
    await api(`${conversationPath(world, 2)}/toggle_status`, {
      token: world.admin.token,
      body: { status: 'resolved' },
    })
    expect((await list(world)).meta).toEqual({
      mine_count: 1,
      assigned_count: 1,
      unassigned_count: 25,
      all_count: 26,
      next_cursor: expect.any(String),
    })
    expect((await list(world, '?status=all')).meta).toEqual({
      mine_count: 2,
      assigned_count: 2,
      unassigned_count: 25,
      all_count: 27,
      next_cursor: expect.any(String),
    })
    expect((await list(world, '?status=all', world.agent.token)).meta.all_count).toBe(0)
  })

  it('carries the last message and unread count of each conversation', async () => {
    const { world } = await listWorld()
    await postMessage(world, 1, { content: 'hello there', message_type: 'incoming' })
    await (await accountDb(world.accountId))
      .prepare(
        'update conversations set last_activity_at = 1800000000 where account_id = ? and display_id = 1',
      )
      .bind(world.accountId)
      .run()
    const { payload } = await list(world)
    expect(payload[0]).toMatchObject({
      id: 1,
      unread_count: 1,
      messages: [{ content: 'hello there', message_type: 0, conversation_id: 1 }],
      last_non_activity_message: { content: 'hello there' },
    })
    expect(payload[0].messages[0].conversation).toMatchObject({
      assignee_id: null,
      unread_count: 1,
      contact_inbox: { source_id: expect.any(String) },
    })
  })

  it('shows the newest message, the newest said before a later activity line, and unread incoming up to ten', async () => {
    const { world } = await listWorld()
    const db = await accountDb(world.accountId)
    const conversation = await db
      .prepare('select id, inbox_id from conversations where account_id = ? and display_id = 1')
      .bind(world.accountId)
      .first<{ id: number; inbox_id: number }>()
    const insert = (type: number, content: string, at: number) =>
      db
        .prepare(
          'insert into messages (account_id, inbox_id, conversation_id, message_type, content, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)',
        )
        .bind(world.accountId, conversation!.inbox_id, conversation!.id, type, content, at, at)
        .run()
    for (let n = 1; n <= 12; n++) await insert(0, `incoming ${n}`, 1_700_000_000 + n)
    await insert(2, 'Conversation was marked resolved', 1_700_000_100)
    const seen = (at: number | null) =>
      db
        .prepare(
          'update conversations set agent_last_seen_at = ?, last_activity_at = 1800000000 where id = ?',
        )
        .bind(at, conversation!.id)
        .run()
    await seen(null)
    const first = (await list(world)).payload[0]
    expect(first).toMatchObject({
      id: 1,
      unread_count: 10,
      messages: [{ content: 'Conversation was marked resolved', message_type: 2 }],
      last_non_activity_message: { content: 'incoming 12', message_type: 0 },
    })
    await seen(1_700_000_011)
    expect((await list(world)).payload[0].unread_count).toBe(1)
    const details = await api(conversationPath(world, 1), { token: world.admin.token })
    expect(details.json).toMatchObject({
      unread_count: 1,
      last_non_activity_message: { content: 'incoming 12' },
    })
  })
})

describe('GET /conversations/meta', () => {
  it('answers the counts for the same filters', async () => {
    const { world, inboxB } = await listWorld()
    const res = await api(`${conversationsPath(world)}/meta`, { token: world.admin.token })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      meta: { mine_count: 1, assigned_count: 2, unassigned_count: 1, all_count: 3 },
    })
    const filtered = await api(
      `${conversationsPath(world)}/meta?inbox_id=${inboxB.id}&status=all`,
      {
        token: world.agent.token,
      },
    )
    expect(filtered.json.meta.all_count).toBe(0)
    expectError(
      await api(`${conversationsPath(world)}/meta?team_id=424242`, { token: world.admin.token }),
      404,
    )
  })
})

describe('GET /contacts/{contact_id}/conversations', () => {
  it("lists the contact's conversations the caller may see, latest activity first", async () => {
    const { world, contactId } = await listWorld()
    const path = `${accountPath(world)}/contacts/${contactId}/conversations`
    const admin = await api(path, { token: world.admin.token })
    expect(admin.status).toBe(200)
    expect(admin.json.payload.map((c: { id: number }) => c.id)).toEqual([6, 5, 4, 3, 2, 1])
    const agent = await api(path, { token: world.agent.token })
    expect(agent.json.payload.map((c: { id: number }) => c.id)).toEqual([6, 3, 2, 1])
    const lonely = await insertContact(world.accountId)
    const none = await api(`${accountPath(world)}/contacts/${lonely}/conversations`, {
      token: world.admin.token,
    })
    expect(none.json).toEqual({ payload: [] })
  })

  it('404s an unknown contact or one of another account', async () => {
    const { world } = await listWorld()
    const other = await createWorld()
    const foreign = await insertContact(other.accountId)
    for (const id of [999999, foreign]) {
      const res = await api(`${accountPath(world)}/contacts/${id}/conversations`, {
        token: world.admin.token,
      })
      expectError(res, 404)
      expect(res.json.payload).toBeUndefined()
    }
  })
})

import { describe, expect, it } from 'vitest'
import { COUNT_CAP } from '../../../worker/db/queries/conversation-counters'
import { SORTS } from '../../../worker/db/queries/conversations/sort-keys'
import {
  addInboxMember,
  conversationPath,
  conversationsPath,
  createInbox,
  insertContact,
} from '../conversation-helpers'
import { accountDb, api, createWorld, expectError, type World } from '../helpers'

// biome-ignore lint/suspicious/noExplicitAny: reads arbitrary JSON shapes
type Json = any

async function list(world: World, query: string, token = world.admin.token) {
  const res = await api(`${conversationsPath(world)}${query}`, { token })
  expect(res.status, res.text).toBe(200)
  return res.json.data as { meta: Json; payload: { id: number }[] }
}

/**
 * 70 open conversations over two inboxes with ties in every sort key: activity in steps of
 * three seconds (so three share each), a priority on two in three, a waiting time on half.
 */
async function tiedWorld() {
  const world = await createWorld()
  const inboxA = (await createInbox(world)).id
  const inboxB = (await createInbox(world)).id
  const contactId = await insertContact(world.accountId)
  const db = await accountDb(world.accountId)
  await db
    .prepare(
      `insert into conversations (account_id, display_id, uuid, inbox_id, contact_id, status, priority,
         assignee_id, assignee_type, waiting_since, last_activity_at, created_at)
       with recursive n(i) as (select 1 union all select i + 1 from n where i < 70)
       select ?1, i, 'cursor-' || ?1 || '-' || i, case when i % 2 = 0 then ?2 else ?3 end, ?4, 'open',
         case i % 3 when 0 then null when 1 then 'high' else 'low' end,
         case when i % 4 = 0 then ?5 end, case when i % 4 = 0 then 'User' end,
         case when i % 2 = 0 then 1700000000 + (i % 5) end,
         1700000000 + (i / 3) * 3, 1700000000 + (i / 2)
       from n`,
    )
    .bind(world.accountId, inboxA, inboxB, contactId, world.agent.id)
    .run()
  return { world, inboxA, inboxB }
}

describe('GET /conversations with cursor', () => {
  it('walks every sort by cursor through the same rows, in the same order, as page by page', async () => {
    const { world } = await tiedWorld()
    for (const sort of SORTS) {
      const byPage: number[] = []
      for (let page = 1; page <= 3; page++) {
        byPage.push(
          ...(await list(world, `?sort_by=${sort}&page=${page}`)).payload.map((c) => c.id),
        )
      }
      const byCursor: number[] = []
      let cursor: string | undefined
      for (let step = 0; step < 5; step++) {
        const query = `?sort_by=${sort}${cursor ? `&cursor=${cursor}` : ''}`
        const { meta, payload } = await list(world, query)
        byCursor.push(...payload.map((c) => c.id))
        cursor = meta.next_cursor
        if (!cursor) break
      }
      expect(byPage, sort).toHaveLength(70)
      expect(byCursor, sort).toEqual(byPage)
    }
  })

  it('keeps the filters and counts on a cursor page, and has no cursor on the last page', async () => {
    const { world } = await tiedWorld()
    const first = await list(world, '?assignee_type=unassigned')
    expect(first.payload).toHaveLength(25)
    const second = await list(world, `?assignee_type=unassigned&cursor=${first.meta.next_cursor}`)
    const third = await list(world, `?assignee_type=unassigned&cursor=${second.meta.next_cursor}`)
    expect(third.payload).toHaveLength(3)
    expect(third.meta.next_cursor).toBeUndefined()
    expect(third.meta).toEqual({
      mine_count: 0,
      assigned_count: 17,
      unassigned_count: 53,
      all_count: 70,
    })
    const ids = [...first.payload, ...second.payload, ...third.payload].map((c) => c.id)
    expect(new Set(ids).size).toBe(53)
  })

  it('refuses a cursor it did not make, or made for another sort, with 422', async () => {
    const { world } = await tiedWorld()
    const { meta } = await list(world, '')
    for (const cursor of ['nonsense', 'W10', `${meta.next_cursor}x`, 'e30']) {
      const res = await api(`${conversationsPath(world)}?cursor=${cursor}`, {
        token: world.admin.token,
      })
      expectError(res, 422, 'validation_failed')
    }
    const other = await api(
      `${conversationsPath(world)}?sort_by=created_at_asc&cursor=${meta.next_cursor}`,
      {
        token: world.admin.token,
      },
    )
    expectError(other, 422, 'validation_failed')
  })
})

describe('conversation counts', () => {
  it('stay exact for an agent of some inboxes through assignment and status changes', async () => {
    const { world, inboxA } = await tiedWorld()
    await addInboxMember(world, inboxA, world.agent.id)
    const meta = async (query: string, token: string) => {
      const res = await api(`${conversationsPath(world)}/meta${query}`, { token })
      expect(res.status, res.text).toBe(200)
      return res.json.meta
    }
    // Inbox A holds the even display ids: 35, of which 17 (multiples of 4) are the agent's.
    expect(await meta('', world.agent.token)).toEqual({
      mine_count: 17,
      assigned_count: 17,
      unassigned_count: 18,
      all_count: 35,
    })
    await api(`${conversationPath(world, 2)}/assignments`, {
      token: world.admin.token,
      body: { assignee_id: world.admin.id },
    })
    await api(`${conversationPath(world, 4)}/toggle_status`, {
      token: world.admin.token,
      body: { status: 'resolved' },
    })
    await api(`${conversationPath(world, 1)}/toggle_status`, {
      token: world.admin.token,
      body: { status: 'resolved' },
    })
    expect(await meta('', world.agent.token)).toEqual({
      mine_count: 16,
      assigned_count: 17,
      unassigned_count: 17,
      all_count: 34,
    })
    expect(await meta('', world.admin.token)).toEqual({
      mine_count: 1,
      assigned_count: 17,
      unassigned_count: 51,
      all_count: 68,
    })
    expect(await meta('?status=resolved', world.agent.token)).toEqual({
      mine_count: 1,
      assigned_count: 1,
      unassigned_count: 0,
      all_count: 1,
    })
    expect(await meta(`?inbox_id=${inboxA}&status=all`, world.admin.token)).toMatchObject({
      all_count: 35,
    })
  })

  it(`count filters the counters do not keep up to ${COUNT_CAP}, and say so past it`, async () => {
    const { world } = await tiedWorld()
    const db = await accountDb(world.accountId)
    const label = async (count: number) =>
      db
        .prepare(
          `insert or ignore into conversation_labels (account_id, conversation_id, label)
           select account_id, id, 'vip' from conversations where account_id = ? order by id limit ?`,
        )
        .bind(world.accountId, count)
        .run()
    await label(10)
    expect((await list(world, '?labels=vip')).meta).toEqual({
      mine_count: 0,
      assigned_count: 2,
      unassigned_count: 8,
      all_count: 10,
    })
    const contactId = await insertContact(world.accountId)
    const inbox = (await createInbox(world)).id
    await db
      .prepare(
        `insert into conversations (account_id, display_id, uuid, inbox_id, contact_id, status)
         with recursive n(i) as (select 1 union all select i + 1 from n where i < ${COUNT_CAP})
         select ?1, 100 + i, 'capped-' || ?1 || '-' || i, ?2, ?3, 'open' from n`,
      )
      .bind(world.accountId, inbox, contactId)
      .run()
    await label(COUNT_CAP + 70)
    const { meta } = await list(world, '?labels=vip')
    expect(meta.counts_capped).toBe(true)
    expect(meta.all_count).toBe(COUNT_CAP)
    // The counters serve the same list without the label: exact, however many.
    expect((await list(world, '')).meta).toEqual({
      mine_count: 0,
      assigned_count: 17,
      unassigned_count: COUNT_CAP + 53,
      all_count: COUNT_CAP + 70,
      next_cursor: expect.any(String),
    })
  })
})

import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { countingD1, type D1Counter } from '../../../bench/worker/d1-counter'
import { createApp } from '../../../worker/app'
import { shardBindings } from '../../../worker/db/shards'
import { contactsPath } from '../contacts-helpers'
import {
  addInboxMember,
  conversationsPath,
  createInbox,
  insertContact,
} from '../conversation-helpers'
import { accountDb, createWorld, type World } from '../helpers'

// biome-ignore lint/suspicious/noExplicitAny: reads arbitrary JSON shapes
type Json = any

const app = createApp()

/**
 * One request through the app, waiting for what it left running (the anchor it keeps), with the
 * rows its D1 statements read.
 */
async function get(path: string, token: string) {
  const counter: D1Counter = { trips: 0, rowsRead: 0 }
  const counted = {
    ...env,
    ...Object.fromEntries(
      shardBindings(env).map((binding, k) => [`SHARD_${k}`, countingD1(binding, counter)]),
    ),
  }
  const ctx = createExecutionContext()
  const res = await app.request(path, { headers: { api_access_token: token } }, counted, ctx)
  await waitOnExecutionContext(ctx)
  expect(res.status).toBe(200)
  const json: Json = await res.json()
  return { json, rowsRead: counter.rowsRead ?? 0 }
}

const conversationIds = (json: Json) => (json.data.payload as { id: number }[]).map((c) => c.id)
const contactIds = (json: Json) => (json.payload as { id: number }[]).map((c) => c.id)

/** 120 open conversations, half in each of two inboxes, each a second newer than the one before. */
async function conversationWorld() {
  const world = await createWorld()
  const inboxA = (await createInbox(world)).id
  const inboxB = (await createInbox(world)).id
  const contactId = await insertContact(world.accountId)
  await (await accountDb(world.accountId))
    .prepare(
      `insert into conversations (account_id, display_id, uuid, inbox_id, contact_id, status,
         last_activity_at, created_at)
       with recursive n(i) as (select 1 union all select i + 1 from n where i < 120)
       select ?1, i, 'anchor-' || ?1 || '-' || i, case when i % 2 = 0 then ?2 else ?3 end, ?4,
         'open', 1700000000 + i, 1700000000 + i
       from n`,
    )
    .bind(world.accountId, inboxA, inboxB, contactId)
    .run()
  return { world, inboxA }
}

/** Moves a conversation to the top of the list, as a new message would. */
async function touch(world: World, displayId: number) {
  await (await accountDb(world.accountId))
    .prepare(
      'update conversations set last_activity_at = 1800000000 where account_id = ? and display_id = ?',
    )
    .bind(world.accountId, displayId)
    .run()
}

describe('page by number after the page before', () => {
  it('starts where the page before ended, reading only its own rows', async () => {
    const { world } = await conversationWorld()
    const path = conversationsPath(world)
    const token = world.admin.token
    const cold = await get(`${path}?page=4`, token)
    const byPage: number[] = []
    const rows: number[] = []
    for (let page = 1; page <= 4; page++) {
      const { json, rowsRead } = await get(`${path}?page=${page}`, token)
      byPage.push(...conversationIds(json))
      rows.push(rowsRead)
    }
    // The same rows as counting to each page, and page 4 without walking pages 1 to 3.
    expect(byPage).toHaveLength(100)
    expect(new Set(byPage).size).toBe(100)
    expect(byPage.slice(75)).toEqual(conversationIds(cold.json))
    expect(rows[3]).toBeLessThan(cold.rowsRead - 50)
  })

  it('shows a conversation that moved up between two pages on neither twice', async () => {
    const { world } = await conversationWorld()
    const path = conversationsPath(world)
    const token = world.admin.token
    const first = conversationIds((await get(`${path}?page=1`, token)).json)
    // The newest of page 2 moves to the top: counted to, page 2 would start with page 1's last.
    const expected = conversationIds((await get(`${path}?page=2`, token)).json)
    await get(`${path}?page=1`, token)
    await touch(world, expected[0] as number)
    const second = conversationIds((await get(`${path}?page=2`, token)).json)
    expect(second.filter((id) => first.includes(id))).toEqual([])
    expect(second.slice(0, 24)).toEqual(expected.slice(1))
    expect(second).toHaveLength(25)
  })

  it("keeps each caller's and each filter's pages apart", async () => {
    const { world, inboxA } = await conversationWorld()
    await addInboxMember(world, inboxA, world.agent.id)
    const path = conversationsPath(world)
    // What the agent's page 2 is, counted to, before any page 1 was asked for.
    const agentCold = conversationIds((await get(`${path}?page=2`, world.agent.token)).json)
    const inboxCold = conversationIds(
      (await get(`${path}?page=2&inbox_id=${inboxA}`, world.admin.token)).json,
    )
    // The administrator's page 1 ends elsewhere in the list than the agent's.
    await get(`${path}?page=1`, world.admin.token)
    const agentSecond = conversationIds((await get(`${path}?page=2`, world.agent.token)).json)
    expect(agentSecond).toEqual(agentCold)
    const inboxSecond = conversationIds(
      (await get(`${path}?page=2&inbox_id=${inboxA}`, world.admin.token)).json,
    )
    expect(inboxSecond).toEqual(inboxCold)
  })

  it("writes a polled page's anchor again only when it moved", async () => {
    const { world } = await conversationWorld()
    const path = conversationsPath(world)
    const put = vi.spyOn(caches.default, 'put')
    try {
      await get(`${path}?page=1`, world.admin.token)
      await get(`${path}?page=1`, world.admin.token)
      expect(put).toHaveBeenCalledTimes(1)
      // The oldest conversation moves to the top: page 1 now ends one row later.
      await touch(world, 1)
      await get(`${path}?page=1`, world.admin.token)
      expect(put).toHaveBeenCalledTimes(2)
    } finally {
      put.mockRestore()
    }
  })

  it('pages contacts by number from the page before too', async () => {
    const world = await createWorld()
    await (await accountDb(world.accountId))
      .prepare(
        `insert into contacts (account_id, name, email, last_activity_at)
         with recursive n(i) as (select 1 union all select i + 1 from n where i < 80)
         select ?1, 'Anchor ' || i, 'anchor' || i || '@example.com', 1700000000 + i from n`,
      )
      .bind(world.accountId)
      .run()
    const path = contactsPath(world)
    const token = world.admin.token
    const cold = await get(`${path}?page=4`, token)
    const byPage: number[] = []
    let last = 0
    for (let page = 1; page <= 4; page++) {
      const { json, rowsRead } = await get(`${path}?page=${page}`, token)
      byPage.push(...contactIds(json))
      last = rowsRead
      expect(json.meta).toMatchObject({ count: 80, current_page: page })
    }
    expect(new Set(byPage).size).toBe(60)
    expect(byPage.slice(45)).toEqual(contactIds(cold.json))
    expect(last).toBeLessThan(cold.rowsRead - 30)
  })
})

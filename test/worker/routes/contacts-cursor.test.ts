import { describe, expect, it } from 'vitest'
import { CONTACT_SORT_KEYS } from '../../../worker/db/queries/contact-sort'
import { encodePageCursor } from '../../../worker/lib/page-cursor'
import { contactsPath } from '../contacts-helpers'
import { accountDb, api, createWorld, expectError, type World } from '../helpers'

// biome-ignore lint/suspicious/noExplicitAny: reads arbitrary JSON shapes
type Json = any

async function list(world: World, query: string) {
  const res = await api(`${contactsPath(world)}${query}`, { token: world.admin.token })
  expect(res.status, res.text).toBe(200)
  return res.json as { meta: Json; payload: { id: number }[] }
}

/**
 * 40 contacts with ties and nulls in every sort key: four names, an email on two in three (a
 * phone number on the rest, so all are listed), a company on half (text, a number or a
 * boolean), a city on a third, activity in steps shared by three and missing on a quarter.
 */
async function tiedWorld() {
  const world = await createWorld()
  const db = await accountDb(world.accountId)
  await db
    .prepare(
      `insert into contacts (account_id, name, email, phone_number, additional_attributes,
         last_activity_at, created_at)
       with recursive n(i) as (select 1 union all select i + 1 from n where i < 40)
       select ?1, 'Name ' || (i % 4),
         case when i % 3 <> 0 then 'c' || (i % 7) || '-' || i || '@example.com' end,
         case when i % 3 = 0 then '+1555000' || printf('%04d', i) end,
         case i % 6
           when 0 then json_object('company_name', 'Acme ' || (i % 4), 'city', 'Oslo')
           when 1 then json_object('company_name', i % 2)
           when 2 then json_object('company_name', json('true'))
           when 3 then json_object('city', 'Lima')
           else '{}' end,
         case when i % 4 <> 0 then 1700000000 + (i / 3) * 3 end,
         1700000000 + (i / 2)
       from n`,
    )
    .bind(world.accountId)
    .run()
  return world
}

const SORTS = CONTACT_SORT_KEYS.flatMap((key) => [key, `-${key}`])

describe('GET /contacts with cursor', () => {
  it('walks every sort by cursor through the same contacts, in the same order, as page by page', async () => {
    const world = await tiedWorld()
    for (const sort of SORTS) {
      const byPage: number[] = []
      for (let page = 1; page <= 3; page++) {
        byPage.push(...(await list(world, `?sort=${sort}&page=${page}`)).payload.map((c) => c.id))
      }
      const byCursor: number[] = []
      let cursor: string | undefined
      for (let step = 0; step < 5; step++) {
        const query = `?sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`
        const { meta, payload } = await list(world, query)
        byCursor.push(...payload.map((c) => c.id))
        expect(meta.count, sort).toBe(40)
        cursor = meta.next_cursor
        if (!cursor) break
      }
      expect(byPage, sort).toHaveLength(40)
      expect(byCursor, sort).toEqual(byPage)
    }
  })

  it('carries a name with any characters in its cursor', async () => {
    const world = await createWorld()
    const db = await accountDb(world.accountId)
    await db
      .prepare(
        `insert into contacts (account_id, name, email)
         with recursive n(i) as (select 1 union all select i + 1 from n where i < 20)
         select ?1, 'Zoë 日本 "quoted" ' || (i % 2), 'n' || i || '@example.com' from n`,
      )
      .bind(world.accountId)
      .run()
    const first = await list(world, '?sort=name')
    const second = await list(world, `?sort=name&cursor=${first.meta.next_cursor}`)
    const all = [...first.payload, ...second.payload].map((c) => c.id)
    expect(new Set(all).size).toBe(20)
  })

  it('has no next_cursor on a page that is not full', async () => {
    const world = await tiedWorld()
    const last = await list(world, '?page=3')
    expect(last.payload).toHaveLength(10)
    expect(last.meta.next_cursor).toBeUndefined()
  })

  it("refuses a cursor that is not one, or another sort's, at the field", async () => {
    const world = await tiedWorld()
    const { meta } = await list(world, '?sort=name')
    const refused = async (query: string) => {
      const res = await api(`${contactsPath(world)}${query}`, { token: world.admin.token })
      expectError(res, 422, 'validation_failed')
      expect(res.json.errors[0].field).toBe('cursor')
    }
    await refused(`?sort=email&cursor=${meta.next_cursor}`)
    await refused(`?sort=-name&cursor=${meta.next_cursor}`)
    await refused('?cursor=not-a-cursor')
    await refused(`?sort=name&cursor=${encodePageCursor({ sort: 'name', values: ['a'] })}`)
    await refused(`?sort=name&cursor=${encodePageCursor({ sort: 'name', values: ['a', 1.5] })}`)
  })
})

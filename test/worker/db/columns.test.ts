import { env } from 'cloudflare:test'
import { eq, getTableColumns, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ALL_READ_LAYERS, createDb } from '../../../worker/db/client'
import { packedField, packedListSubquery, packedSubquery } from '../../../worker/db/columns'
import { contacts, teams } from '../../../worker/db/schema'
import { accountDb, api, createWorld } from '../helpers'

describe('packed columns', () => {
  it('decode to the row a plain select of the same columns gives, JSON and booleans included', async () => {
    const world = await createWorld()
    const res = await api(`/api/v1/accounts/${world.accountId}/contacts`, {
      token: world.admin.token,
      body: {
        name: 'Packed "Quote" Ünïcode',
        email: 'packed@example.com',
        additional_attributes: { city: 'Oslo', nested: { list: [1, 'two', null] } },
      },
    })
    expect(res.status).toBe(200)
    const id = res.json.payload.contact.id as number
    const binding = await accountDb(world.accountId)
    await binding.prepare('update contacts set blocked = 1 where id = ?').bind(id).run()
    const db = createDb(binding)
    const keys = Object.keys(getTableColumns(contacts)) as (keyof typeof contacts.$inferSelect)[]
    const [plain] = await db.select().from(contacts).where(eq(contacts.id, id))
    const [[packed]] = await db.batch([
      db
        .select({ contact: packedField(db, contacts, 'ct', keys) })
        .from(contacts)
        .where(eq(contacts.id, id)),
    ])
    expect(plain?.blocked).toBe(true)
    expect(packed?.contact).toEqual(plain)
  })

  it('are null for a left join or a subquery that found no row', async () => {
    const db = createDb(env.SHARD_0)
    const [row] = await db
      .select({
        team: packedField(db, teams, 'tm', ['id', 'name', 'allowAutoAssign']),
        none: packedSubquery(db, contacts, 'nobody', ['id', 'name'], sql`${contacts.id} = -1`),
      })
      .from(sql`(select 1)`)
      .leftJoin(teams, sql`0`)
    expect(row).toEqual({ team: null, none: null })
  })

  it('list every row a subquery finds in id order, or null when it finds none', async () => {
    const world = await createWorld()
    const names = ['Third', 'First', 'Second']
    const binding = await accountDb(world.accountId)
    for (const name of names) {
      await binding
        .prepare('insert into contacts (account_id, name, blocked) values (?, ?, 1)')
        .bind(world.accountId, name)
        .run()
    }
    const db = createDb(binding)
    const listOf = (accountId: number, alias: string) =>
      packedListSubquery(
        contacts,
        alias,
        ['id', 'name', 'blocked'],
        eq(contacts.accountId, accountId),
      )
    const [[row]] = await db.batch([
      db
        .select({ list: listOf(world.accountId, 'list'), none: listOf(-1, 'none') })
        .from(sql`(select 1)`),
    ])
    expect(row?.none).toBeNull()
    expect(row?.list?.map((c) => [c.name, c.blocked])).toEqual(names.map((n) => [n, true]))
    const ids = row?.list?.map((c) => c.id) ?? []
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
  })

  it('refuse a column list without the id that tells a missing row, packed or not', () => {
    const db = createDb(env.SHARD_0)
    expect(() => packedField(db, teams, 'tm', ['name'])).toThrow(/must include id/)
    const unpacked = createDb(env.SHARD_0, { ...ALL_READ_LAYERS, packing: false })
    expect(() => packedField(unpacked, teams, 'tm', ['name'])).toThrow(/must include id/)
  })
})

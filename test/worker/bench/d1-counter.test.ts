import { env } from 'cloudflare:test'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { countingD1, type D1Counter } from '../../../bench/worker/d1-counter'
import { createDb } from '../../../worker/db/client'
import { accounts } from '../../../worker/db/schema'

// The directory holds every account (a global table), so `accounts` has rows to count.
describe('countingD1', () => {
  it('counts each statement and each batch as one round trip', async () => {
    const counter = { trips: 0 }
    const db = createDb(countingD1(env.DIRECTORY, counter))
    await db.select().from(accounts).limit(1)
    expect(counter.trips).toBe(1)
    const [one, two] = await db.batch([db.run(sql`select 1`), db.select().from(accounts).limit(1)])
    expect(one).toBeDefined()
    expect(two).toBeDefined()
    expect(counter.trips).toBe(2)
    await env.DIRECTORY.prepare('select 1').first()
    expect(counter.trips).toBe(2)
  })

  it('adds up the rows D1 says each statement and batch read', async () => {
    const counter: D1Counter = { trips: 0, rowsRead: 0 }
    const counted = countingD1(env.DIRECTORY, counter)
    const query = 'select id from accounts'
    const direct = (await env.DIRECTORY.prepare(query).all()).meta.rows_read
    const one = (await env.DIRECTORY.prepare('select 1').all()).meta.rows_read
    expect(direct).toBeGreaterThan(0)
    await counted.prepare(query).all()
    expect(counter.rowsRead).toBe(direct)
    await counted.batch([counted.prepare(query), counted.prepare('select 1')])
    expect(counter.rowsRead).toBe(2 * direct + one)
    expect(counter.trips).toBe(2)
  })

  it("adds up the time D1 says each statement took, the database's and not the Worker's", async () => {
    const counter: D1Counter = { trips: 0 }
    const counted = countingD1(env.DIRECTORY, counter)
    const result = await counted.prepare('select id from accounts').all()
    expect(typeof result.meta.duration).toBe('number')
    expect(counter.durationMs).toBe(result.meta.duration)
    const [first, second] = await counted.batch([
      counted.prepare('select 1'),
      counted.prepare('select 2'),
    ])
    expect(counter.durationMs).toBe(
      result.meta.duration + (first?.meta.duration ?? NaN) + (second?.meta.duration ?? NaN),
    )
  })
})

// drizzle's select builder runs `raw` and `get` runs `raw` too: D1 gives those no meta.
describe('countingD1 through drizzle', () => {
  const plain = createDb(env.DIRECTORY)
  beforeAll(async () => {
    await env.DIRECTORY.prepare(
      "insert or ignore into accounts (id, name) values (9101, 'c'), (9102, 'a'), (9103, 'b')",
    ).run()
  })
  const rowsOfScan = async () =>
    (await env.DIRECTORY.prepare('select id, name from accounts').all()).meta.rows_read

  it('counts the rows a select read through the builder (raw) as `all` reports them', async () => {
    const counter: D1Counter = { trips: 0, rowsRead: 0 }
    const db = createDb(countingD1(env.DIRECTORY, counter))
    const query = () => db.select({ id: accounts.id, name: accounts.name }).from(accounts)
    const counted = await query()
    expect(counted).toEqual(
      await plain.select({ id: accounts.id, name: accounts.name }).from(accounts),
    )
    expect(counted.length).toBeGreaterThan(0)
    expect(counter.rowsRead).toBe(await rowsOfScan())
    expect(counter.trips).toBe(1)
    expect(counter.unmeasured ?? 0).toBe(0)
  })

  it('counts a select whose columns share a name, and returns its rows unchanged', async () => {
    const counter: D1Counter = { trips: 0, rowsRead: 0 }
    const db = createDb(countingD1(env.DIRECTORY, counter))
    const both = { id: accounts.id, same: sql<number>`${accounts.id}`.as('id') }
    const counted = await db.select(both).from(accounts)
    expect(counted).toEqual(await plain.select(both).from(accounts))
    expect(counted[0]?.same).toBe(counted[0]?.id)
    expect(counter.rowsRead).toBe(await rowsOfScan())
  })

  it('counts `first` and `get` and returns the same row', async () => {
    const counter: D1Counter = { trips: 0, rowsRead: 0 }
    const counting = countingD1(env.DIRECTORY, counter)
    const db = createDb(counting)
    const ordered = (on: typeof db) =>
      on.select({ id: accounts.id }).from(accounts).orderBy(accounts.name)
    const row = await ordered(db).get()
    expect(row).toEqual(await ordered(plain).get())
    const { sql: text, params } = ordered(plain).toSQL()
    const read = (
      await env.DIRECTORY.prepare(text)
        .bind(...params)
        .all()
    ).meta.rows_read
    expect(read).toBeGreaterThan(0)
    expect(counter.rowsRead).toBe(read)
    const first = await counting.prepare('select count(*) as n from accounts').first('n')
    expect(first).toBe(await env.DIRECTORY.prepare('select count(*) as n from accounts').first('n'))
    expect(counter.rowsRead).toBe(read + (await rowsOfScan()))
    expect(await counting.prepare('select id from accounts where id = -1').first()).toBeNull()
    expect(counter.trips).toBe(3)
  })
})

import { env } from 'cloudflare:test'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
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
})

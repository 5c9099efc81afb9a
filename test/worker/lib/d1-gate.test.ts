import { env } from 'cloudflare:test'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { countingD1 } from '../../../bench/worker/d1-counter'
import { createDb } from '../../../worker/db/client'
import { accounts, labels } from '../../../worker/db/schema'
import { D1Gate, failUnless, hasDistinctColumns, isFailedGuard } from '../../../worker/lib/d1-gate'
import { accountDb, createWorld } from '../helpers'

class Refused extends Error {}

/** Drizzle wraps what the binding throws: the refusal is the error or its cause. */
const isRefusal = (error: unknown) =>
  error instanceof Refused || (error instanceof Error && error.cause instanceof Refused)

/**
 * A gate over a counted binding whose check passes when the probe row's value is `expected`;
 * with `guarded`, the check also comes as a guard that writing batches carry. The binding is
 * the directory (it holds every account) unless a test names the shard of its account.
 */
function gated(expected: number, guarded = false, binding: D1Database = env.DIRECTORY) {
  const counter = { trips: 0 }
  const gate = new D1Gate(countingD1(binding, counter))
  const checked: unknown[] = []
  gate.require({
    statement: gate.prepareCheck('select ? as probe', [1]),
    check: (row) => {
      checked.push(row?.probe)
      if (row?.probe !== expected) throw new Refused()
    },
    guard: guarded ? gate.prepareCheck(failUnless('1 = ?', 'probe'), [expected]) : undefined,
  })
  return { gate, db: createDb(gate.binding), counter, checked }
}

describe('D1Gate', () => {
  it('sends the check in the same round trip as the first read, and only once', async () => {
    const world = await createWorld()
    const { db, counter, checked } = gated(1, false, await accountDb(world.accountId))
    const [account] = await db.select().from(accounts).where(eq(accounts.id, world.accountId))
    expect(account?.id).toBe(world.accountId)
    expect(counter.trips).toBe(1)
    const [again] = await db.batch([db.select({ id: accounts.id }).from(accounts).limit(1)])
    expect(again).toHaveLength(1)
    expect(counter.trips).toBe(2)
    expect(checked).toEqual([1])
  })

  it('returns no rows when the check fails, and refuses the calls after it', async () => {
    const { db, checked } = gated(2)
    await expect(db.select().from(accounts).limit(1)).rejects.toSatisfy(isRefusal)
    await expect(db.select().from(accounts).limit(1)).rejects.toSatisfy(isRefusal)
    expect(checked).toEqual([1])
  })

  it('answers the check alone when the first read fails, so a retry can go on', async () => {
    const broken = sql`select nope from no_such_table`
    const passing = gated(1)
    await expect(passing.db.all(broken)).rejects.toThrow(/no_such_table/)
    expect(passing.checked).toEqual([1])
    expect(await passing.db.select().from(accounts).limit(1)).toHaveLength(1)

    const failing = gated(2)
    await expect(failing.db.all(broken)).rejects.toSatisfy(isRefusal)
    await expect(failing.db.select().from(accounts).limit(1)).rejects.toSatisfy(isRefusal)
  })

  it('makes calls made at the same time wait for the check', async () => {
    const { db } = gated(2)
    const results = await Promise.allSettled([
      db.select().from(accounts).limit(1),
      db.batch([db.select().from(accounts).limit(1)]),
      db.run(sql`select 1`),
    ])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected'])
    for (const result of results) {
      expect(isRefusal((result as PromiseRejectedResult).reason)).toBe(true)
    }
  })

  it('runs the check alone before a first write, which never runs when it fails', async () => {
    const world = await createWorld()
    const title = `gate-${Date.now()}`
    const insert = (db: ReturnType<typeof createDb>) =>
      db.insert(labels).values({ accountId: world.accountId, title, showOnSidebar: true })
    const binding = await accountDb(world.accountId)
    const refused = gated(2, false, binding)
    await expect(insert(refused.db)).rejects.toSatisfy(isRefusal)
    const plain = createDb(binding)
    expect(await plain.select().from(labels).where(eq(labels.title, title))).toEqual([])

    const allowed = gated(1, false, binding)
    await insert(allowed.db)
    expect(allowed.counter.trips).toBe(2)
    expect(await plain.select().from(labels).where(eq(labels.title, title))).toHaveLength(1)
  })

  it('carries a guard ahead of a first write in one round trip, rolling the write back when it fails', async () => {
    const world = await createWorld()
    const binding = await accountDb(world.accountId)
    const plain = createDb(binding)
    const titled = (title: string) => plain.select().from(labels).where(eq(labels.title, title))
    const write = (db: ReturnType<typeof createDb>, title: string) =>
      db.batch([
        db.insert(labels).values({ accountId: world.accountId, title, showOnSidebar: true }),
        db.update(accounts).set({ name: title }).where(eq(accounts.id, world.accountId)),
      ])

    const allowed = gated(1, true, binding)
    await write(allowed.db, `guard-ok-${Date.now()}`)
    expect(allowed.counter.trips).toBe(1)
    // A guard that let its batch through answers the check: nothing is looked up again.
    expect(allowed.checked).toEqual([])
    await allowed.db.select().from(accounts).limit(1)
    expect(allowed.counter.trips).toBe(2)

    const refusedTitle = `guard-refused-${Date.now()}`
    const refused = gated(2, true, binding)
    await expect(write(refused.db, refusedTitle)).rejects.toSatisfy(isRefusal)
    expect(await titled(refusedTitle)).toEqual([])
    const [account] = await plain.select().from(accounts).where(eq(accounts.id, world.accountId))
    expect(account?.name).not.toBe(refusedTitle)
    await expect(refused.db.select().from(accounts).limit(1)).rejects.toSatisfy(isRefusal)
  })

  it('carries a guard ahead of a single write statement too', async () => {
    const world = await createWorld()
    const title = `guard-run-${Date.now()}`
    const insert = (db: ReturnType<typeof createDb>) =>
      db.insert(labels).values({ accountId: world.accountId, title, showOnSidebar: true })
    const binding = await accountDb(world.accountId)
    const refused = gated(2, true, binding)
    await expect(insert(refused.db)).rejects.toSatisfy(isRefusal)
    const plain = createDb(binding)
    expect(await plain.select().from(labels).where(eq(labels.title, title))).toEqual([])
    const allowed = gated(1, true, binding)
    await insert(allowed.db)
    expect(allowed.counter.trips).toBe(1)
    expect(await plain.select().from(labels).where(eq(labels.title, title))).toHaveLength(1)
  })

  it('answers a guarded write that fails on its own with its own error once the check has passed', async () => {
    const world = await createWorld()
    const title = `guard-twice-${Date.now()}`
    const insert = (db: ReturnType<typeof createDb>) =>
      db.batch([
        db.insert(labels).values({ accountId: world.accountId, title, showOnSidebar: true }),
        db.insert(labels).values({ accountId: world.accountId, title, showOnSidebar: true }),
      ])
    const passing = gated(1, true, await accountDb(world.accountId))
    await expect(insert(passing.db)).rejects.toThrow(/UNIQUE/)
    expect(passing.checked).toEqual([1])
    expect(await passing.db.select().from(accounts).limit(1)).toHaveLength(1)
  })

  it('names the guard that failed its batch', async () => {
    const db = createDb(env.SHARD_0)
    const failed = await db.all(sql.raw(failUnless('1 = 2', 'a-name'))).catch((error) => error)
    expect(isFailedGuard(failed, 'a-name')).toBe(true)
    expect(isFailedGuard(failed, 'another')).toBe(false)
    expect(await db.all(sql.raw(failUnless('1 = 1', 'a-name')))).toHaveLength(1)
  })

  it('keeps columns of one name apart by reading them alone after the check', async () => {
    const world = await createWorld()
    const binding = await accountDb(world.accountId)
    const { db, counter } = gated(1, false, binding)
    const [row] = await db
      .select({ a: accounts.id, b: sql<number>`${accounts.id} + 1000` })
      .from(accounts)
      .where(eq(accounts.id, world.accountId))
    expect(row).toEqual({ a: world.accountId, b: world.accountId + 1000 })
    expect(counter.trips).toBe(1)
    const repeated = gated(1, false, binding)
    const rows = await repeated.db.values<[number, number]>(
      sql`select ${accounts.id}, ${accounts.id} from ${accounts} where ${accounts.id} = ${world.accountId}`,
    )
    expect(rows).toEqual([[world.accountId, world.accountId]])
    expect(repeated.counter.trips).toBe(2)
  })
})

describe('hasDistinctColumns', () => {
  it('tells select lists with distinct names from ones that repeat a name', () => {
    expect(hasDistinctColumns('select "a"."id", "b"."name" from "a"')).toBe(true)
    expect(hasDistinctColumns('select "a"."id", "b"."id" from "a"')).toBe(false)
    expect(hasDistinctColumns('select (select count(*) from x) as "n", "id" from "a"')).toBe(true)
    expect(hasDistinctColumns('select count(*), count(*) from "a"')).toBe(false)
    expect(hasDistinctColumns('select 1 from "a"')).toBe(false)
    expect(hasDistinctColumns('select * from "a"')).toBe(false)
    expect(hasDistinctColumns('insert into "a" values (1)')).toBe(false)
    expect(hasDistinctColumns('select "id", \'x, from y\' from "a"')).toBe(true)
  })
})

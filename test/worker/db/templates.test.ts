import { env } from 'cloudflare:test'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../../worker/db/client'
import { accounts, conversations } from '../../../worker/db/schema'
import { checkTemplatesAgainstFreshBuilds, fromTemplate, param } from '../../../worker/db/templates'
import { createWorld } from '../helpers'

// Accounts are global rows: the directory holds them all (each shard holds copies).
describe('fromTemplate', () => {
  it('builds a shape once and runs it with each use’s own values, mapped as drizzle maps', async () => {
    const [one, two] = [await createWorld(), await createWorld()]
    const db = createDb(env.DIRECTORY)
    let builds = 0
    const byId = (id: number) =>
      fromTemplate(
        db,
        `test:account-by-id:${one.accountId}`,
        () => {
          builds++
          return db
            .select({ id: accounts.id, label: sql<string>`'#' || ${accounts.id}`.as('label') })
            .from(accounts)
            .where(eq(accounts.id, param<number>('id')))
        },
        { id },
      )
    const [[first], [second]] = await db.batch([byId(one.accountId), byId(two.accountId)])
    expect(first).toEqual({ id: one.accountId, label: `#${one.accountId}` })
    expect(second).toEqual({ id: two.accountId, label: `#${two.accountId}` })
    const [[again]] = await db.batch([byId(two.accountId)])
    expect(again?.id).toBe(two.accountId)
    // Under the tests' check (setup.ts) each later use builds again to compare.
    expect(builds).toBe(3)
    checkTemplatesAgainstFreshBuilds(false)
    try {
      await db.batch([byId(one.accountId)])
      expect(builds).toBe(3)
    } finally {
      checkTemplatesAgainstFreshBuilds(true)
    }
  })

  it('refuses a use that leaves a parameter without a value', () => {
    const db = createDb(env.DIRECTORY)
    const build = () =>
      db
        .select()
        .from(accounts)
        .where(eq(accounts.id, param<number>('id')))
    fromTemplate(db, 'test:needs-id', build, { id: 1 })
    expect(() => fromTemplate(db, 'test:needs-id', build, {})).toThrow(/no value for id/)
  })

  it('fails a use whose key misses a choice its build made (tests check every use)', () => {
    const db = createDb(env.DIRECTORY)
    // A wrong key: the status filter's presence changes the SQL, and the key does not say so.
    const byStatus = (status: 'open' | null) =>
      fromTemplate(
        db,
        'test:key-without-status',
        () =>
          db
            .select()
            .from(conversations)
            .where(status === null ? undefined : eq(conversations.status, param('status'))),
        status === null ? {} : { status },
      )
    byStatus('open')
    expect(() => byStatus('open')).not.toThrow()
    expect(() => byStatus(null)).toThrow(/template test:key-without-status: its key misses/)
  })

  it('fails a use whose build put a value in the SQL instead of a parameter', () => {
    const db = createDb(env.DIRECTORY)
    const byId = (id: number) =>
      fromTemplate(
        db,
        'test:value-not-param',
        () => db.select().from(accounts).where(eq(accounts.id, id)),
        {},
      )
    byId(1)
    expect(() => byId(2)).toThrow(/parameters\n {2}cached: 1\n {2}built: {2}2/)
  })
})

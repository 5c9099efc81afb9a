import { env } from 'cloudflare:test'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../../worker/db/client'
import { accounts } from '../../../worker/db/schema'
import { fromTemplate, param } from '../../../worker/db/templates'
import { createWorld } from '../helpers'

describe('fromTemplate', () => {
  it('builds a shape once and runs it with each use’s own values, mapped as drizzle maps', async () => {
    const [one, two] = [await createWorld(), await createWorld()]
    const db = createDb(env.DB)
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
    expect(builds).toBe(1)
  })

  it('refuses a use that leaves a parameter without a value', () => {
    const db = createDb(env.DB)
    const build = () =>
      db
        .select()
        .from(accounts)
        .where(eq(accounts.id, param<number>('id')))
    fromTemplate(db, 'test:needs-id', build, { id: 1 })
    expect(() => fromTemplate(db, 'test:needs-id', build, {})).toThrow(/no value for id/)
  })
})

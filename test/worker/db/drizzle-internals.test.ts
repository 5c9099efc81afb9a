import { env } from 'cloudflare:test'
import { eq, sql } from 'drizzle-orm'
import { SQLiteD1Session } from 'drizzle-orm/d1'
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core'
import { describe, expect, it } from 'vitest'
import drizzlePackage from '../../../node_modules/drizzle-orm/package.json'
import { createDb } from '../../../worker/db/client'
import {
  asBatchItem,
  columnSqlName,
  DRIZZLE_ORM_VERSION,
  d1Database,
  drizzleChanged,
  isJsonColumn,
  placeholderName,
  prepare,
  preparedWith,
  withStatement,
} from '../../../worker/db/drizzle-internals'
import { accounts, contacts, users } from '../../../worker/db/schema'
import { param } from '../../../worker/db/templates'
import { createWorld } from '../helpers'

/** The message each check fails with: what changed, and the one file to fix. */
const changed = (what: string) => drizzleChanged(what).message

const dialect = new SQLiteAsyncDialect({ casing: 'snake_case' })

// On the directory: it holds every account (a global table) the checks below read.
describe('worker/db/drizzle-internals.ts against the installed drizzle-orm', () => {
  it('is the version the adapter was written for', () => {
    expect(drizzlePackage.version, changed('version')).toBe(DRIZZLE_ORM_VERSION)
  })

  it('prepares a query builder as its batch does (_prepare, getQuery, stmt, query)', () => {
    const db = createDb(env.DIRECTORY)
    const prepared = prepare(db.select().from(accounts).where(eq(accounts.id, 7)))
    expect(typeof prepared.getQuery, changed('prepared query getQuery()')).toBe('function')
    expect(prepared.getQuery().params, changed('prepared query getQuery()')).toEqual([7])
    expect(typeof prepared.stmt?.bind, changed('prepared query stmt')).toBe('function')
    expect(prepared.query?.sql, changed('prepared query query')).toBe(prepared.getQuery().sql)
    expect(() => prepare({})).toThrow(changed('query builder _prepare()'))
  })

  it('runs a prepared query again with other values in a batch, mapped as before', async () => {
    const [one, two] = [await createWorld(), await createWorld()]
    const db = createDb(env.DIRECTORY)
    const builder = db
      .select({ id: accounts.id, tag: sql<string>`'#' || ${accounts.id}`.as('tag') })
      .from(accounts)
      .where(eq(accounts.id, param<number>('id')))
    const template = prepare(builder)
    const use = (id: number) =>
      asBatchItem<typeof builder>(
        preparedWith(template, env.DIRECTORY.prepare(template.getQuery().sql), [id]),
      )
    const [first, second] = await db.batch([use(one.accountId), use(two.accountId)])
    expect(first, changed('batch of prepared queries')).toEqual([
      { id: one.accountId, tag: `#${one.accountId}` },
    ])
    expect(second, changed('batch of prepared queries')).toEqual([
      { id: two.accountId, tag: `#${two.accountId}` },
    ])
  })

  it('lets a raw statement with parameters into a batch (stmt)', async () => {
    const db = createDb(env.DIRECTORY)
    const [rows] = await db.batch([
      withStatement(db.all(sql`select ${41} + 1 as n`), env.DIRECTORY),
    ])
    expect(rows, changed('batch of raw statements')).toEqual([{ n: 42 }])
  })

  it('tells placeholders from values (Placeholder)', () => {
    const db = createDb(env.DIRECTORY)
    const { params } = db
      .select()
      .from(accounts)
      .where(eq(accounts.id, param<number>('id')))
      .toSQL()
    expect(params.map(placeholderName), changed('Placeholder')).toEqual(['id'])
    expect(placeholderName(5)).toBeUndefined()
  })

  it("reads a column's SQL name and JSON mode (keyAsName, columnType)", () => {
    expect(columnSqlName(users.displayName), changed('column keyAsName')).toBe('display_name')
    expect(columnSqlName(contacts.id), changed('column keyAsName')).toBe('id')
    expect(isJsonColumn(contacts.customAttributes), changed('column columnType')).toBe(true)
    expect(isJsonColumn(contacts.name), changed('column columnType')).toBe(false)
  })

  it("builds drizzle's database on a dialect of its own choosing (the constructors)", async () => {
    expect(SQLiteD1Session.length, changed('SQLiteD1Session constructor')).toBe(3)
    const db = d1Database(env.DIRECTORY, dialect)
    const internals = db as unknown as { dialect: unknown; session: Record<string, unknown> }
    expect(internals.dialect, changed('DrizzleD1Database constructor')).toBe(dialect)
    expect(internals.session, changed('DrizzleD1Database constructor')).toBeInstanceOf(
      SQLiteD1Session,
    )
    expect(internals.session.client, changed('SQLiteD1Session constructor')).toBe(env.DIRECTORY)
    const world = await createWorld()
    const byId = db
      // No column name twice: a D1 batch keys a row's values by name.
      .select({ account: { id: accounts.id }, user: { email: users.email } })
      .from(accounts)
      .leftJoin(users, eq(users.id, -1))
      .where(eq(accounts.id, world.accountId))
    const expected = [{ account: { id: world.accountId }, user: null }]
    expect(await byId, changed('DrizzleD1Database constructor')).toEqual(expected)
    expect(await db.batch([byId]), changed('DrizzleD1Database constructor')).toEqual([expected])
  })
})

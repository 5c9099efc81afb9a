import { env } from 'cloudflare:test'
import { eq, sql } from 'drizzle-orm'
import { D1PreparedQuery, SQLiteD1Session } from 'drizzle-orm/d1'
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core'
import { describe, expect, it } from 'vitest'
import drizzlePackage from '../../../node_modules/drizzle-orm/package.json'
import { createDb } from '../../../worker/db/client'
import {
  asBatchItem,
  columnSqlName,
  DRIZZLE_ORM_VERSION,
  d1Database,
  decoderOf,
  drizzleChanged,
  isJsonColumn,
  placeholderName,
  prepare,
  preparedWith,
  type RowsMapper,
  withStatement,
} from '../../../worker/db/drizzle-internals'
import { mapRows } from '../../../worker/db/row-mapper'
import { accounts, contacts, users } from '../../../worker/db/schema'
import { param } from '../../../worker/db/templates'
import { createWorld } from '../helpers'

/** The message each check fails with: what changed, and the one file to fix. */
const changed = (what: string) => drizzleChanged(what).message

const dialect = new SQLiteAsyncDialect({ casing: 'snake_case' })

describe('worker/db/drizzle-internals.ts against the installed drizzle-orm', () => {
  it('is the version the adapter was written for', () => {
    expect(drizzlePackage.version, changed('version')).toBe(DRIZZLE_ORM_VERSION)
  })

  it('prepares a query builder as its batch does (_prepare, getQuery, stmt, query)', () => {
    const db = createDb(env.DB)
    const prepared = prepare(db.select().from(accounts).where(eq(accounts.id, 7)))
    expect(typeof prepared.getQuery, changed('prepared query getQuery()')).toBe('function')
    expect(prepared.getQuery().params, changed('prepared query getQuery()')).toEqual([7])
    expect(typeof prepared.stmt?.bind, changed('prepared query stmt')).toBe('function')
    expect(prepared.query?.sql, changed('prepared query query')).toBe(prepared.getQuery().sql)
    expect(() => prepare({})).toThrow(changed('query builder _prepare()'))
  })

  it('runs a prepared query again with other values in a batch, mapped as before', async () => {
    const [one, two] = [await createWorld(), await createWorld()]
    const db = createDb(env.DB)
    const builder = db
      .select({ id: accounts.id, tag: sql<string>`'#' || ${accounts.id}`.as('tag') })
      .from(accounts)
      .where(eq(accounts.id, param<number>('id')))
    const template = prepare(builder)
    const use = (id: number) =>
      asBatchItem<typeof builder>(
        preparedWith(template, env.DB.prepare(template.getQuery().sql), [id]),
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
    const db = createDb(env.DB)
    const [rows] = await db.batch([withStatement(db.all(sql`select ${41} + 1 as n`), env.DB)])
    expect(rows, changed('batch of raw statements')).toEqual([{ n: 42 }])
  })

  it('tells placeholders from values (Placeholder)', () => {
    const db = createDb(env.DB)
    const { params } = db
      .select()
      .from(accounts)
      .where(eq(accounts.id, param<number>('id')))
      .toSQL()
    expect(params.map(placeholderName), changed('Placeholder')).toEqual(['id'])
    expect(placeholderName(5)).toBeUndefined()
  })

  it("finds each kind of field's decoder (SQL decoder, mapWith, aliases, columns)", () => {
    expect(decoderOf(contacts.blocked), changed('Column decoding')).toBe(contacts.blocked)
    const mapped = sql`1`.mapWith(contacts.blocked)
    expect(decoderOf(mapped).mapFromDriverValue(1), changed("SQL's decoder")).toBe(true)
    expect(decoderOf(mapped.as('b')).mapFromDriverValue(0), changed("SQL's decoder")).toBe(false)
    expect(decoderOf(sql`'x'`).mapFromDriverValue('x'), changed("SQL's decoder")).toBe('x')
  })

  it("reads a column's SQL name and JSON mode (keyAsName, columnType)", () => {
    expect(columnSqlName(users.displayName), changed('column keyAsName')).toBe('display_name')
    expect(columnSqlName(contacts.id), changed('column keyAsName')).toBe('id')
    expect(isJsonColumn(contacts.customAttributes), changed('column columnType')).toBe(true)
    expect(isJsonColumn(contacts.name), changed('column columnType')).toBe(false)
  })

  it('builds the session and its prepared queries with the arities and fields it reads', () => {
    expect(D1PreparedQuery.length, changed('D1PreparedQuery constructor')).toBe(10)
    expect(SQLiteD1Session.length, changed('SQLiteD1Session constructor')).toBe(3)
    const db = d1Database(env.DB, dialect, mapRows)
    const session = (db as unknown as { session: Record<string, unknown> }).session
    expect(session.client, changed('SQLiteD1Session client')).toBe(env.DB)
    expect(session.logger, changed('SQLiteD1Session logger')).toBeDefined()
    expect(session.cache, changed('SQLiteD1Session cache')).toBeDefined()
    const prepared = prepare(db.select().from(accounts)) as unknown as Record<string, unknown>
    expect(prepared, changed('D1PreparedQuery')).toBeInstanceOf(D1PreparedQuery)
    expect(Array.isArray(prepared.fields), changed('D1PreparedQuery fields')).toBe(true)
    expect(prepared, changed('D1PreparedQuery joinsNotNullableMap')).toHaveProperty(
      'joinsNotNullableMap',
    )
    expect(prepared, changed('D1PreparedQuery customResultMapper')).toHaveProperty(
      'customResultMapper',
    )
    expect(prepared.stmt, changed('D1PreparedQuery stmt')).toBeDefined()
  })

  it('maps rows with the given mapper in every way a query runs, as drizzle would', async () => {
    const world = await createWorld()
    let mapped = 0
    const counting: RowsMapper = (fields, rows, joins) => {
      mapped++
      return mapRows(fields, rows, joins)
    }
    const ours = d1Database(env.DB, dialect, counting)
    const stock = d1Database(env.DB, dialect)
    const query = (db: typeof ours) =>
      db
        .select({ account: { id: accounts.id, name: accounts.name }, user: users })
        .from(accounts)
        .leftJoin(users, eq(users.id, -1))
        .where(eq(accounts.id, world.accountId))
    const runs = async (db: typeof ours) => [
      await query(db),
      await query(db).get(),
      ...(await db.batch([query(db), query(db).limit(1)])),
    ]
    const [mine, theirs] = [await runs(ours), await runs(stock)]
    expect(mine, changed('D1PreparedQuery row mapping')).toEqual(theirs)
    expect(mapped, changed('D1PreparedQuery mapAllResult/mapGetResult/get')).toBe(4)
    expect(mine[0]).toEqual([
      { account: { id: world.accountId, name: expect.any(String) }, user: null },
    ])
  })
})

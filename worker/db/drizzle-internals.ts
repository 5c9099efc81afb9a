/**
 * Every use Parley makes of drizzle-orm's internals, in one place: written against drizzle-orm
 * 0.45.4, which package.json pins exactly. An upgrade that changes any of them breaks this file
 * alone; test/worker/db/drizzle-internals.test.ts exercises each and names this file when one
 * has changed. Nothing else in the worker reaches past drizzle's documented API.
 */
import { is, Placeholder } from 'drizzle-orm'
import { toSnakeCase } from 'drizzle-orm/casing'
import { DrizzleD1Database, SQLiteD1Session } from 'drizzle-orm/d1'
import type { SQLiteAsyncDialect, SQLiteColumn } from 'drizzle-orm/sqlite-core'

export const DRIZZLE_ORM_VERSION = '0.45.4'

/** What a changed internal throws: it names this file, where the fix goes. */
export const drizzleChanged = (what: string) =>
  new Error(
    `drizzle-orm's ${what} is not what worker/db/drizzle-internals.ts was written for ` +
      `(drizzle-orm ${DRIZZLE_ORM_VERSION}): update that file`,
  )

/* Prepared queries: what drizzle's D1 batch takes from each item (`_prepare`, `stmt`, `query`). */

export type PreparedQuery = {
  getQuery(): { sql: string; params: unknown[] }
  stmt: D1PreparedStatement
  query: { sql: string; params: unknown[] }
}

/** A query builder's prepared query, as drizzle's batch makes it (`_prepare`). */
export function prepare(builder: object): PreparedQuery {
  const preparable = builder as { _prepare?: () => PreparedQuery }
  if (typeof preparable._prepare !== 'function') throw drizzleChanged('query builder _prepare()')
  return preparable._prepare()
}

/** A copy of `template` (its row mapping included) that runs `sql` with `params` on `stmt`. */
export function preparedWith(
  template: PreparedQuery,
  stmt: D1PreparedStatement,
  params: unknown[],
): PreparedQuery {
  const prepared: PreparedQuery = Object.create(template)
  prepared.stmt = stmt
  prepared.query = { sql: template.getQuery().sql, params }
  return prepared
}

/** A prepared query as an item of `db.batch`, typed as the builder it stands for. */
export const asBatchItem = <T>(prepared: PreparedQuery) => ({ _prepare: () => prepared }) as T

/**
 * A raw `db.run(sql…)` / `db.all(sql…)` statement made fit for `db.batch`: the batch binds
 * parameters through a `stmt` that only query builders carry.
 */
export const withStatement = <T extends { getQuery(): { sql: string } }>(
  raw: T,
  client: D1Database,
): T => Object.assign(raw, { stmt: client.prepare(raw.getQuery().sql) })

/** The name of a parameter that is a placeholder (`sql.placeholder`), else undefined. */
export const placeholderName = (param: unknown) =>
  is(param, Placeholder) ? (param.name as string) : undefined

/* Columns. */

/** A column's name in SQL, as drizzle writes it under `casing: 'snake_case'`. */
export const columnSqlName = (column: SQLiteColumn) =>
  column.keyAsName ? toSnakeCase(column.name) : column.name

/** Whether a column is `text({ mode: 'json' })`. */
export const isJsonColumn = (column: SQLiteColumn) => column.columnType === 'SQLiteTextJson'

/* The database object. */

/**
 * What `drizzle(d1, { casing })` builds, on a dialect shared per isolate and without the
 * relational-query schema (drizzle's constructors, not its documented API).
 */
export function d1Database(d1: D1Database, dialect: SQLiteAsyncDialect) {
  const session = new SQLiteD1Session<Record<string, never>, Record<string, never>>(
    d1,
    dialect,
    undefined,
  )
  return new DrizzleD1Database('async', dialect, session, undefined)
}

/**
 * Every use Parley makes of drizzle-orm's internals, in one place: written against drizzle-orm
 * 0.45.4, which package.json pins exactly. An upgrade that changes any of them breaks this file
 * alone; test/worker/db/drizzle-internals.test.ts exercises each and names this file when one
 * has changed. Nothing else in the worker reaches past drizzle's documented API.
 */
import { Column, is, Placeholder, SQL, Subquery } from 'drizzle-orm'
import { toSnakeCase } from 'drizzle-orm/casing'
import { D1PreparedQuery, DrizzleD1Database, SQLiteD1Session } from 'drizzle-orm/d1'
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

/* Columns and selected fields. */

/** What turns a value as D1 returns it into the value a row holds (a column, or `mapWith`). */
export type Decoder = { mapFromDriverValue(value: unknown): unknown }

/** A selected field's decoder, as drizzle's `mapResultRow` finds it (SQL keeps it in `decoder`). */
export function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field
  const query = is(field, SQL)
    ? field
    : is(field, Subquery)
      ? field._.sql
      : (field as SQL.Aliased).sql
  const decoder = (query as unknown as { decoder?: Decoder }).decoder
  if (!decoder) throw drizzleChanged("SQL's decoder")
  return decoder
}

/** A column's name in SQL, as drizzle writes it under `casing: 'snake_case'`. */
export const columnSqlName = (column: SQLiteColumn) =>
  column.keyAsName ? toSnakeCase(column.name) : column.name

/** Whether a column is `text({ mode: 'json' })`. */
export const isJsonColumn = (column: SQLiteColumn) => column.columnType === 'SQLiteTextJson'

/* The D1 session, and its prepared queries' row mapping. */

/** What drizzle keeps of each selected field: where it goes in the row object, and what it is. */
export type SelectedField = { path: string[]; field: unknown }
export type RowsMapper = (
  fields: readonly SelectedField[],
  rows: readonly unknown[][],
  joinsNotNullableMap: Record<string, boolean> | undefined,
) => Record<string, unknown>[]

/** The private state of a D1 prepared query that its row mapping reads. */
type MappingState = {
  fields?: SelectedField[]
  joinsNotNullableMap?: Record<string, boolean>
  customResultMapper?: unknown
}

/** Rows of a D1 batch (objects keyed by column, in select order) as arrays, as drizzle reads them. */
const valuesOfObjects = (rows: readonly Record<string, unknown>[]) =>
  rows.map((row) => Object.values(row))

/** A D1PreparedQuery whose plain selections (no custom mapper) map their rows with `mapRows`. */
function mappedQueryClass(mapRows: RowsMapper) {
  return class MappedD1PreparedQuery extends D1PreparedQuery {
    private get plainFields() {
      const state = this as unknown as MappingState
      return state.fields && !state.customResultMapper ? state.fields : undefined
    }

    private get joins() {
      return (this as unknown as MappingState).joinsNotNullableMap
    }

    override mapAllResult(rows: unknown, isFromBatch?: boolean): unknown {
      const fields = this.plainFields
      if (!fields) return super.mapAllResult(rows, isFromBatch)
      const values = isFromBatch
        ? valuesOfObjects((rows as D1Result<Record<string, unknown>>).results)
        : (rows as unknown[][])
      return mapRows(fields, values, this.joins)
    }

    override mapGetResult(result: unknown, isFromBatch?: boolean): unknown {
      const fields = this.plainFields
      if (!fields) return super.mapGetResult(result, isFromBatch)
      const row = isFromBatch
        ? valuesOfObjects((result as D1Result<Record<string, unknown>>).results)[0]
        : (result as unknown[] | undefined)
      return row ? mapRows(fields, [row], this.joins)[0] : row
    }

    // drizzle's own `get` maps its row with `mapResultRow` directly.
    override async get(placeholderValues?: Record<string, unknown>) {
      if (!this.plainFields) return super.get(placeholderValues)
      const [row] = await this.values(placeholderValues)
      return row ? this.mapGetResult(row) : undefined
    }
  }
}

type Session = SQLiteD1Session<Record<string, never>, Record<string, never>>

/** A D1 session whose prepared queries map rows with `mapRows`. */
function mappedSession(d1: D1Database, dialect: SQLiteAsyncDialect, mapRows: RowsMapper) {
  const MappedQuery = mappedQueryClass(mapRows)
  return new (class MappedD1Session extends SQLiteD1Session<
    Record<string, never>,
    Record<string, never>
  > {
    override prepareQuery(...args: Parameters<Session['prepareQuery']>) {
      const [query, fields, executeMethod, inArrayMode, customResultMapper, metadata, cacheConfig] =
        args
      const internals = this as unknown as { client: D1Database; logger: never; cache: never }
      return new MappedQuery(
        internals.client.prepare(query.sql),
        query,
        internals.logger,
        internals.cache,
        metadata,
        cacheConfig,
        fields,
        executeMethod,
        inArrayMode,
        customResultMapper,
      )
    }
  })(d1, dialect, undefined)
}

/**
 * What `drizzle(d1, { casing })` builds, on a dialect shared per isolate and without the
 * relational-query schema; rows mapped by `mapRows` when given, else by drizzle's own mapping.
 */
export function d1Database(d1: D1Database, dialect: SQLiteAsyncDialect, mapRows?: RowsMapper) {
  const session = mapRows
    ? mappedSession(d1, dialect, mapRows)
    : new SQLiteD1Session<Record<string, never>, Record<string, never>>(d1, dialect, undefined)
  return new DrizzleD1Database('async', dialect, session, undefined)
}

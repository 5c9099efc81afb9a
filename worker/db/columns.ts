import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Db } from './client'
import { columnSqlName, isJsonColumn } from './drizzle-internals'

/**
 * Selecting a table's columns packed into one value per row: the read path's packing layer.
 * With the layer off (`db.layers.packing`, only the benchmark turns it off) the same fields
 * select the columns one by one instead, and decode to the same row.
 */

type ColumnKey<T extends SQLiteTable> = keyof T['$inferSelect'] & string
/** What turns a value as D1 returns it into the value a row holds (`mapWith`'s argument). */
type Decoder = { mapFromDriverValue(value: unknown): unknown }

/** A column as SQL text, `"table"."column"`, as drizzle would write it; `source` renames the table. */
function columnText(table: SQLiteTable, column: SQLiteColumn, source = getTableName(table)) {
  return `"${source}"."${columnSqlName(column)}"`
}

/** Every column key of a table, for packing its whole row. */
export const keysOf = <T extends SQLiteTable>(table: T) =>
  Object.keys(getTableColumns(table)) as ColumnKey<T>[]

type Packed = {
  text: string
  decodeValues(values: unknown[]): Record<string, unknown> | null
  /** Decodes the JSON text of one packed row. */
  decoder: Decoder
}
const packedCache = new Map<string, Packed>()

/**
 * Some of a table's columns as one JSON array value per row, decoded back into the row's object
 * by each column's own driver mapping (JSON, boolean, …); null when `id` is null (a left join
 * that matched nothing, or a subquery that found no row). D1 hands rows over as objects, and
 * its per-value work made a joined table's dozen columns cost more than this one value. No
 * BLOB columns: a JSON array can't hold them.
 */
function packedColumns<T extends SQLiteTable, K extends ColumnKey<T>>(
  table: T,
  keys: readonly K[],
  source = getTableName(table),
) {
  const cacheKey = `${getTableName(table)}|${source}|${keys.join(',')}`
  let packed = packedCache.get(cacheKey)
  if (!packed) {
    const columns = getTableColumns(table)
    const list = keys.map((key) => columns[key] as SQLiteColumn)
    const idIndex = keys.indexOf('id' as K)
    if (idIndex < 0) throw new Error(`packedColumns(${cacheKey}): the keys must include id`)
    // A JSON column goes in as JSON (`json(…)`), so it arrives parsed with the row instead of as
    // text to parse again; other columns keep their driver mapping (booleans, …).
    const isJson = list.map(isJsonColumn)
    const decoders = list.map((column, i) => (isJson[i] ? undefined : column))
    const decodeValues = (values: unknown[]) => {
      if (values[idIndex] === null) return null
      const row: Record<string, unknown> = {}
      for (let i = 0; i < list.length; i++) {
        const value = values[i]
        const decoder = decoders[i]
        row[keys[i] as string] =
          value === null || decoder === undefined ? value : decoder.mapFromDriverValue(value)
      }
      return row
    }
    const columnsText = list.map((column, i) => {
      const text = columnText(table, column, source)
      return isJson[i] ? `json(${text})` : text
    })
    const text = `json_array(${columnsText.join(', ')})`
    const decoder = {
      mapFromDriverValue: (json: unknown) => decodeValues(JSON.parse(json as string)),
    }
    packed = { text, decodeValues, decoder }
    packedCache.set(cacheKey, packed)
  }
  return packed
}

const unpackedCache = new Map<string, Record<string, SQL.Aliased>>()

/**
 * Packing's off form: each column its own field, under `${alias}_${key}` (a D1 batch keys a
 * row's values by column name, so joined tables' names must not repeat), read by `read`.
 */
function unpackedColumns<T extends SQLiteTable, K extends ColumnKey<T>>(
  table: T,
  alias: string,
  keys: readonly K[],
  read: (column: SQLiteColumn) => SQL,
  cacheKey?: string,
) {
  const cached = cacheKey === undefined ? undefined : unpackedCache.get(cacheKey)
  if (cached) return cached
  if (!keys.includes('id' as K))
    throw new Error(`unpackedColumns(${alias}): the keys must include id`)
  const columns = getTableColumns(table)
  const fields = Object.fromEntries(
    keys.map((key) => {
      const column = columns[key] as SQLiteColumn
      return [key, read(column).mapWith(column).as(`${alias}_${key}`)]
    }),
  )
  if (cacheKey !== undefined) unpackedCache.set(cacheKey, fields)
  return fields
}

type PackedRow<T extends SQLiteTable, K extends ColumnKey<T>> = Pick<T['$inferSelect'], K> | null

/**
 * `packedColumns` of a table in the query's FROM or joins, as a selected field. `source` names
 * a subquery of the table's rows to read the columns from instead. Read it with `rowOrNull`.
 */
export function packedField<T extends SQLiteTable, K extends ColumnKey<T>>(
  db: Db,
  table: T,
  alias: string,
  keys: readonly K[],
  source?: string,
) {
  if (!db.layers.packing) {
    const read = (column: SQLiteColumn) => sql.raw(columnText(table, column, source))
    const cacheKey = `${getTableName(table)}|${source}|${alias}|${keys.join(',')}`
    const fields = unpackedColumns(table, alias, keys, read, cacheKey)
    return fields as unknown as SQL.Aliased<PackedRow<T, K>>
  }
  const { text, decoder } = packedColumns(table, keys, source)
  return sql<PackedRow<T, K>>`${sql.raw(text)}`.mapWith(decoder).as(alias) as SQL.Aliased<
    PackedRow<T, K>
  >
}

/** `packedField` of the query's FROM table or an inner join: a row that is always there. */
export function packedRow<T extends SQLiteTable, K extends ColumnKey<T>>(
  db: Db,
  table: T,
  alias: string,
  keys: readonly K[],
  source?: string,
) {
  return packedField(db, table, alias, keys, source) as unknown as SQL.Aliased<
    Pick<T['$inferSelect'], K>
  >
}

/**
 * `packedColumns` of the row `where` finds in a table, as a scalar subquery (null when none):
 * for a row that depends on the outer row's values, such as a message's sender. Read it with
 * `rowOrNull`.
 */
export function packedSubquery<T extends SQLiteTable, K extends ColumnKey<T>>(
  db: Db,
  table: T,
  alias: string,
  keys: readonly K[],
  where: SQL,
) {
  if (!db.layers.packing) {
    const read = (column: SQLiteColumn) =>
      sql`(select ${sql.raw(columnText(table, column))} from ${table} where ${where})`
    return unpackedColumns(table, alias, keys, read) as unknown as SQL.Aliased<PackedRow<T, K>>
  }
  const { text, decoder } = packedColumns(table, keys)
  return sql<PackedRow<T, K>>`(select ${sql.raw(text)} from ${table} where ${where})`
    .mapWith(decoder)
    .as(alias) as SQL.Aliased<PackedRow<T, K>>
}

/**
 * A row read by `packedField` or `packedSubquery`: packed, it is null when there is none; read
 * column by column (packing off), it is then an object of nulls, which this makes null too.
 */
export const rowOrNull = <R extends { id: unknown }>(row: R | null): R | null =>
  row && row.id !== null ? row : null

/**
 * `packedColumns` of every row `where` finds in a table, as one JSON array of them (null when
 * none), in the table's id order: for rows that belong to the outer row, such as a message's
 * attachments. A list has no column-by-column form: with packing off, its reader reads the rows
 * in a statement of their own (see messageStatements).
 */
export function packedListSubquery<T extends SQLiteTable, K extends ColumnKey<T>>(
  table: T,
  alias: string,
  keys: readonly K[],
  where: SQL,
) {
  const { text, decodeValues } = packedColumns(table, keys)
  const idIndex = keys.indexOf('id' as K)
  const decoder: Decoder = {
    mapFromDriverValue: (json) =>
      (JSON.parse(json as string) as unknown[][])
        .sort((a, b) => (a[idIndex] as number) - (b[idIndex] as number))
        .map(decodeValues),
  }
  return sql<
    Pick<T['$inferSelect'], K>[] | null
  >`(select case when count(*) > 0 then json_group_array(${sql.raw(text)}) end from ${table} where ${where})`
    .mapWith(decoder)
    .as(alias) as SQL.Aliased<Pick<T['$inferSelect'], K>[] | null>
}

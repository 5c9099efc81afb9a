import { is } from 'drizzle-orm'
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { columnSqlName } from '../drizzle-internals'
import * as schema from '../schema'
import { DIRECTORY_TABLE_NAMES } from './replication'

/**
 * The SQL that moves an account's data between shards (worker/scale/move-account.ts). Raw SQL
 * over every table of the schema: a table added later is moved without a change here.
 */

export type MovedTable = {
  name: string
  columns: string[]
  /** The SQL after FROM that selects the account's rows (one `?`: the account id). */
  rowsOf: string
  /** ORDER BY for a stable order on both shards: the primary key. */
  order: string
}

const quote = (name: string) => `"${name}"`

/**
 * Tables whose rows triggers derive from another table's (migrations/0020): the copy of that
 * table rebuilds them on the target and its deletion empties them, so a copy of their own would
 * count twice.
 */
const DERIVED_TABLE_NAMES: ReadonlySet<string> = new Set(['conversation_counters'])

/**
 * The account's tables, each after the tables it references (inserting in this order and
 * deleting in reverse keeps every foreign key satisfied).
 */
export function accountDataTables(): MovedTable[] {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable =>
    is(value, SQLiteTable),
  )
  const configs = new Map(tables.map((table) => [getTableConfig(table).name, table]))
  const ordered: string[] = []
  const visit = (name: string, path: string[]) => {
    if (ordered.includes(name) || DIRECTORY_TABLE_NAMES.has(name) || DERIVED_TABLE_NAMES.has(name))
      return
    if (path.includes(name)) throw new Error(`foreign keys loop through ${name}`)
    const table = configs.get(name) as SQLiteTable
    for (const key of getTableConfig(table).foreignKeys) {
      visit(getTableConfig(key.reference().foreignTable).name, [...path, name])
    }
    ordered.push(name)
  }
  for (const name of [...configs.keys()].sort()) visit(name, [])
  return ordered.map((name) => describe(configs.get(name) as SQLiteTable))
}

function describe(table: SQLiteTable): MovedTable {
  const config = getTableConfig(table)
  const columns = config.columns.map(columnSqlName)
  const primary =
    config.primaryKeys[0]?.columns.map(columnSqlName) ??
    config.columns.filter((column) => column.primary).map(columnSqlName)
  let rowsOf = `${quote(config.name)} where account_id = ?`
  if (!columns.includes('account_id')) {
    // A child of an account's row (contact_import_failures → contact_imports): through its parent.
    const key = config.foreignKeys[0]?.reference()
    if (!key) throw new Error(`${config.name} names no account`)
    const parent = getTableConfig(key.foreignTable).name
    const [local] = key.columns.map(columnSqlName)
    const [remote] = key.foreignColumns.map(columnSqlName)
    rowsOf = `${quote(config.name)} where ${quote(local as string)} in (select ${quote(remote as string)} from ${quote(parent)} where account_id = ?)`
  }
  return {
    name: config.name,
    columns,
    rowsOf,
    order: (primary.length > 0 ? primary : ['rowid']).map(quote).join(', '),
  }
}

/** A page of the account's rows of `table`, as arrays of values in `table.columns` order. */
export function selectPageSql(table: MovedTable, limit: number, offset: number) {
  return `select ${table.columns.map(quote).join(', ')} from ${table.rowsOf} order by ${table.order} limit ${limit} offset ${offset}`
}

export function insertRowSql(table: MovedTable) {
  return `insert into ${quote(table.name)} (${table.columns.map(quote).join(', ')}) values (${table.columns.map(() => '?').join(', ')})`
}

export function deleteRowsSql(table: MovedTable) {
  return `delete from ${table.rowsOf}`
}

/**
 * Triggers that refuse every write to the account's rows on a shard while it moves: whoever
 * writes (a request, a queue consumer, a sweep) fails with `parley:account-read-only`, which
 * the API answers with a 503 to retry. They exist only during a move.
 */
export function readOnlyTriggersSql(table: MovedTable, accountId: number) {
  if (!table.columns.includes('account_id')) return []
  return (['insert', 'update', 'delete'] as const).map((operation) => {
    const row = operation === 'insert' ? 'new' : 'old'
    return `create trigger if not exists ${triggerName(table, accountId, operation)} before ${operation} on ${quote(table.name)} when ${row}.account_id = ${accountId} begin select raise(abort, '${ACCOUNT_READ_ONLY}'); end`
  })
}

export function dropReadOnlyTriggersSql(table: MovedTable, accountId: number) {
  if (!table.columns.includes('account_id')) return []
  return (['insert', 'update', 'delete'] as const).map(
    (operation) => `drop trigger if exists ${triggerName(table, accountId, operation)}`,
  )
}

const triggerName = (table: MovedTable, accountId: number, operation: string) =>
  `parley_moving_${accountId}_${table.name}_${operation}`

/** What a write refused by a moving account's trigger fails with. */
export const ACCOUNT_READ_ONLY = 'parley:account-read-only'

export const sequenceSql = (name: string) =>
  `select seq from sqlite_sequence where name = '${name}'`
export const restoreSequenceSql = (name: string, seq: number) =>
  `update sqlite_sequence set seq = ${seq} where name = '${name}'`

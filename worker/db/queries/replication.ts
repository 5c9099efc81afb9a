import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core'
import { columnSqlName } from '../drizzle-internals'
import {
  accessTokens,
  accounts,
  accountUsers,
  agentBots,
  platformAppPermissibles,
  platformApps,
  userSessions,
  users,
} from '../schema'

/**
 * The global tables every shard keeps a copy of (db/replicate.ts), each after the tables its
 * foreign keys reference.
 */
export const GLOBAL_TABLES: SQLiteTable[] = [
  accounts,
  users,
  platformApps,
  platformAppPermissibles,
  agentBots,
  accountUsers,
  userSessions,
  accessTokens,
]

/**
 * The tables whose truth is the directory: the global ones (copied to every shard) and the
 * directory's own. Every other table is an account's data, on the account's shard alone.
 */
export const DIRECTORY_TABLE_NAMES: ReadonlySet<string> = new Set([
  ...GLOBAL_TABLES.map((table) => getTableConfig(table).name),
  'password_tokens',
  'account_shards',
  'inbox_routes',
  // A user's browsers for Web Push: the user's, in no account (worker/notifications/push.ts).
  'notification_subscriptions',
])

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`
const marks = (count: number) => Array.from({ length: count }, () => '?').join(', ')

/**
 * Columns of global tables whose truth is the account's own database, not the directory: an
 * agent's capacity policy is account data (its policy lives on the shard), so copies of the
 * membership never carry it, and a copy made later does not wipe it.
 */
const ACCOUNT_OWNED_COLUMNS: ReadonlySet<string> = new Set([
  'account_users.agent_capacity_policy_id',
])

/** The SQL that copies rows of a global table by id, raw so any table of the schema fits. */
export function copySql(table: SQLiteTable) {
  const { name } = getTableConfig(table)
  const columns = getTableConfig(table)
    .columns.map(columnSqlName)
    .filter((column) => !ACCOUNT_OWNED_COLUMNS.has(`${name}.${column}`))
  const list = columns.map(quote).join(', ')
  return {
    columns,
    /** The rows with these ids (`count` placeholders). */
    select: (count: number) => `select ${list} from ${quote(name)} where id in (${marks(count)})`,
    /** A page of ids, in order. */
    ids: (limit: number, offset: number) =>
      `select id from ${quote(name)} order by id limit ${limit} offset ${offset}`,
    upsert: `insert into ${quote(name)} (${list}) values (${marks(columns.length)}) on conflict (id) do update set ${columns
      .filter((column) => column !== 'id')
      .map((column) => `${quote(column)} = excluded.${quote(column)}`)
      .join(', ')}`,
    delete: (count: number) => `delete from ${quote(name)} where id in (${marks(count)})`,
  }
}

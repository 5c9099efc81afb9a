import { createDb } from '../db/client'
import {
  accountDataTables,
  deleteRowsSql,
  dropReadOnlyTriggersSql,
  insertRowSql,
  type MovedTable,
  readOnlyTriggersSql,
  restoreSequenceSql,
  selectPageSql,
  sequenceSql,
} from '../db/queries/account-move'
import { findAccountShard, updateAccountShardStatement } from '../db/queries/directory'
import { forgetAccountShard, shardBinding, shardBindings } from '../db/shards'

/**
 * Moves an account's data to another shard (docs/scaling.md): the account goes read-only on its
 * shard (triggers refuse every write to its rows, whoever writes), its rows are copied with
 * their ids, each table is verified (row count and a SHA-256 over the rows in key order), and
 * the directory's map is switched. The old copy stays, still read-only, until `finishMove`
 * deletes it: an isolate that remembered the old shard (db/shards.ts, REMEMBER_MS) reads it
 * meanwhile, and a write there is refused with a 503 to retry, which also makes that isolate
 * look the account up again. Any failure before the switch undoes the copy and the read-only
 * state, leaving the account where it was.
 */

export type TableReport = { table: string; rows: number; sha256: string }
export type MoveReport = { accountId: number; from: number; to: number; tables: TableReport[] }

export class MoveRefused extends Error {}

const PAGE = 200
const STATEMENTS_PER_BATCH = 50

export async function moveAccount(env: Env, accountId: number, to: number): Promise<MoveReport> {
  const directory = createDb(env.DIRECTORY)
  const entry = await findAccountShard(directory, accountId)
  if (!entry) throw new MoveRefused(`account ${accountId} is on no shard`)
  if (entry.readOnly) throw new MoveRefused(`account ${accountId} is already moving`)
  if (to === entry.shard) throw new MoveRefused(`account ${accountId} is on shard ${to} already`)
  if (!Number.isInteger(to) || to < 0 || to >= shardBindings(env).length) {
    throw new MoveRefused(`no shard ${to}`)
  }
  const from = entry.shard
  const source = shardBinding(env, from)
  const target = shardBinding(env, to)
  const tables = accountDataTables()

  await directory.batch([updateAccountShardStatement(directory, accountId, { readOnly: true })])
  await runAll(
    source,
    tables.flatMap((table) => readOnlyTriggersSql(table, accountId)),
  )
  try {
    // Rows a failed earlier move left on the target.
    await runAll(target, [...tables].reverse().map(deleteRowsSql), [accountId])
    for (const table of tables) await copyTable(source, target, table, accountId)
    const report: TableReport[] = []
    for (const table of tables) {
      const [before, after] = await Promise.all([
        digestTable(source, table, accountId),
        digestTable(target, table, accountId),
      ])
      if (before.rows !== after.rows || before.sha256 !== after.sha256) {
        throw new Error(
          `${table.name} differs after the copy: ${before.rows} rows → ${after.rows}, ` +
            `${before.sha256} → ${after.sha256}`,
        )
      }
      report.push({ table: table.name, ...before })
    }
    await directory.batch([
      updateAccountShardStatement(directory, accountId, { shard: to, readOnly: false }),
    ])
    forgetAccountShard(accountId)
    return { accountId, from, to, tables: report }
  } catch (error) {
    await runAll(target, [...tables].reverse().map(deleteRowsSql), [accountId])
    await runAll(
      source,
      tables.flatMap((table) => dropReadOnlyTriggersSql(table, accountId)),
    )
    await directory.batch([updateAccountShardStatement(directory, accountId, { readOnly: false })])
    throw error
  }
}

/**
 * After a move, once no isolate can still remember the old shard: deletes the account's old
 * copy there and lifts its read-only triggers. Refuses while the account still lives there.
 */
export async function finishMove(env: Env, accountId: number, from: number) {
  if (!shardBindings(env)[from]) throw new MoveRefused(`there is no shard ${from}`)
  const entry = await findAccountShard(createDb(env.DIRECTORY), accountId)
  if (!entry || entry.shard === from) {
    throw new MoveRefused(`account ${accountId} still lives on shard ${from}`)
  }
  const source = shardBinding(env, from)
  const tables = accountDataTables()
  // The triggers refuse deletes too: they are dropped first.
  await runAll(
    source,
    [
      ...tables.flatMap((table) => dropReadOnlyTriggersSql(table, accountId)),
      ...[...tables].reverse().map(deleteRowsSql),
    ],
    [accountId],
  )
}

/** Copies a table's rows of the account; the target's id sequence stays in its own span. */
async function copyTable(
  source: D1Database,
  target: D1Database,
  table: MovedTable,
  accountId: number,
) {
  const sequence = await target.prepare(sequenceSql(table.name)).first<{ seq: number }>()
  const insert = insertRowSql(table)
  for (let offset = 0; ; offset += PAGE) {
    const rows = await source
      .prepare(selectPageSql(table, PAGE, offset))
      .bind(accountId)
      .raw()
    if (rows.length === 0) break
    const statements = rows.map((row) => target.prepare(insert).bind(...row))
    // Explicit ids from another span would move the target's sequence into it.
    if (sequence) statements.push(target.prepare(restoreSequenceSql(table.name, sequence.seq)))
    await target.batch(statements)
    if (rows.length < PAGE) break
  }
}

/** The account's rows of a table: how many, and a SHA-256 over them in key order. */
async function digestTable(database: D1Database, table: MovedTable, accountId: number) {
  let rows = 0
  let digest = ''
  for (let offset = 0; ; offset += PAGE) {
    const page = await database
      .prepare(selectPageSql(table, PAGE, offset))
      .bind(accountId)
      .raw()
    if (page.length === 0) break
    rows += page.length
    digest = await sha256(digest + JSON.stringify(page))
    if (page.length < PAGE) break
  }
  return { rows, sha256: digest || (await sha256('')) }
}

async function sha256(text: string) {
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** Statements in batches; `params` bound to every one that takes them. */
async function runAll(database: D1Database, sqls: string[], params: unknown[] = []) {
  for (let i = 0; i < sqls.length; i += STATEMENTS_PER_BATCH) {
    await database.batch(
      sqls.slice(i, i + STATEMENTS_PER_BATCH).map((sql) => {
        const statement = database.prepare(sql)
        return sql.includes('?') ? statement.bind(...params) : statement
      }),
    )
  }
}

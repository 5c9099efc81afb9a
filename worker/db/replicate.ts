import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { D1Gate } from '../lib/d1-gate'
import { createDb, type Db } from './client'
import { copySql, GLOBAL_TABLES } from './queries/replication'
import { shardBindings } from './shards'

/**
 * The global tables' copies on the shards (docs/scaling.md). The directory is the truth; a
 * shard's copy lets a request authorize and join on one database. The copies are never wider
 * than the truth:
 * - what takes rights away (a revoked token, an ended session, a removed membership, a lowered
 *   role, a deleted user or account) runs on every shard first, then on the directory;
 * - what grants them (a new user, token, session, membership) is written to the directory
 *   first, then copied to every shard.
 * A failure between the two leaves a shard refusing what the directory still allows, never the
 * reverse: it fails closed, and the caller's error tells the client to try again.
 */

type BatchItems = Parameters<Db['batch']>[0]

/**
 * What a change on the directory needs of the request it runs for: its database, which shard
 * that is (null: the directory) and the gate holding its D1 calls until its credential is
 * confirmed. A route passes its Hono context, which has these; this layer never imports Hono.
 */
export type RequestScope = {
  env: Env
  var: { db: Db; shard: number | null; d1Gate: D1Gate }
}

/** Statements built for each shard's database and run there, all shards at once. */
export async function onEveryShard(env: Env, build: (db: Db) => unknown[]): Promise<void> {
  await Promise.all(
    shardBindings(env).map(async (binding) => {
      const db = createDb(binding)
      const statements = build(db)
      if (statements.length > 0) await db.batch(statements as unknown as BatchItems)
    }),
  )
}

/**
 * The directory for a request: the request's own database when that is the directory, else the
 * directory once the request's credential check has passed (a write must never run ahead of it).
 */
export async function directoryDb(c: RequestScope): Promise<Db> {
  if (c.var.shard === null) return c.var.db
  await c.var.d1Gate.settle()
  return createDb(c.env.DIRECTORY)
}

/** Before a change that takes rights away, on the directory: the same change on every shard. */
export async function narrowOnShards(c: RequestScope, build: (db: Db) => unknown[]) {
  await c.var.d1Gate.settle()
  await onEveryShard(c.env, build)
}

/**
 * After rows of a global table changed on the directory: the same rows on every shard (or on
 * `targets`), by id. Ids the directory no longer has are deleted there. Tables copied in the
 * order the caller gives (a membership after its user).
 */
export async function copyToShards(
  env: Env,
  table: SQLiteTable,
  ids: readonly number[],
  targets: D1Database[] = shardBindings(env),
): Promise<void> {
  if (ids.length === 0) return
  const sql = copySql(table)
  const wanted = [...new Set(ids)]
  const rows: Record<string, unknown>[] = []
  for (let i = 0; i < wanted.length; i += PAGE) {
    const page = wanted.slice(i, i + PAGE)
    const { results } = await env.DIRECTORY.prepare(sql.select(page.length))
      .bind(...page)
      .all<Record<string, unknown>>()
    rows.push(...results)
  }
  const found = new Set(rows.map((row) => Number(row.id)))
  const gone = wanted.filter((id) => !found.has(id))
  await Promise.all(
    targets.map((binding) => {
      const statements = rows.map((row) =>
        binding.prepare(sql.upsert).bind(...sql.columns.map((column) => row[column])),
      )
      for (let i = 0; i < gone.length; i += PAGE) {
        const page = gone.slice(i, i + PAGE)
        statements.push(binding.prepare(sql.delete(page.length)).bind(...page))
      }
      return statements.length > 0 ? binding.batch(statements) : undefined
    }),
  )
}

/**
 * Gives a shard every global row the directory has: for a shard just added, before it takes
 * accounts (docs/scaling.md). Safe to run again; it overwrites with the directory's rows.
 */
export async function copyGlobalTablesTo(env: Env, target: D1Database) {
  const copied: Record<string, number> = {}
  for (const table of GLOBAL_TABLES) {
    const sql = copySql(table)
    let count = 0
    for (let offset = 0; ; offset += PAGE) {
      const { results } = await env.DIRECTORY.prepare(sql.ids(PAGE, offset)).all<{ id: number }>()
      await copyToShards(
        env,
        table,
        results.map((row) => row.id),
        [target],
      )
      count += results.length
      if (results.length < PAGE) break
    }
    copied[getTableConfig(table).name] = count
  }
  return copied
}

/** Ids per statement: D1 binds at most 100 parameters. */
const PAGE = 90

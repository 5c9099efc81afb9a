import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core'
import { createDb, type Db } from '../db/client'
import { accountShard, shardBinding, shardBindings } from '../db/shards'

/**
 * The database a queue message's row is on. A message names its account (`accountId`), whose
 * shard the directory knows; the consumer works there. Two kinds of message name none that
 * resolves:
 * - one sent by a version from before the shards, with no `accountId`;
 * - one whose account the directory no longer knows (deleted, or rows left behind).
 * Neither is dropped: row ids are unique across shards (db/queries/sequences.ts), so the row the
 * message names is on at most one shard, found by asking each. Undefined: the row is nowhere (its
 * account was deleted), and the message has nothing left to do.
 *
 * An account being moved between shards is read-only on its old shard until the switch, and
 * writes there fail and are retried by the queue; reads of the old copy in the meantime are the
 * same as the new one's.
 */
export async function messageDatabase(
  env: Env,
  table: SQLiteTable,
  accountId: number | undefined,
  rowId: number,
): Promise<Db | undefined> {
  if (accountId !== undefined) {
    const shard = await accountShard(env, accountId)
    if (shard !== undefined) return createDb(shardBinding(env, shard))
  }
  const binding = await shardHoldingRow(env, table, rowId)
  return binding && createDb(binding)
}

/** The shard whose `table` has a row with this id, asking every shard at once. */
async function shardHoldingRow(env: Env, table: SQLiteTable, rowId: number) {
  const name = getTableConfig(table).name.replaceAll('"', '""')
  const shards = shardBindings(env)
  const found = await Promise.all(
    shards.map((binding) =>
      binding.prepare(`select 1 as found from "${name}" where id = ? limit 1`).bind(rowId).first(),
    ),
  )
  return shards[found.findIndex((row) => row !== null)]
}

/** A message's account id when it carries a valid one (older messages carry none). */
export function carriedAccountId(body: Record<string, unknown>): number | undefined {
  return Number.isSafeInteger(body.accountId) ? (body.accountId as number) : undefined
}

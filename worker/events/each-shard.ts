import { createDb, type Db } from '../db/client'
import { shardBindings } from '../db/shards'
import { log } from '../lib/log'

/**
 * Background work that is not about one account (the cron's sweeps) runs on every shard, since
 * each account's rows live on one shard only (docs/scaling.md). The shards run side by side: they
 * are separate databases, and a shard that fails must not keep the others' work from being done.
 */

export type ShardFailure = { shard: number; error: unknown }

/** Runs `work` on every shard; returns the sum of what it counted and the shards that failed. */
export async function onEachShard(
  env: Env,
  work: (db: Db, shard: number) => Promise<number>,
): Promise<{ total: number; failures: ShardFailure[] }> {
  const results = await Promise.allSettled(
    shardBindings(env).map((binding, shard) => work(createDb(binding), shard)),
  )
  let total = 0
  const failures: ShardFailure[] = []
  results.forEach((result, shard) => {
    if (result.status === 'fulfilled') total += result.value
    else failures.push({ shard, error: result.reason })
  })
  return { total, failures }
}

/** `onEachShard` for a caller that counts: the total, or the first failure once all have run. */
export async function sumOverShards(
  env: Env,
  work: (db: Db, shard: number) => Promise<number>,
): Promise<number> {
  const { total, failures } = await onEachShard(env, work)
  if (failures[0]) throw failures[0].error
  return total
}

export function logShardFailures(msg: string, fields: object, failures: ShardFailure[]) {
  for (const { shard, error } of failures) {
    log.error(msg, { ...fields, shard, error })
  }
}

/**
 * A sweep's rows per run, shared among the shards: one cron invocation sweeps them all, and its
 * D1 query budget is the same as when there was one database.
 */
export const perShard = (env: Env, rows: number) =>
  Math.max(1, Math.ceil(rows / shardBindings(env).length))

/**
 * Shard k numbers its rows from k·2^40 up: ids never collide across shards, so an account
 * moved to another shard keeps every id integrators hold (contacts, messages, conversations'
 * rows), and nothing on one shard can be named by an id from another. 2^40 ids a shard, and
 * room for 8,192 shards under JavaScript's safe integers.
 */
export const SHARD_ID_SPAN = 2 ** 40

/**
 * SQL that starts every AUTOINCREMENT sequence of shard `shard` at its span, unless it is past
 * it already (a sequence never moves back). Run after the migrations on every shard, by
 * scripts/db-migrate.mjs and the tests' setup; idempotent. Shard 0's span starts at 0.
 */
export function sequenceFloorSql(shard: number): string[] {
  const floor = shard * SHARD_ID_SPAN
  return [
    `insert into sqlite_sequence (name, seq) select name, ${floor} from sqlite_master where type = 'table' and sql like '%AUTOINCREMENT%' and name not in (select name from sqlite_sequence)`,
    `update sqlite_sequence set seq = ${floor} where seq < ${floor}`,
  ]
}

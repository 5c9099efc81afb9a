import { createDb } from './client'
import { accountsPerShard, findAccountShard, findInboxRoute } from './queries/directory'

/**
 * Where data lives (docs/scaling.md). The DIRECTORY database holds what is global; each
 * account's data lives on one shard, SHARD_0 … SHARD_<n-1>. The global tables (accounts, users,
 * sessions, memberships, agent bots, tokens, platform apps) are copied to every shard, so a
 * request on an account's path reads and authorizes on that shard alone (db/replicate.ts keeps
 * the copies).
 */

const bindingsOf = new WeakMap<object, D1Database[]>()

/** The shards' bindings in order: SHARD_0, SHARD_1, … (as many as wrangler.toml declares). */
export function shardBindings(env: Env): D1Database[] {
  let shards = bindingsOf.get(env)
  if (!shards) {
    shards = []
    const all = env as unknown as Record<string, D1Database | undefined>
    for (let index = 0; all[`SHARD_${index}`]; index++) {
      shards.push(all[`SHARD_${index}`] as D1Database)
    }
    if (shards.length === 0) throw new Error('no SHARD_0 binding: see wrangler.toml')
    bindingsOf.set(env, shards)
  }
  return shards
}

export function shardBinding(env: Env, shard: number): D1Database {
  const binding = shardBindings(env)[shard]
  if (!binding) throw new Error(`no SHARD_${shard} binding`)
  return binding
}

/**
 * What this isolate has learnt of the directory's map. An entry is a speed-up only: a request
 * sent to a shard that no longer holds its account finds no membership there and is refused, and
 * `forgetAccountShard` then makes the next request look again (see `retryOnMovedAccount`).
 */
const accountShardCache = new Map<number, { shard: number; expiresAt: number }>()
const inboxAccountCache = new Map<string, { accountId: number; expiresAt: number }>()
/** How long an isolate trusts what it learnt; a moved account's old copy outlives it. */
export const REMEMBER_MS = 10_000
const MAX_REMEMBERED = 10_000

function remember<K, V extends { expiresAt: number }>(cache: Map<K, V>, key: K, value: V) {
  if (cache.size >= MAX_REMEMBERED) cache.delete(cache.keys().next().value as K)
  cache.set(key, value)
}

/** The shard that holds an account, or undefined for an account the directory does not know. */
export async function accountShard(env: Env, accountId: number): Promise<number | undefined> {
  const known = accountShardCache.get(accountId)
  if (known && known.expiresAt > Date.now()) return known.shard
  const row = await findAccountShard(createDb(env.DIRECTORY), accountId)
  if (!row) return undefined
  remember(accountShardCache, accountId, { shard: row.shard, expiresAt: Date.now() + REMEMBER_MS })
  return row.shard
}

export function forgetAccountShard(accountId: number) {
  accountShardCache.delete(accountId)
}

/**
 * The database an account's data is on. An account the directory does not know resolves to the
 * directory itself, which holds every global table and no account data: the request is then
 * refused or answered empty exactly as it would be for a missing account on a shard.
 */
export async function accountBinding(env: Env, accountId: number): Promise<D1Database> {
  const shard = await accountShard(env, accountId)
  return shard === undefined ? env.DIRECTORY : shardBinding(env, shard)
}

/** The account of a public inbox identifier, or undefined when there is no such inbox. */
export async function inboxAccountId(env: Env, identifier: string) {
  const known = inboxAccountCache.get(identifier)
  if (known && known.expiresAt > Date.now()) return known.accountId
  const row = await findInboxRoute(createDb(env.DIRECTORY), identifier)
  if (!row) return undefined
  remember(inboxAccountCache, identifier, {
    accountId: row.accountId,
    expiresAt: Date.now() + REMEMBER_MS,
  })
  return row.accountId
}

export function forgetInboxRoute(identifier: string) {
  inboxAccountCache.delete(identifier)
}

/** Where a new account goes: the named shard (an operator's choice), else the emptiest. */
export async function shardForNewAccount(env: Env, requested?: number): Promise<number> {
  const shards = shardBindings(env).length
  if (requested !== undefined) {
    if (!Number.isInteger(requested) || requested < 0 || requested >= shards) {
      throw new RangeError(`no shard ${requested}`)
    }
    return requested
  }
  const loads = new Map(
    (await accountsPerShard(createDb(env.DIRECTORY))).map((row) => [row.shard, row.accounts]),
  )
  let best = 0
  for (let shard = 1; shard < shards; shard++) {
    if ((loads.get(shard) ?? 0) < (loads.get(best) ?? 0)) best = shard
  }
  return best
}

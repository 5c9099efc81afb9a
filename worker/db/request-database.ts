import { accountShard, inboxAccountId, shardBinding } from './shards'

const ACCOUNT_PATH = /^\/api\/v[12]\/accounts\/(\d+)(?:\/|$)/
const INBOX_PATH = /^\/public\/api\/v1\/inboxes\/([^/]+)/

/**
 * The database a request works on, from its path: an account's shard for
 * `/api/v1/accounts/{id}/…` and for the public client API (through the inbox identifier), the
 * directory for everything else (profile, sign-in, the platform API). A path naming an account
 * or inbox the directory does not know gets the directory, which has no account data: the
 * request is refused or finds nothing, as it would have before.
 */
export async function requestDatabase(
  env: Env,
  path: string,
): Promise<{ binding: D1Database; shard: number | null }> {
  const accountMatch = ACCOUNT_PATH.exec(path)
  let accountId = accountMatch ? Number(accountMatch[1]) : undefined
  if (accountId === undefined) {
    const inboxMatch = INBOX_PATH.exec(path)
    if (inboxMatch) accountId = await inboxAccountId(env, decodeSegment(inboxMatch[1] as string))
  }
  if (accountId === undefined || !Number.isSafeInteger(accountId)) {
    return { binding: env.DIRECTORY, shard: null }
  }
  const shard = await accountShard(env, accountId)
  return shard === undefined
    ? { binding: env.DIRECTORY, shard: null }
    : { binding: shardBinding(env, shard), shard }
}

function decodeSegment(segment: string) {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

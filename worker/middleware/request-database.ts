import { accountShard, inboxAccountId, shardBinding } from '../db/shards'
import { apiError } from '../errors'
import { parseId } from '../lib/ids'

const ACCOUNT_PATH = /^\/api\/v[12]\/accounts\/([^/]+)(?:\/|$)/
const INBOX_PATH = /^\/public\/api\/v1\/inboxes\/([^/]+)/

/**
 * The database a request works on, from its path: an account's shard for
 * `/api/v1/accounts/{id}/…` and for the public client API (through the inbox identifier), the
 * directory for everything else (profile, sign-in, the platform API). A path that names an
 * account never runs on the directory: an account id not spelled canonically, or one the
 * directory does not know, is a 404 here (the directory's own ids would otherwise answer for
 * another account's). A public path naming an unknown inbox gets the directory, which has no
 * inbox: the request finds nothing.
 */
export async function requestDatabase(
  env: Env,
  path: string,
): Promise<{ binding: D1Database; shard: number | null }> {
  const accountMatch = ACCOUNT_PATH.exec(path)
  if (accountMatch) {
    const accountId = parseId(accountMatch[1])
    const shard = accountId === null ? undefined : await accountShard(env, accountId)
    if (shard === undefined) throw apiError('not_found')
    return { binding: shardBinding(env, shard), shard }
  }
  const inboxMatch = INBOX_PATH.exec(path)
  const accountId = inboxMatch
    ? await inboxAccountId(env, decodeSegment(inboxMatch[1] as string))
    : undefined
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

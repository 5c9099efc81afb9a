import type { Db } from '../db/client'
import { listAccountUsers } from '../db/queries/account-users'
import { accountFeed } from './stubs'

/** The account's lists a dashboard holds, as Chatwoot names their cache keys. */
export type CacheKey = 'label' | 'team' | 'canned_response'

/**
 * Tells every agent dashboard of the account that a list changed (Chatwoot's
 * `account.cache_invalidated`), after the change committed: each reloads that list. It goes to
 * each member's sockets on the account's own feed (never another account's, never a visitor's),
 * whatever inboxes they see, since these lists are the account's.
 */
export async function announceCacheInvalidated(
  env: Env,
  db: Db,
  accountId: number,
  key: CacheKey,
  now = Date.now(),
): Promise<void> {
  const members = await listAccountUsers(db, accountId)
  const feed = accountFeed(env, accountId)
  const data = { account_id: accountId, cache_keys: { [key]: now } }
  // The feed's RPC sends to one member's sockets; one call per member, none of them blocking.
  await Promise.all(
    members.map((member) => feed.sendToUser(member.userId, 'account.cache_invalidated', data)),
  )
}

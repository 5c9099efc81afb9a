import { log } from '../lib/log'
import { accountFeed, conversationRoom } from './stubs'

/**
 * Makes every open live socket of these accounts lose, at once, what a just-committed write took
 * away (see `./access.ts`): each account's feed re-checks its sockets and those of the
 * conversation rooms registered with it, closing or narrowing them. Called, and awaited, by every
 * write that removes rights — inbox or account membership, a role, a token, a user, an agent bot,
 * an inbox, an account — after its batch commits, so a revoked agent stops receiving before the
 * response is sent.
 *
 * A failure is logged, not thrown: the write has committed and its response must say so. The
 * sockets it missed still meet the change on their next (re)connect, which checks D1 afresh.
 */
export async function revokeLiveAccess(env: Env, accountIds: Iterable<number>) {
  const unique = [...new Set(accountIds)]
  const results = await Promise.allSettled(
    unique.map((accountId) => accountFeed(env, accountId).revalidate(accountId)),
  )
  results.forEach((result, i) => {
    if (result.status === 'fulfilled') return
    log.error('live access revocation failed', { accountId: unique[i], error: result.reason })
  })
}

/**
 * Closes the live sockets of a just-deleted conversation (4410): its room re-checks them and
 * finds the conversation gone. Logged, not thrown, as above.
 */
export async function closeDeletedConversation(
  env: Env,
  accountId: number,
  conversationId: number,
) {
  try {
    await conversationRoom(env, accountId, conversationId).revalidate()
  } catch (error) {
    log.error('closing a deleted conversation’s sockets failed', {
      accountId,
      conversationId,
      error,
    })
  }
}

import { and, eq, type SQL } from 'drizzle-orm'
import { randomToken, sha256Hex } from '../../lib/crypto'
import type { Db } from '../client'
import { accessTokens, accountUsers, agentBots, users } from '../schema'

export type TokenOwnerType = 'user' | 'agent_bot' | 'platform_app'

/** A new token in full (returned to the caller once) and the insert that stores only its hash. */
export async function newAccessToken(db: Db, ownerType: TokenOwnerType, ownerId: number | SQL) {
  const token = randomToken(32)
  const insert = db
    .insert(accessTokens)
    .values({ ownerType, ownerId, tokenHash: await sha256Hex(token) })
  return { token, insert }
}

/** A statement that removes every token an owner has (for rotation and deletion). */
export function deleteTokensOf(db: Db, ownerType: TokenOwnerType, ownerId: number) {
  return db
    .delete(accessTokens)
    .where(and(eq(accessTokens.ownerType, ownerType), eq(accessTokens.ownerId, ownerId)))
}

export async function findTokenOwner(db: Db, token: string) {
  const [row] = await db
    .select({ ownerType: accessTokens.ownerType, ownerId: accessTokens.ownerId })
    .from(accessTokens)
    .where(eq(accessTokens.tokenHash, await sha256Hex(token)))
    .limit(1)
  return row
}

/**
 * Resolves a token to its owner and, for a user, the role in `accountId`, in one round trip.
 * `role` is null when the user is not a member of that account.
 */
export async function findTokenOwnerInAccount(db: Db, token: string, accountId: number) {
  const [row] = await db
    .select({
      ownerType: accessTokens.ownerType,
      ownerId: accessTokens.ownerId,
      role: accountUsers.role,
      userName: users.name,
      botAccountId: agentBots.accountId,
    })
    .from(accessTokens)
    .leftJoin(users, and(eq(accessTokens.ownerType, 'user'), eq(users.id, accessTokens.ownerId)))
    .leftJoin(
      accountUsers,
      and(eq(accountUsers.userId, users.id), eq(accountUsers.accountId, accountId)),
    )
    .leftJoin(
      agentBots,
      and(eq(accessTokens.ownerType, 'agent_bot'), eq(agentBots.id, accessTokens.ownerId)),
    )
    .where(eq(accessTokens.tokenHash, await sha256Hex(token)))
    .limit(1)
  return row
}

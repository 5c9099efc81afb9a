import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { randomToken, sha256Hex } from '../../lib/crypto'
import type { Db } from '../client'
import { accessTokens, accountUsers, agentBotInboxes, agentBots, users } from '../schema'
import { chunk } from './agents'

export type TokenOwnerType = 'user' | 'agent_bot' | 'platform_app'

/** A new token in full (returned to the caller once) and the insert that stores only its hash. */
export async function newAccessToken(db: Db, ownerType: TokenOwnerType, ownerId: number | SQL) {
  const token = randomToken(32)
  const insert = db
    .insert(accessTokens)
    .values({ ownerType, ownerId, tokenHash: await sha256Hex(token) })
    // The id is what db/replicate.ts copies to the shards.
    .returning({ id: accessTokens.id })
  return { token, insert }
}

/**
 * A statement that removes every token an owner has (for rotation and deletion). Returns the
 * removed ids: on the directory, what to delete from the shards' copies afterwards too (a token
 * made while the shards were narrowed reached them before the directory removed it).
 */
export function deleteTokensOf(db: Db, ownerType: TokenOwnerType, ownerId: number) {
  return db
    .delete(accessTokens)
    .where(and(eq(accessTokens.ownerType, ownerType), eq(accessTokens.ownerId, ownerId)))
    .returning({ id: accessTokens.id })
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
 * A token's owner and, for a user, the role in `accountId` (null when not a member). Kept as a
 * statement so the authentication middleware can send it in the same batch as a request's first
 * read; `tokenOwnerFromValues` reads its row.
 */
export function tokenOwnerStatement(db: Db, tokenHash: string, accountId: number) {
  return db
    .select({
      ownerType: accessTokens.ownerType,
      ownerId: accessTokens.ownerId,
      role: accountUsers.role,
      userName: users.name,
      // A global bot (no account) acts in an account whose inbox it answers, as in Chatwoot.
      botAccountId: sql<
        number | null
      >`coalesce(${agentBots.accountId}, (select ${agentBotInboxes.accountId} from ${agentBotInboxes} where ${agentBotInboxes.agentBotId} = ${agentBots.id} and ${agentBotInboxes.accountId} = ${accountId} limit 1))`.as(
        'account_id',
      ),
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
    .where(eq(accessTokens.tokenHash, tokenHash))
    .limit(1)
}

export type TokenOwner = NonNullable<Awaited<ReturnType<typeof tokenOwnerStatement>>[number]>

/** The row of `tokenOwnerStatement` from its values in select order (as a D1 batch gives them). */
export function tokenOwnerFromValues(values: unknown[] | undefined): TokenOwner | undefined {
  if (!values) return undefined
  const [ownerType, ownerId, role, userName, botAccountId] = values
  return {
    ownerType: ownerType as TokenOwner['ownerType'],
    ownerId: Number(ownerId),
    role: (role ?? null) as TokenOwner['role'],
    userName: (userName ?? null) as TokenOwner['userName'],
    botAccountId: botAccountId === null || botAccountId === undefined ? null : Number(botAccountId),
  }
}

/** Resolves a token to its owner and, for a user, the role in `accountId`, in one round trip. */
export async function findTokenOwnerInAccount(db: Db, token: string, accountId: number) {
  const [row] = await tokenOwnerStatement(db, await sha256Hex(token), accountId)
  return row
}

/**
 * For live sockets' re-check: the owners of many token hashes at once, each with its role in
 * `accountId` as in `tokenOwnerStatement`. A hash with no row is a token rotated or revoked.
 */
export async function tokenOwnersByHash(db: Db, tokenHashes: readonly string[], accountId: number) {
  const pages = await Promise.all(
    chunk(tokenHashes).map((hashes) =>
      db
        .select({
          tokenHash: accessTokens.tokenHash,
          ownerType: accessTokens.ownerType,
          ownerId: accessTokens.ownerId,
          role: accountUsers.role,
          botAccountId: agentBots.accountId,
        })
        .from(accessTokens)
        .leftJoin(
          users,
          and(eq(accessTokens.ownerType, 'user'), eq(users.id, accessTokens.ownerId)),
        )
        .leftJoin(
          accountUsers,
          and(eq(accountUsers.userId, users.id), eq(accountUsers.accountId, accountId)),
        )
        .leftJoin(
          agentBots,
          and(eq(accessTokens.ownerType, 'agent_bot'), eq(agentBots.id, accessTokens.ownerId)),
        )
        .where(inArray(accessTokens.tokenHash, hashes)),
    ),
  )
  return pages.flat()
}

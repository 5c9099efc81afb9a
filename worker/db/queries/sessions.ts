import { and, eq, gt, inArray, lte, ne, notExists } from 'drizzle-orm'
import { nowSeconds } from '../../lib/time'
import type { Db } from '../client'
import { accountUsers, userSessions, users } from '../schema'
import { chunk } from './agents'

/** A new session row: only the token's hash is stored. */
export function insertSessionStatement(
  db: Db,
  values: { userId: number; tokenHash: string; expiresAt: number },
) {
  return db.insert(userSessions).values(values).returning({ id: userSessions.id })
}

/**
 * The user of an unexpired session and, with `accountId`, the user's role there (null when not
 * a member; 0 is no account's id). One round trip.
 */
export async function findSessionOwner(db: Db, tokenHash: string, accountId: number) {
  const [row] = await db
    .select({
      sessionId: userSessions.id,
      userId: userSessions.userId,
      email: users.email,
      name: users.name,
      role: accountUsers.role,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .leftJoin(
      accountUsers,
      and(eq(accountUsers.userId, userSessions.userId), eq(accountUsers.accountId, accountId)),
    )
    .where(and(eq(userSessions.tokenHash, tokenHash), gt(userSessions.expiresAt, nowSeconds())))
    .limit(1)
  return row
}

export type SessionOwner = NonNullable<Awaited<ReturnType<typeof findSessionOwner>>>

/**
 * For live sockets' re-check: the unexpired sessions among these hashes, each with its user's
 * role in `accountId`. A hash with no row is a session ended (sign-out, password change,
 * removal from an account, user deleted) or expired.
 */
export async function sessionOwnersByHash(
  db: Db,
  tokenHashes: readonly string[],
  accountId: number,
) {
  const now = nowSeconds()
  const pages = await Promise.all(
    chunk(tokenHashes).map((hashes) =>
      db
        .select({
          tokenHash: userSessions.tokenHash,
          userId: userSessions.userId,
          role: accountUsers.role,
        })
        .from(userSessions)
        .leftJoin(
          accountUsers,
          and(eq(accountUsers.userId, userSessions.userId), eq(accountUsers.accountId, accountId)),
        )
        .where(and(inArray(userSessions.tokenHash, hashes), gt(userSessions.expiresAt, now))),
    ),
  )
  return pages.flat()
}

/** Ends one session (sign-out). */
export function deleteSessionStatement(db: Db, tokenHash: string) {
  return db.delete(userSessions).where(eq(userSessions.tokenHash, tokenHash))
}

/**
 * Ends every session of a user (password change, removal from an account, deletion), except
 * the one with `keepId` when given. Returns the ended ids: on the directory, they are what to
 * delete from the shards' copies afterwards (a session signed in while the shards were being
 * narrowed reached them before the directory ended it).
 */
export function deleteSessionsOfStatement(db: Db, userId: number, keepId?: number) {
  return db
    .delete(userSessions)
    .where(
      keepId === undefined
        ? eq(userSessions.userId, userId)
        : and(eq(userSessions.userId, userId), ne(userSessions.id, keepId)),
    )
    .returning({ id: userSessions.id })
}

/** The ids of a user's sessions: what the shards' copies must hold again after a refused change. */
export async function sessionIdsOf(db: Db, userId: number) {
  const rows = await db
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(eq(userSessions.userId, userId))
  return rows.map((row) => row.id)
}

/** Expired sessions are refused on read; this removes them from a user's rows as it signs in. */
export function deleteExpiredSessionsOfStatement(db: Db, userId: number) {
  return db
    .delete(userSessions)
    .where(and(eq(userSessions.userId, userId), lte(userSessions.expiresAt, nowSeconds())))
}

/**
 * Ends every session of a user who is no longer a member of `accountId`; run in the batch right
 * after the membership's delete, it does nothing when that delete was refused (the last
 * administrator) or lost a race. Returns the ended ids, as `deleteSessionsOfStatement`.
 */
export function deleteSessionsOfRemovedMemberStatement(db: Db, accountId: number, userId: number) {
  const stillMember = db
    .select({ one: accountUsers.id })
    .from(accountUsers)
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId)))
  return db
    .delete(userSessions)
    .where(and(eq(userSessions.userId, userId), notExists(stillMember)))
    .returning({ id: userSessions.id })
}

import {
  and,
  eq,
  exists,
  gt,
  inArray,
  isNull,
  max,
  ne,
  notExists,
  type SQL,
  sql,
} from 'drizzle-orm'
import { nowSeconds } from '../../lib/time'
import type { Db } from '../client'
import { accountUsers, passwordTokens, userSessions, users } from '../schema'

export type PasswordTokenPurpose = (typeof passwordTokens.$inferSelect)['purpose']

/*
 * Links live only in the directory (docs/scaling.md): every `db` here is the directory's, also
 * on an account's path (`directoryDb`). Shards have the table, empty.
 */

/** A new link's row: only the token's SHA-256 is stored. */
export function insertPasswordTokenStatement(
  db: Db,
  values: {
    userId: number | SQL
    accountId: number
    purpose: PasswordTokenPurpose
    tokenHash: string
    /** Null when the user asked for the link itself ("Forgot password?"). */
    createdById: number | null
    expiresAt: number
  },
) {
  return db.insert(passwordTokens).values(values)
}

/** Unused, unrevoked and unexpired. */
const usable = () =>
  and(
    isNull(passwordTokens.usedAt),
    isNull(passwordTokens.revokedAt),
    gt(passwordTokens.expiresAt, nowSeconds()),
  )

/** The user's links in the account that were neither used nor revoked. */
const unusedTokensOf = (accountId: number, userId: number) =>
  and(
    eq(passwordTokens.accountId, accountId),
    eq(passwordTokens.userId, userId),
    isNull(passwordTokens.usedAt),
    isNull(passwordTokens.revokedAt),
  )

/** Revokes the user's unused links in the account (of one purpose, or all). */
export function revokeUnusedTokensStatement(
  db: Db,
  accountId: number,
  userId: number,
  purpose?: PasswordTokenPurpose,
) {
  return db
    .update(passwordTokens)
    .set({ revokedAt: nowSeconds() })
    .where(
      and(
        unusedTokensOf(accountId, userId),
        purpose ? eq(passwordTokens.purpose, purpose) : undefined,
      ),
    )
}

/**
 * Revokes the unused links of a user who is no longer a member of `accountId`; run in the batch
 * right after the membership's delete, it does nothing when that delete was refused.
 */
export function revokeTokensOfRemovedMemberStatement(db: Db, accountId: number, userId: number) {
  const stillMember = db
    .select({ one: accountUsers.id })
    .from(accountUsers)
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId)))
  return db
    .update(passwordTokens)
    .set({ revokedAt: nowSeconds() })
    .where(and(unusedTokensOf(accountId, userId), notExists(stillMember)))
}

/**
 * The one account a user belongs to, or null when it belongs to none or to several: a link is
 * only ever for a user of one account (see `findUsableToken`).
 */
export async function soleAccountOf(db: Db, userId: number) {
  const rows = await db
    .select({ accountId: accountUsers.accountId })
    .from(accountUsers)
    .where(eq(accountUsers.userId, userId))
    .limit(2)
  return rows.length === 1 && rows[0] ? rows[0].accountId : null
}

/** The other accounts a user belongs to (a link may only be issued for a user of one account). */
export async function otherAccountCount(db: Db, accountId: number, userId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(accountUsers)
    .where(and(eq(accountUsers.userId, userId), ne(accountUsers.accountId, accountId)))
  return row?.n ?? 0
}

/**
 * A usable link by its hash, with its user, while the user is still a member of the link's
 * account and of no other (see the agents router on why).
 */
export async function findUsableToken(db: Db, tokenHash: string) {
  const otherMembership = db
    .select({ one: accountUsers.id })
    .from(accountUsers)
    .where(
      and(
        eq(accountUsers.userId, passwordTokens.userId),
        ne(accountUsers.accountId, passwordTokens.accountId),
      ),
    )
  const [row] = await db
    .select({ token: passwordTokens, user: users })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .innerJoin(
      accountUsers,
      and(
        eq(accountUsers.userId, passwordTokens.userId),
        eq(accountUsers.accountId, passwordTokens.accountId),
      ),
    )
    .where(and(eq(passwordTokens.tokenHash, tokenHash), usable(), notExists(otherMembership)))
    .limit(1)
  return row
}

/** The condition "link `tokenId` is still usable", for statements that must run only then. */
const stillUsable = (db: Db, tokenId: number) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(passwordTokens)
      .where(and(eq(passwordTokens.id, tokenId), usable())),
  )

/**
 * Using a link, as one batch on the directory (the only database with links): the password is
 * stored, every session and every other unused link of the user end, and the link is marked
 * used, each only while the link is still usable; the second statement returns the ended
 * sessions' ids (to delete their shard copies), the last the link's id when this batch was the
 * one that used it.
 */
export function useTokenStatements(
  db: Db,
  token: { id: number; userId: number },
  passwordHash: string,
) {
  const now = nowSeconds()
  return [
    db
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, token.userId), stillUsable(db, token.id))),
    db
      .delete(userSessions)
      .where(and(eq(userSessions.userId, token.userId), stillUsable(db, token.id)))
      .returning({ id: userSessions.id }),
    db
      .update(passwordTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(passwordTokens.userId, token.userId),
          ne(passwordTokens.id, token.id),
          isNull(passwordTokens.usedAt),
          isNull(passwordTokens.revokedAt),
          stillUsable(db, token.id),
        ),
      ),
    db
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordTokens.id, token.id), usable()))
      .returning({ id: passwordTokens.id }),
  ] as const
}

/** Per user of the account: when its latest usable invitation link expires. */
export async function pendingInvitationExpiries(db: Db, accountId: number, userIds: number[]) {
  const expiries = new Map<number, number>()
  if (userIds.length === 0) return expiries
  const rows = await db
    .select({ userId: passwordTokens.userId, expiresAt: max(passwordTokens.expiresAt) })
    .from(passwordTokens)
    .where(
      and(
        eq(passwordTokens.accountId, accountId),
        eq(passwordTokens.purpose, 'invitation'),
        userIds.length <= 90 ? inArray(passwordTokens.userId, userIds) : undefined,
        usable(),
      ),
    )
    .groupBy(passwordTokens.userId)
  for (const r of rows) if (r.expiresAt !== null) expiries.set(r.userId, r.expiresAt)
  return expiries
}

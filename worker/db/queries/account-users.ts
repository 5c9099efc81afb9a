import { and, asc, eq } from 'drizzle-orm'
import { nowSeconds } from '../../lib/time'
import type { Db } from '../client'
import { accountUsers } from '../schema'

export type Role = 'administrator' | 'agent'

export function listAccountUsers(db: Db, accountId: number) {
  return db
    .select()
    .from(accountUsers)
    .where(eq(accountUsers.accountId, accountId))
    .orderBy(asc(accountUsers.id))
}

/** Adds the user to the account, or changes the role of an existing member. */
export function upsertAccountUserStatement(
  db: Db,
  values: { accountId: number; userId: number; role: Role; inviterId?: number | null },
) {
  return db
    .insert(accountUsers)
    .values(values)
    .onConflictDoUpdate({
      target: [accountUsers.accountId, accountUsers.userId],
      set: { role: values.role, updatedAt: nowSeconds() },
    })
    .returning()
}

/**
 * Lowers an existing member to agent (inserts nothing): on the shards, before the directory's
 * upsert makes the same change, so a demoted administrator loses its rights there first.
 */
export function demoteAccountUserStatement(db: Db, accountId: number, userId: number) {
  return db
    .update(accountUsers)
    .set({ role: 'agent', updatedAt: nowSeconds() })
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId)))
}

export function deleteAccountUserStatement(db: Db, accountId: number, userId: number) {
  return db
    .delete(accountUsers)
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId)))
    .returning({ id: accountUsers.id })
}

export async function setAvailability(
  db: Db,
  accountId: number,
  userId: number,
  availability: 'online' | 'offline' | 'busy',
) {
  const [row] = await db
    .update(accountUsers)
    .set({ availability, activeAt: nowSeconds(), updatedAt: nowSeconds() })
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId)))
    .returning({ id: accountUsers.id })
  return row
}

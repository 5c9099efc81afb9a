import { eq, inArray } from 'drizzle-orm'
import { nowSeconds } from '../../lib/time'
import type { Db } from '../client'
import { accounts } from '../schema'
import { permissibleIdsQuery } from './platform-apps'

export type AccountRow = typeof accounts.$inferSelect
export type NewAccount = typeof accounts.$inferInsert

export function insertAccount(db: Db, values: NewAccount) {
  return db.insert(accounts).values(values).returning()
}

export async function findAccount(db: Db, id: number) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1)
  return row
}

export function listPlatformAppAccounts(db: Db, platformAppId: number) {
  return db
    .select()
    .from(accounts)
    .where(inArray(accounts.id, permissibleIdsQuery(db, platformAppId, 'account')))
    .orderBy(accounts.id)
}

export async function updateAccount(db: Db, id: number, values: Partial<NewAccount>) {
  const [row] = await db
    .update(accounts)
    .set({ ...values, updatedAt: nowSeconds() })
    .where(eq(accounts.id, id))
    .returning()
  return row
}

/** Suspends an account (a narrowing: run on every shard before the directory's update). */
export function suspendAccountStatement(db: Db, id: number) {
  return db
    .update(accounts)
    .set({ status: 'suspended', updatedAt: nowSeconds() })
    .where(eq(accounts.id, id))
}

export function deleteAccountStatement(db: Db, id: number) {
  return db.delete(accounts).where(eq(accounts.id, id))
}

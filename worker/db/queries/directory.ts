import { count, eq, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { accountShards, inboxRoutes } from '../schema'

/** The directory's row for an account: its shard, and whether it is read-only (being moved). */
export async function findAccountShard(db: Db, accountId: number) {
  const [row] = await db
    .select({ shard: accountShards.shard, readOnly: accountShards.readOnly })
    .from(accountShards)
    .where(eq(accountShards.accountId, accountId))
    .limit(1)
  return row
}

/** `accountId` may be SQL (the account inserted earlier in the same batch). */
export function insertAccountShardStatement(db: Db, accountId: number | SQL, shard: number) {
  return db.insert(accountShards).values({ accountId, shard })
}

export function updateAccountShardStatement(
  db: Db,
  accountId: number,
  values: { shard?: number; readOnly?: boolean },
) {
  return db
    .update(accountShards)
    .set({ ...values, updatedAt: sql`(unixepoch())` })
    .where(eq(accountShards.accountId, accountId))
}

/** Accounts per shard, for placing a new one on the emptiest. */
export function accountsPerShard(db: Db) {
  return db
    .select({ shard: accountShards.shard, accounts: count() })
    .from(accountShards)
    .groupBy(accountShards.shard)
}

export async function findInboxRoute(db: Db, identifier: string) {
  const [row] = await db
    .select({ accountId: inboxRoutes.accountId })
    .from(inboxRoutes)
    .where(eq(inboxRoutes.identifier, identifier))
    .limit(1)
  return row
}

export function insertInboxRouteStatement(db: Db, identifier: string, accountId: number) {
  return db.insert(inboxRoutes).values({ identifier, accountId }).onConflictDoNothing()
}

export function deleteInboxRouteStatement(db: Db, identifier: string) {
  return db.delete(inboxRoutes).where(eq(inboxRoutes.identifier, identifier))
}

/** An account's public inbox identifiers, to forget their routes once the account is deleted. */
export async function listInboxRoutesOfAccount(db: Db, accountId: number) {
  const rows = await db
    .select({ identifier: inboxRoutes.identifier })
    .from(inboxRoutes)
    .where(eq(inboxRoutes.accountId, accountId))
  return rows.map((row) => row.identifier)
}

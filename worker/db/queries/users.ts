import { and, asc, eq, ne, notExists, sql } from 'drizzle-orm'
import { randomToken } from '../../lib/crypto'
import { nowSeconds } from '../../lib/time'
import type { Db } from '../client'
import { accounts, accountUsers, inboxMembers, users } from '../schema'
import { effectiveAvailabilitySql } from './presence'

export type UserRow = typeof users.$inferSelect
export type NewUser = Omit<typeof users.$inferInsert, 'pubsubToken'>

export function insertUserStatement(db: Db, values: NewUser) {
  return db
    .insert(users)
    .values({ ...values, pubsubToken: randomToken(24) })
    .returning()
}

export async function findUser(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row
}

/** A user and its memberships (as `listMemberships`), in one round trip. */
export async function findUserWithMemberships(db: Db, id: number) {
  const [rows, memberships] = await db.batch([
    db.select().from(users).where(eq(users.id, id)).limit(1),
    listMemberships(db, id),
  ])
  return { user: rows[0], memberships }
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  return row
}

export function updateUserStatement(db: Db, id: number, values: Partial<NewUser>) {
  return db
    .update(users)
    .set({ ...values, updatedAt: nowSeconds() })
    .where(eq(users.id, id))
    .returning()
}

/**
 * Renames the user only while it belongs to no account but `accountId`: users are shared by their
 * accounts, and one account may not change what another sees. Checked inside the statement, so a
 * membership added meanwhile cannot slip in between; returns no row when refused.
 */
export function renameUserOfOneAccountStatement(
  db: Db,
  userId: number,
  accountId: number,
  name: string,
) {
  const elsewhere = db
    .select({ one: accountUsers.id })
    .from(accountUsers)
    .where(and(eq(accountUsers.userId, userId), ne(accountUsers.accountId, accountId)))
  return db
    .update(users)
    .set({ name, updatedAt: nowSeconds() })
    .where(and(eq(users.id, userId), notExists(elsewhere)))
    .returning({ id: users.id })
}

export function deleteUserStatement(db: Db, id: number) {
  return db.delete(users).where(eq(users.id, id))
}

/** A user's accounts with the account's name and status, oldest membership first. */
export function listMemberships(db: Db, userId: number) {
  return db
    .select({
      id: accountUsers.id,
      accountId: accountUsers.accountId,
      userId: accountUsers.userId,
      role: accountUsers.role,
      inviterId: accountUsers.inviterId,
      availability: accountUsers.availability,
      autoOffline: accountUsers.autoOffline,
      connected: accountUsers.connected,
      activeAt: accountUsers.activeAt,
      agentCapacityPolicyId: accountUsers.agentCapacityPolicyId,
      createdAt: accountUsers.createdAt,
      updatedAt: accountUsers.updatedAt,
      accountName: accounts.name,
      accountStatus: accounts.status,
    })
    .from(accountUsers)
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .where(eq(accountUsers.userId, userId))
    .orderBy(asc(accountUsers.id))
}

/**
 * The inbox's members whose effective availability in its account is `online` (Chatwoot's
 * `available_agents`): what the widget's "we are online" reads. Busy and offline agents are not.
 */
export function listAvailableInboxAgents(db: Db, accountId: number, inboxId: number) {
  return db
    .select({ id: users.id, name: users.name, displayName: users.displayName })
    .from(inboxMembers)
    .innerJoin(users, eq(users.id, inboxMembers.userId))
    .innerJoin(
      accountUsers,
      and(eq(accountUsers.userId, inboxMembers.userId), eq(accountUsers.accountId, accountId)),
    )
    .where(and(eq(inboxMembers.inboxId, inboxId), sql`${effectiveAvailabilitySql()} = 'online'`))
    .orderBy(asc(users.id))
}

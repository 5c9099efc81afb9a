import { and, eq, inArray, type SQL } from 'drizzle-orm'
import type { Db } from '../client'
import { accountUsers, inboxes, inboxMembers } from '../schema'
import { type AgentRow, chunk, selectAgents } from './agents'

// Three bound values per inserted row keeps each insert well under D1's 100 parameters.
const ROWS_PER_INSERT = 30

/** The user ids that are members of the inbox (inbox ids are global, so no account is needed). */
export async function listInboxMemberIds(db: Db, inboxId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: inboxMembers.userId })
    .from(inboxMembers)
    .where(eq(inboxMembers.inboxId, inboxId))
    .orderBy(inboxMembers.userId)
  return rows.map((r) => r.userId)
}

/** The inbox's members who are still members of the account, as agents. */
export function listInboxMembers(db: Db, accountId: number, inboxId: number): Promise<AgentRow[]> {
  const memberIds = db
    .select({ userId: inboxMembers.userId })
    .from(inboxMembers)
    .where(eq(inboxMembers.inboxId, inboxId))
  return selectAgents(db, accountId, inArray(accountUsers.userId, memberIds))
}

export function addInboxMembersStatements(
  db: Db,
  accountId: number,
  inboxId: number,
  userIds: readonly number[],
) {
  return chunk(userIds, ROWS_PER_INSERT).map((ids) =>
    db
      .insert(inboxMembers)
      .values(ids.map((userId) => ({ accountId, inboxId, userId })))
      .onConflictDoNothing(),
  )
}

export function removeInboxMembersStatements(db: Db, inboxId: number, userIds: readonly number[]) {
  return chunk(userIds).map((ids) =>
    db
      .delete(inboxMembers)
      .where(and(eq(inboxMembers.inboxId, inboxId), inArray(inboxMembers.userId, ids))),
  )
}

/** The inboxes each of these users belongs to in the account (users with none are absent). */
export async function memberInboxIdsByUser(db: Db, accountId: number, userIds: readonly number[]) {
  const pages = await Promise.all(
    chunk(userIds).map((ids) =>
      db
        .select({ userId: inboxMembers.userId, inboxId: inboxMembers.inboxId })
        .from(inboxMembers)
        .where(and(eq(inboxMembers.accountId, accountId), inArray(inboxMembers.userId, ids))),
    ),
  )
  const byUser = new Map<number, number[]>()
  for (const row of pages.flat()) {
    byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.inboxId])
  }
  return byUser
}

/** Which of these inbox ids are inboxes of the account (the others belong elsewhere or to none). */
export async function accountInboxIds(db: Db, accountId: number, ids: readonly number[]) {
  const pages = await Promise.all(
    chunk(ids).map((page) =>
      db
        .select({ id: inboxes.id })
        .from(inboxes)
        .where(and(eq(inboxes.accountId, accountId), inArray(inboxes.id, page))),
    ),
  )
  return new Set(pages.flat().map((row) => row.id))
}

/**
 * One user into several inboxes of the account. The user may be a subquery: a user invited in
 * the same batch has no id yet.
 */
export function addUserToInboxesStatements(
  db: Db,
  accountId: number,
  inboxIds: readonly number[],
  userId: number | SQL,
) {
  return chunk(inboxIds, ROWS_PER_INSERT).map((ids) =>
    db
      .insert(inboxMembers)
      .values(ids.map((inboxId) => ({ accountId, inboxId, userId })))
      .onConflictDoNothing(),
  )
}

import { and, asc, eq, exists } from 'drizzle-orm'
import { nowSeconds } from '../../lib/time'
import type { Db } from '../client'
import { inboxes, inboxMembers } from '../schema'

export type InboxRow = typeof inboxes.$inferSelect
export type NewInbox = typeof inboxes.$inferInsert

/** Agents see an inbox only when they are its member; administrators see all of them. */
export function inboxVisibleTo(db: Db, userId: number | null) {
  if (userId === null) return undefined
  return exists(
    db
      .select({ one: inboxMembers.inboxId })
      .from(inboxMembers)
      .where(and(eq(inboxMembers.inboxId, inboxes.id), eq(inboxMembers.userId, userId))),
  )
}

export function listInboxes(db: Db, accountId: number, agentId: number | null) {
  return db
    .select()
    .from(inboxes)
    .where(and(eq(inboxes.accountId, accountId), inboxVisibleTo(db, agentId)))
    .orderBy(asc(inboxes.name), asc(inboxes.id))
}

export async function findInbox(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(inboxes)
    .where(and(eq(inboxes.accountId, accountId), eq(inboxes.id, id)))
    .limit(1)
  return row
}

export async function isInboxMember(db: Db, inboxId: number, userId: number) {
  const [row] = await db
    .select({ one: inboxMembers.inboxId })
    .from(inboxMembers)
    .where(and(eq(inboxMembers.inboxId, inboxId), eq(inboxMembers.userId, userId)))
    .limit(1)
  return Boolean(row)
}

export async function findInboxByIdentifier(db: Db, identifier: string) {
  const [row] = await db.select().from(inboxes).where(eq(inboxes.identifier, identifier)).limit(1)
  return row
}

export async function insertInbox(db: Db, values: NewInbox) {
  const [row] = await db.insert(inboxes).values(values).returning()
  return row
}

export async function updateInbox(
  db: Db,
  accountId: number,
  id: number,
  values: Partial<NewInbox>,
) {
  const [row] = await db
    .update(inboxes)
    .set({ ...values, updatedAt: nowSeconds() })
    .where(and(eq(inboxes.accountId, accountId), eq(inboxes.id, id)))
    .returning()
  return row
}

/**
 * Deletes the inbox (its conversations go with it: FK cascades); returns its row's id and public
 * identifier (the directory's route), if any. A statement, for the batch that records its files.
 */
export function deleteInboxStatement(db: Db, accountId: number, id: number) {
  return db
    .delete(inboxes)
    .where(and(eq(inboxes.accountId, accountId), eq(inboxes.id, id)))
    .returning({ id: inboxes.id, identifier: inboxes.identifier })
}

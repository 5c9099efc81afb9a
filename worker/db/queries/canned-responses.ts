import { and, asc, desc, eq, or, sql } from 'drizzle-orm'
import { containsPattern, escapeLike } from '../../lib/like'
import { nowSeconds } from '../../lib/time'
import type { Db } from '../client'
import { cannedResponses } from '../schema'

export type CannedResponseRow = typeof cannedResponses.$inferSelect
export type NewCannedResponse = typeof cannedResponses.$inferInsert

/**
 * The account's canned responses, oldest first. With `search`, as Chatwoot's order_by_search:
 * those whose short_code or content contains the text, short_codes starting with it first, then
 * short_codes containing it, then the rest (content only). LIKE folds ASCII case only, as
 * SQLite's does (Chatwoot's ILIKE folds every letter).
 */
export function listCannedResponses(db: Db, accountId: number, search?: string) {
  const account = eq(cannedResponses.accountId, accountId)
  if (!search) {
    return db.select().from(cannedResponses).where(account).orderBy(asc(cannedResponses.id))
  }
  const contains = containsPattern(search)
  const prefix = `${escapeLike(search)}%`
  const rank = sql`case
    when ${cannedResponses.shortCode} like ${prefix} escape '\\' then 2
    when ${cannedResponses.shortCode} like ${contains} escape '\\' then 1
    else 0 end`
  return db
    .select()
    .from(cannedResponses)
    .where(
      and(
        account,
        or(
          sql`${cannedResponses.shortCode} like ${contains} escape '\\'`,
          sql`${cannedResponses.content} like ${contains} escape '\\'`,
        ),
      ),
    )
    .orderBy(desc(rank), asc(cannedResponses.id))
}

export async function findCannedResponse(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(cannedResponses)
    .where(and(eq(cannedResponses.accountId, accountId), eq(cannedResponses.id, id)))
    .limit(1)
  return row
}

/** Exact (case-sensitive) match, as the unique index compares. */
export async function findCannedResponseByShortCode(db: Db, accountId: number, shortCode: string) {
  const [row] = await db
    .select({ id: cannedResponses.id })
    .from(cannedResponses)
    .where(and(eq(cannedResponses.accountId, accountId), eq(cannedResponses.shortCode, shortCode)))
    .limit(1)
  return row
}

export async function insertCannedResponse(db: Db, values: NewCannedResponse) {
  const [row] = await db.insert(cannedResponses).values(values).returning()
  return row
}

export async function updateCannedResponse(
  db: Db,
  accountId: number,
  id: number,
  values: Partial<Pick<NewCannedResponse, 'shortCode' | 'content'>>,
) {
  const [row] = await db
    .update(cannedResponses)
    .set({ ...values, updatedAt: nowSeconds() })
    .where(and(eq(cannedResponses.accountId, accountId), eq(cannedResponses.id, id)))
    .returning()
  return row
}

export async function deleteCannedResponse(db: Db, accountId: number, id: number) {
  const rows = await db
    .delete(cannedResponses)
    .where(and(eq(cannedResponses.accountId, accountId), eq(cannedResponses.id, id)))
    .returning({ id: cannedResponses.id })
  return rows.length > 0
}

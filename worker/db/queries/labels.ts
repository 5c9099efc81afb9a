import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../client'
import { labels } from '../schema'

export type LabelRow = typeof labels.$inferSelect
export type NewLabel = typeof labels.$inferInsert

export function listLabels(db: Db, accountId: number) {
  return db
    .select()
    .from(labels)
    .where(eq(labels.accountId, accountId))
    .orderBy(asc(labels.title), asc(labels.id))
}

export async function findLabel(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(labels)
    .where(and(eq(labels.accountId, accountId), eq(labels.id, id)))
    .limit(1)
  return row
}

export async function findLabelByTitle(db: Db, accountId: number, title: string) {
  const [row] = await db
    .select()
    .from(labels)
    .where(and(eq(labels.accountId, accountId), eq(labels.title, title)))
    .limit(1)
  return row
}

export async function insertLabel(db: Db, values: NewLabel) {
  const [row] = await db.insert(labels).values(values).returning()
  return row
}

export async function updateLabel(
  db: Db,
  accountId: number,
  id: number,
  values: Partial<Omit<NewLabel, 'id' | 'accountId'>>,
) {
  const [row] = await db
    .update(labels)
    .set(values)
    .where(and(eq(labels.accountId, accountId), eq(labels.id, id)))
    .returning()
  return row
}

export async function deleteLabel(db: Db, accountId: number, id: number) {
  const rows = await db
    .delete(labels)
    .where(and(eq(labels.accountId, accountId), eq(labels.id, id)))
    .returning({ id: labels.id })
  return rows.length > 0
}

import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../client'
import { contactLabels, labels } from '../schema'

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

export function updateLabelStatement(
  db: Db,
  accountId: number,
  id: number,
  values: Partial<Omit<NewLabel, 'id' | 'accountId'>>,
) {
  return db
    .update(labels)
    .set(values)
    .where(and(eq(labels.accountId, accountId), eq(labels.id, id)))
    .returning()
}

/**
 * Renames a label on the contacts that carry it (one that carries both keeps one). Contacts'
 * label changes send no events here, so this is plain SQL; conversations go through their
 * label writes (see routes/labels.ts).
 */
export function renameContactLabelStatements(db: Db, accountId: number, from: string, to: string) {
  const carriesNew = db
    .select({ id: contactLabels.contactId })
    .from(contactLabels)
    .where(and(eq(contactLabels.accountId, accountId), eq(contactLabels.label, to)))
  const old = and(eq(contactLabels.accountId, accountId), eq(contactLabels.label, from))
  return [
    db.delete(contactLabels).where(and(old, inArray(contactLabels.contactId, carriesNew))),
    db.update(contactLabels).set({ label: to }).where(old),
  ] as const
}

export async function deleteLabel(db: Db, accountId: number, id: number) {
  const rows = await db
    .delete(labels)
    .where(and(eq(labels.accountId, accountId), eq(labels.id, id)))
    .returning({ id: labels.id })
  return rows.length > 0
}

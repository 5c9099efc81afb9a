import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../client'
import { contactLabels } from '../schema'

/** Three bound parameters a row: 30 rows keep an insert under D1's 100-parameter limit. */
const ROWS_PER_INSERT = 30

export async function listContactLabels(db: Db, accountId: number, contactId: number) {
  const rows = await db
    .select({ label: contactLabels.label })
    .from(contactLabels)
    .where(and(eq(contactLabels.accountId, accountId), eq(contactLabels.contactId, contactId)))
    .orderBy(asc(contactLabels.label))
  return rows.map((r) => r.label)
}

/** The statements that make `labels` the contact's whole label list; run them in one batch. */
export function replaceContactLabelsStatements(
  db: Db,
  accountId: number,
  contactId: number,
  labels: string[],
) {
  const statements = [
    db
      .delete(contactLabels)
      .where(and(eq(contactLabels.accountId, accountId), eq(contactLabels.contactId, contactId))),
  ] as const
  const inserts = []
  for (let i = 0; i < labels.length; i += ROWS_PER_INSERT) {
    const chunk = labels.slice(i, i + ROWS_PER_INSERT)
    inserts.push(
      db.insert(contactLabels).values(chunk.map((label) => ({ accountId, contactId, label }))),
    )
  }
  return [...statements, ...inserts] as const
}

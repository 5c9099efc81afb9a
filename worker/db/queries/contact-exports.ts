import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { contactExports, contacts } from '../schema'
import { contactsAfterId } from './contact-search'

export type ContactExportRow = typeof contactExports.$inferSelect
export type ContactRowForExport = typeof contacts.$inferSelect

/** What an export selects: the contact list's label filter and contacts/search's text. */
export type ExportFilters = { labels?: string[]; q?: string }

export function insertContactExport(
  db: Db,
  values: {
    accountId: number
    columnNames: string[]
    filters: ExportFilters
    createdById: number | null
  },
) {
  return db.insert(contactExports).values(values).returning()
}

export async function findContactExport(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(contactExports)
    .where(and(eq(contactExports.accountId, accountId), eq(contactExports.id, id)))
    .limit(1)
  return row
}

export async function findContactExportById(db: Db, id: number) {
  const [row] = await db.select().from(contactExports).where(eq(contactExports.id, id)).limit(1)
  return row
}

const stillRunning = sql`${contactExports.status} in ('pending', 'processing')`

/** Claims a pending export (or one a crashed attempt left processing) for writing. */
export function startContactExport(db: Db, id: number) {
  return db
    .update(contactExports)
    .set({ status: 'processing', updatedAt: sql`unixepoch()` })
    .where(and(eq(contactExports.id, id), stillRunning))
    .returning({ id: contactExports.id })
}

export function completeContactExport(db: Db, id: number, fileKey: string, total: number) {
  return db
    .update(contactExports)
    .set({
      status: 'completed',
      fileKey,
      totalRecords: total,
      completedAt: sql`unixepoch()`,
      updatedAt: sql`unixepoch()`,
    })
    .where(and(eq(contactExports.id, id), stillRunning))
    .returning({ id: contactExports.id })
}

export function failContactExport(db: Db, id: number, error: string) {
  return db
    .update(contactExports)
    .set({ status: 'failed', error, completedAt: sql`unixepoch()`, updatedAt: sql`unixepoch()` })
    .where(and(eq(contactExports.id, id), stillRunning))
}

/**
 * The contacts the list (with `labels`) or contacts/search (with `q`) shows, in id order after
 * `afterId`: a keyset page, so the whole walk reads each contact once. An export is an
 * administrator's, who sees every contact of the account.
 */
export function exportPage(
  db: Db,
  accountId: number,
  filters: ExportFilters,
  afterId: number,
  limit: number,
) {
  const scope = { accountId, agentId: null, labels: filters.labels, query: filters.q }
  return contactsAfterId(db, scope, afterId, limit)
}

/** The custom attribute keys the account's contacts carry, in name order (at most `limit`). */
export async function customAttributeKeys(db: Db, accountId: number, limit: number) {
  const rows = await db.all<{ key: string }>(
    sql`select distinct j.key as key from ${contacts}, json_each(${contacts.customAttributes}) j
      where ${contacts.accountId} = ${accountId}
      order by j.key limit ${limit}`,
  )
  return rows.map((r) => r.key)
}

import { and, asc, eq, type SQLWrapper, sql } from 'drizzle-orm'
import { batchable } from '../batch'
import type { Db } from '../client'
import { contactImportFailures, contactImports, contacts } from '../schema'
import { listDefinitions } from './custom-attributes'

/**
 * Contact imports. A batch of rows is applied by set-wise statements over a JSON parameter
 * (`json_each`): one bound value whatever the number of rows, so D1's 100-parameter and 100 KB
 * statement limits never bind, and a batch is one round trip of four statements.
 */

export type ContactImportRow = typeof contactImports.$inferSelect

export function insertContactImport(
  db: Db,
  values: { accountId: number; fileKey: string; totalRecords: number; createdById: number | null },
) {
  return db.insert(contactImports).values(values).returning()
}

export async function findContactImport(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(contactImports)
    .where(and(eq(contactImports.accountId, accountId), eq(contactImports.id, id)))
    .limit(1)
  return row
}

export async function findContactImportById(db: Db, id: number) {
  const [row] = await db.select().from(contactImports).where(eq(contactImports.id, id)).limit(1)
  return row
}

export function listImportFailures(db: Db, importId: number) {
  return db
    .select({
      line: contactImportFailures.line,
      reason: contactImportFailures.reason,
      row: contactImportFailures.row,
    })
    .from(contactImportFailures)
    .where(eq(contactImportFailures.importId, importId))
    .orderBy(asc(contactImportFailures.line))
}

/** Ends an import that can't go on (its file gone, retries spent), unless it already ended. */
export function failContactImport(db: Db, id: number, error: string) {
  return db
    .update(contactImports)
    .set({ status: 'failed', error, completedAt: sql`unixepoch()`, updatedAt: sql`unixepoch()` })
    .where(
      and(eq(contactImports.id, id), sql`${contactImports.status} in ('pending', 'processing')`),
    )
}

export type ExistingContact = {
  id: number
  email: string | null
  phoneNumber: string | null
  identifier: string | null
}

/** The account's contacts holding any of these emails, phone numbers or identifiers. */
export function findContactsByKeys(
  db: Db,
  accountId: number,
  keys: { emails: string[]; phoneNumbers: string[]; identifiers: string[] },
): Promise<ExistingContact[]> {
  const inList = (column: SQLWrapper, values: string[]) =>
    values.length === 0
      ? undefined
      : sql`${column} in (select value from json_each(${JSON.stringify(values)}))`
  const conditions = [
    inList(contacts.email, keys.emails),
    inList(contacts.phoneNumber, keys.phoneNumbers),
    inList(contacts.identifier, keys.identifiers),
  ].filter((c) => c !== undefined)
  if (conditions.length === 0) return Promise.resolve([])
  return db
    .select({
      id: contacts.id,
      email: contacts.email,
      phoneNumber: contacts.phoneNumber,
      identifier: contacts.identifier,
    })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), sql`(${sql.join(conditions, sql` or `)})`))
}

/** A new contact or the values an existing one takes (absent ones stay as they are). */
export type ContactWrite = {
  id?: number
  name: string | null
  email: string | null
  phone: string | null
  identifier: string | null
  custom: Record<string, unknown>
}

export type ChunkWrite = {
  importId: number
  accountId: number
  /** The import's cursor this batch starts at: nothing is written unless it still is. */
  fromRow: number
  toRow: number
  inserts: ContactWrite[]
  updates: ContactWrite[]
  failures: [line: number, reason: string, raw: string][]
  applied: number
  last: boolean
}

/**
 * Applies one batch of rows atomically, only if the import's cursor is still where this batch
 * starts: a retried or duplicated queue message finds it moved and writes nothing. Returns
 * whether this call applied it.
 */
export async function applyImportChunk(db: Db, chunk: ChunkWrite): Promise<boolean> {
  const guard = sql`exists (select 1 from ${contactImports} where ${contactImports.id} = ${chunk.importId} and ${contactImports.nextRow} = ${chunk.fromRow} and ${contactImports.status} in ('pending', 'processing'))`
  const field = (name: string) => sql.raw(`json_extract(value, '$.${name}')`)
  const statements = [
    batchable(
      db,
      db.run(sql`update contacts set
        name = coalesce(u.name, contacts.name),
        email = coalesce(u.email, contacts.email),
        phone_number = coalesce(u.phone, contacts.phone_number),
        identifier = coalesce(u.identifier, contacts.identifier),
        custom_attributes = json_patch(contacts.custom_attributes, u.custom),
        updated_at = unixepoch()
      from (select ${field('id')} as id, ${field('name')} as name, ${field('email')} as email,
          ${field('phone')} as phone, ${field('identifier')} as identifier, ${field('custom')} as custom
        from json_each(${JSON.stringify(chunk.updates)})) as u
      where contacts.id = u.id and contacts.account_id = ${chunk.accountId} and ${guard}`),
    ),
    batchable(
      db,
      db.run(sql`insert into contacts (account_id, name, email, phone_number, identifier, custom_attributes)
        select ${chunk.accountId}, coalesce(${field('name')}, ''), ${field('email')}, ${field('phone')},
          ${field('identifier')}, ${field('custom')}
        from json_each(${JSON.stringify(chunk.inserts)}) where ${guard}`),
    ),
    batchable(
      db,
      db.run(sql`insert or ignore into contact_import_failures (import_id, line, reason, row)
        select ${chunk.importId}, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]')
        from json_each(${JSON.stringify(chunk.failures)}) where ${guard}`),
    ),
    db
      .update(contactImports)
      .set({
        nextRow: chunk.toRow,
        processedRecords: sql`${contactImports.processedRecords} + ${chunk.applied}`,
        failedRecords: sql`${contactImports.failedRecords} + ${chunk.failures.length}`,
        status: chunk.last ? 'completed' : 'processing',
        completedAt: chunk.last ? sql`unixepoch()` : null,
        updatedAt: sql`unixepoch()`,
      })
      .where(
        and(
          eq(contactImports.id, chunk.importId),
          eq(contactImports.nextRow, chunk.fromRow),
          sql`${contactImports.status} in ('pending', 'processing')`,
        ),
      )
      .returning({ id: contactImports.id }),
  ] as const
  const results = (await db.batch(
    statements as unknown as Parameters<Db['batch']>[0],
  )) as unknown as unknown[]
  return (results[3] as unknown[]).length > 0
}

/** The account's contact attribute definitions by key: what an import's cells are cast by. */
export async function contactAttributeDefinitions(db: Db, accountId: number) {
  const rows = await listDefinitions(db, accountId, 'contact_attribute')
  return new Map(rows.map((row) => [row.attributeKey, row]))
}

import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  getTableColumns,
  inArray,
  isNull,
  or,
  type SQLWrapper,
  sql,
} from 'drizzle-orm'
import type { Db } from '../client'
import { contactLabels, contacts } from '../schema'
import { contactVisibleTo, linksOf, withLinks } from './contacts'

export const CONTACT_SORT_KEYS = [
  'email',
  'name',
  'phone_number',
  'last_activity_at',
  'created_at',
  'company',
  'city',
  'country',
] as const
export type ContactSortKey = (typeof CONTACT_SORT_KEYS)[number]
export type ContactSort = { key: ContactSortKey; descending: boolean }

export type ContactFilter = {
  accountId: number
  /** An agent sees only contacts of its inboxes; null for administrators. */
  agentId: number | null
  /** Contacts carrying any of these labels. */
  labels?: string[]
  /** Search text (already trimmed, non-empty). */
  query?: string
  sort: ContactSort
}

/**
 * Chatwoot's resolved contacts: an email, phone number or identifier is set. The unary `+` keeps
 * SQLite from answering this OR through the three unique indexes, so a page walks the index of
 * its sort order and stops after one page instead of sorting every match.
 */
const resolved = sql`(+${contacts.email} <> '' or +${contacts.phoneNumber} <> '' or +${contacts.identifier} <> '')`

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`)

/** Name, email and phone match case-insensitively; identifier case-sensitively (as Chatwoot). */
function matches(query: string) {
  const pattern = `%${escapeLike(query)}%`
  return sql`(${contacts.name} like ${pattern} escape '\\' or ${contacts.email} like ${pattern} escape '\\' or ${contacts.phoneNumber} like ${pattern} escape '\\' or instr(${contacts.identifier}, ${query}) > 0)`
}

function labelled(db: Db, labels: string[] | undefined) {
  if (!labels || labels.length === 0) return undefined
  return exists(
    db
      .select({ one: sql`1` })
      .from(contactLabels)
      .where(and(eq(contactLabels.contactId, contacts.id), inArray(contactLabels.label, labels))),
  )
}

/** Everything but the resolved condition: the account, search text, labels and visibility. */
function scopeWhere(db: Db, filter: ContactFilter) {
  return and(
    eq(contacts.accountId, filter.accountId),
    filter.query ? matches(filter.query) : undefined,
    labelled(db, filter.labels),
    contactVisibleTo(db, filter.agentId),
  )
}

const listWhere = (db: Db, filter: ContactFilter) => and(scopeWhere(db, filter), resolved)

/**
 * No email, phone number or identifier. `email is null or email = ''` is a range of the email
 * index, so only these (usually few) contacts are read from the table.
 */
const unresolved = and(
  or(isNull(contacts.email), eq(contacts.email, '')),
  sql`coalesce(${contacts.phoneNumber}, '') = ''`,
  sql`coalesce(${contacts.identifier}, '') = ''`,
)

type ContactColumns = typeof contacts._.columns

const SORT_COLUMNS: Record<ContactSortKey, (c: ContactColumns) => SQLWrapper> = {
  email: (c) => c.email,
  name: (c) => c.name,
  phone_number: (c) => c.phoneNumber,
  last_activity_at: (c) => c.lastActivityAt,
  created_at: (c) => c.createdAt,
  company: (c) => sql`json_extract(${c.additionalAttributes}, '$.company_name')`,
  city: (c) => sql`json_extract(${c.additionalAttributes}, '$.city')`,
  country: (c) => sql`json_extract(${c.additionalAttributes}, '$.country')`,
}

/** The sort column, then the id in the same direction, so pages never overlap or skip. */
function orderBy(sort: ContactSort, columns: ContactColumns = contacts) {
  const direction = sort.descending ? desc : asc
  return [direction(SORT_COLUMNS[sort.key](columns)), direction(columns.id)]
}

/**
 * The number of resolved contacts matching the filter, as all in scope minus the unresolved:
 * the first count reads only an index, where counting the resolved ones directly would read
 * every row of the account.
 */
export function contactCountStatement(db: Db, filter: ContactFilter) {
  const scope = db.select({ n: count() }).from(contacts).where(scopeWhere(db, filter))
  const without = db
    .select({ n: count() })
    .from(contacts)
    .where(and(scopeWhere(db, filter), unresolved))
  return db.select({ total: sql<number>`(${scope}) - (${without})` }).from(sql`(select 1)`)
}

/**
 * One page of contacts, each with its contact inboxes. The page is cut first and the contact
 * inboxes are read only for its rows, even when the sort needs a sorter over all matches.
 */
function contactPageStatement(db: Db, filter: ContactFilter, limit: number, offset: number) {
  const page = db
    .select()
    .from(contacts)
    .where(listWhere(db, filter))
    .orderBy(...orderBy(filter.sort))
    .limit(limit)
    .offset(offset)
    .as('page')
  const columns = Object.fromEntries(
    Object.keys(getTableColumns(contacts)).map((key) => [key, page[key as keyof ContactColumns]]),
  ) as unknown as ContactColumns
  return db
    .select({ ...columns, links: linksOf(db, columns.id) })
    .from(page)
    .orderBy(...orderBy(filter.sort, columns))
}

/** One page of contacts with their contact inboxes, and the total when asked: one round trip. */
export async function listContactPage(
  db: Db,
  filter: ContactFilter,
  page: { limit: number; offset: number; withTotal: boolean },
) {
  const rowsStatement = contactPageStatement(db, filter, page.limit, page.offset)
  if (!page.withTotal) return { rows: (await rowsStatement).map(withLinks), total: null }
  const [rows, [counted]] = await db.batch([rowsStatement, contactCountStatement(db, filter)])
  return { rows: rows.map(withLinks), total: counted?.total ?? 0 }
}

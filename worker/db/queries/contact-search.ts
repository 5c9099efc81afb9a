import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  isNull,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm'
import { containsPattern } from '../../lib/like'
import type { Db } from '../client'
import { keysOf } from '../columns'
import { contactLabels, contacts } from '../schema'
import { fromTemplate, param, parameterised } from '../templates'
import { searchIndexPlan, trigramQuery } from './contact-search-index'
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
  /** Every contact, not only the resolved ones (the dashboard's "All visitors"). */
  everyone?: boolean
  sort: ContactSort
}

/** What the list and search select, whatever their order: the filter without its sort. */
export type ContactScope = Omit<ContactFilter, 'sort'>

/**
 * A filter as its statements read it, each value present or null: the search text with its LIKE
 * pattern and trigram query worked out, the labels as a JSON array. Statements are built from
 * templates with a parameter for each present value (`parameterised`).
 */
type FilterSql = {
  accountId: number
  agentId: number | null
  /** JSON array of the labels. */
  labels: string | null
  text: string | null
  pattern: string | null
  /** The text's `trigramQuery`, when the index can serve it. */
  terms: string | null
  /** Not a parameter: it changes the SQL, so it is part of every template key. */
  everyone: boolean
}

const FILTER_KEYS = ['accountId', 'agentId', 'labels', 'text', 'pattern', 'terms'] as const

function filterSqlOf(filter: ContactScope): FilterSql {
  const text = filter.query ?? null
  const labels = filter.labels ?? []
  return {
    accountId: filter.accountId,
    agentId: filter.agentId,
    labels: labels.length > 0 ? JSON.stringify(labels) : null,
    text,
    pattern: text === null ? null : containsPattern(text),
    terms: text === null ? null : (trigramQuery(text) ?? null),
    everyone: filter.everyone ?? false,
  }
}

/**
 * Chatwoot's resolved contacts: an email, phone number or identifier is set. The unary `+` keeps
 * SQLite from answering this OR through the three unique indexes, so a page walks the index of
 * its sort order and stops after one page instead of sorting every match.
 */
const resolved = sql`(+${contacts.email} <> '' or +${contacts.phoneNumber} <> '' or +${contacts.identifier} <> '')`

/** Name, email and phone match case-insensitively; identifier case-sensitively (as Chatwoot). */
function matches(text: string, pattern: string) {
  return sql`(${contacts.name} like ${pattern} escape '\\' or ${contacts.email} like ${pattern} escape '\\' or ${contacts.phoneNumber} like ${pattern} escape '\\' or instr(${contacts.identifier}, ${text}) > 0)`
}

function labelled(db: Db, labels: string | null) {
  if (labels === null) return undefined
  return exists(
    db
      .select({ one: sql`1` })
      .from(contactLabels)
      .where(
        and(
          eq(contactLabels.contactId, contacts.id),
          sql`${contactLabels.label} in (select value from json_each(${labels}))`,
        ),
      ),
  )
}

/**
 * Everything but the resolved condition: the account, search text, labels and visibility.
 * `account` replaces the plain account condition where a search plan needs another form of it.
 */
function scopeWhere(db: Db, filter: FilterSql, account?: SQL) {
  return and(
    account ?? eq(contacts.accountId, filter.accountId),
    filter.text === null || filter.pattern === null
      ? undefined
      : matches(filter.text, filter.pattern),
    labelled(db, filter.labels),
    contactVisibleTo(db, filter.agentId),
  )
}

const listWhere = (db: Db, filter: FilterSql, account?: SQL) =>
  filter.everyone ? scopeWhere(db, filter, account) : and(scopeWhere(db, filter, account), resolved)

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
 * The number of contacts matching the filter. Resolved ones count as all in scope minus the
 * unresolved: the first count reads only an index, where counting the resolved ones directly
 * would read every row of the account. A search the trigram index serves counts its candidates
 * instead.
 */
function contactCountStatement(db: Db, filter: FilterSql) {
  const scope = db.select({ n: count() }).from(contacts).where(scopeWhere(db, filter))
  const without = db
    .select({ n: count() })
    .from(contacts)
    .where(and(scopeWhere(db, filter), unresolved))
  const walked = filter.everyone ? sql<number>`(${scope})` : sql<number>`(${scope}) - (${without})`
  const plan = searchIndexPlan(db, filter.accountId, filter.terms ?? undefined)
  if (!plan) return db.select({ total: walked }).from(sql`(select 1)`)
  const indexed = db
    .select({ n: count() })
    .from(contacts)
    .where(listWhere(db, filter, plan.indexedAccount))
  // SQLite runs only the subqueries of the branch taken. The common table expressions sit in a
  // subquery: a statement that starts with SELECT can share a batch (worker/lib/d1-gate.ts).
  const counted = db
    .with(...plan.ctes)
    .select({
      total: sql<number>`case when ${plan.byIndex} then (${indexed}) else ${walked} end`.as(
        'total',
      ),
    })
    .from(sql`(select 1)`)
    .as('counted')
  return db.select({ total: counted.total }).from(counted)
}

/** Matching contacts in the sort order, cut to one page. */
const pageWhere = (db: Db, sort: ContactSort, where: SQL | undefined) =>
  db
    .select()
    .from(contacts)
    .where(where)
    .orderBy(...orderBy(sort))

/**
 * One page of contacts, each with its contact inboxes. The page is cut first and the contact
 * inboxes are read only for its rows, even when the sort needs a sorter over all matches. A
 * search the trigram index serves has two pages of which one is empty (searchIndexPlan).
 */
function contactPageStatement(
  db: Db,
  filter: FilterSql,
  sort: ContactSort,
  limit: number,
  offset: number,
) {
  const cut = (where: SQL | undefined) => pageWhere(db, sort, where).limit(limit).offset(offset)
  const plan = searchIndexPlan(db, filter.accountId, filter.terms ?? undefined)
  // The common table expressions sit in the page subquery, so the statement starts with SELECT
  // and can share a batch (worker/lib/d1-gate.ts).
  const page = plan
    ? db
        .with(...plan.ctes)
        .select()
        .from(cut(listWhere(db, filter, plan.indexedAccount)).as('by_index'))
        .unionAll(db.select().from(cut(listWhere(db, filter, plan.walkedAccount)).as('by_walk')))
        .as('page')
    : cut(listWhere(db, filter)).as('page')
  const columns = Object.fromEntries(
    keysOf(contacts).map((key) => [key, page[key as keyof ContactColumns]]),
  ) as unknown as ContactColumns
  // The contact's columns one by one: packed into one JSON value (columns.ts) they cost the same
  // (`npm run bench -- layers`), unlike a view's joined rows.
  return db
    .select({ contact: columns, links: linksOf(db, columns.id, filter.agentId) })
    .from(page)
    .orderBy(...orderBy(sort, columns))
}

/**
 * The contacts the list (with `labels`) or the search (with `query`) selects, in id order after
 * `afterId`, at most `limit`: a keyset page, so a walk over all of them (an export) reads each
 * once. The same conditions and search index plan as a list page, only ordered by id.
 */
export function contactsAfterId(db: Db, scope: ContactScope, afterId: number, limit: number) {
  const filter = filterSqlOf(scope)
  const cut = (where: SQL | undefined) =>
    db
      .select()
      .from(contacts)
      .where(and(where, gt(contacts.id, afterId)))
      .orderBy(asc(contacts.id))
      .limit(limit)
  const plan = searchIndexPlan(db, filter.accountId, filter.terms ?? undefined)
  if (!plan) return cut(listWhere(db, filter))
  const page = db
    .with(...plan.ctes)
    .select()
    .from(cut(listWhere(db, filter, plan.indexedAccount)).as('by_index'))
    .unionAll(db.select().from(cut(listWhere(db, filter, plan.walkedAccount)).as('by_walk')))
    .as('page')
  return db.select().from(page).orderBy(asc(page.id))
}

/** One page of contacts with their contact inboxes, and the total when asked: one round trip. */
export async function listContactPage(
  db: Db,
  filter: ContactFilter,
  page: { limit: number; offset: number; withTotal: boolean },
) {
  const sqlFilter = filterSqlOf(filter)
  const parameters = parameterised(sqlFilter, FILTER_KEYS)
  const { query, values } = parameters
  const shape = `${parameters.shape}${sqlFilter.everyone ? ':all' : ''}`
  const { key, descending } = filter.sort
  const rowsStatement = fromTemplate(
    db,
    `contact-page:${shape}:${key}:${descending ? 'desc' : 'asc'}`,
    () => contactPageStatement(db, query, filter.sort, param('limit'), param('offset')),
    { ...values, limit: page.limit, offset: page.offset },
  )
  if (!page.withTotal) {
    const [rows] = await db.batch([rowsStatement])
    return { rows: rows.map(withLinks), total: null }
  }
  const countStatement = fromTemplate(
    db,
    `contact-count:${shape}`,
    () => contactCountStatement(db, query),
    values,
  )
  const [rows, [counted]] = await db.batch([rowsStatement, countStatement])
  return { rows: rows.map(withLinks), total: counted?.total ?? 0 }
}

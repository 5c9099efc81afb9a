import { and, asc, eq, getTableColumns, gt, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { keysOf } from '../columns'
import { contacts } from '../schema'
import { fromTemplate, param, parameterised } from '../templates'
import {
  FILTER_KEYS,
  type FilterSql,
  filterSqlOf,
  listWhere,
  resolved,
  scopeWhere,
} from './contact-filter'
import { accountKeyQuery, prefixMatch, type SearchMode, searchPlan } from './contact-search-index'
import {
  type ContactAfter,
  type ContactSort,
  orderBy,
  rangesAfter,
  SORT_COLUMNS,
} from './contact-sort'
import { type ContactRow, linksOf, withLinks } from './contacts'

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

type ContactColumns = typeof contacts._.columns

/**
 * The most contacts a count reads. Past it the count is a lower bound, said by `capped` (the
 * list's meta.count_capped, as large inboxes show "100+"): a count that walked the account would
 * read a row per contact (issue 34), and the scope (labels, an agent's inboxes, resolved or not)
 * leaves no per-account counter exact.
 */
export const CONTACT_COUNT_CAP = 100

/**
 * The number of contacts matching the filter, reading at most CONTACT_COUNT_CAP + 1 contacts of
 * its scope (a search's: only its candidates). The resolved condition is summed rather than
 * filtered on, so unresolved visitors count toward the rows read and a count never walks them
 * all. `capped` is 1 when more were in scope, or a search's candidates were cut.
 */
function contactCountStatement(db: Db, filter: FilterSql) {
  const plan = searchPlan(db, filter.accountId, filter)
  const matched = filter.everyone ? sql`1` : resolved
  const scanned = db
    .select({ matched: sql<number>`${matched}`.as('matched') })
    .from(contacts)
    .where(scopeWhere(db, filter, plan?.account))
    .limit(CONTACT_COUNT_CAP + 1)
    .as('scanned')
  const cap = sql.raw(String(CONTACT_COUNT_CAP))
  const total = sql<number>`min(coalesce(sum(${scanned.matched}), 0), ${cap})`.as('total')
  const over = sql`count(*) > ${cap}`
  if (!plan) return db.select({ total, capped: sql<number>`${over}`.as('capped') }).from(scanned)
  // The common table expressions sit in a subquery: a statement that starts with SELECT can
  // share a batch (worker/lib/d1-gate.ts).
  const counted = db
    .with(...plan.ctes)
    .select({ total, capped: sql<number>`${over} or ${plan.truncated}`.as('capped') })
    .from(scanned)
    .as('counted')
  return db.select({ total: counted.total, capped: counted.capped }).from(counted)
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
 * search reads only its candidates (searchPlan), and its page hangs off one row saying whether
 * they were cut (`truncated`): an empty page is then one row of nulls.
 */
function contactPageStatement(
  db: Db,
  filter: FilterSql,
  sort: ContactSort,
  limit: number,
  offset: number,
  range?: SQL,
) {
  const cut = (where: SQL | undefined) =>
    pageWhere(db, sort, and(where, range)).limit(limit).offset(offset)
  const plan = searchPlan(db, filter.accountId, filter)
  let page: ReturnType<ReturnType<typeof cut>['as']>
  let truncated: SQL.Aliased<number> | SQL<number> = sql<number>`0`.as('truncated')
  if (plan) {
    // A contact a prefix matches by name and by email is one candidate, not two.
    const [found] = plan.ctes
    const candidates = db
      .selectDistinct({ candidateId: found.candidateId })
      .from(found)
      .as('candidates')
    const matched = db
      .select(getTableColumns(contacts))
      .from(candidates)
      .innerJoin(contacts, eq(contacts.id, candidates.candidateId))
      .where(and(listWhere(db, filter, plan.inAccount), range))
      .orderBy(...orderBy(sort))
      .limit(limit)
      .offset(offset)
      .as('matched')
    // The common table expressions sit in the page subquery, so the statement starts with
    // SELECT and can share a batch (worker/lib/d1-gate.ts).
    const searched = db
      .with(...plan.ctes)
      .select({
        ...(Object.fromEntries(
          keysOf(contacts).map((key) => [key, matched[key as keyof ContactColumns]]),
        ) as unknown as ContactColumns),
        truncated: sql<number>`${plan.truncated}`.as('truncated'),
      })
      .from(sql`(select 1)`)
      .leftJoin(matched, sql`1`)
      .as('page')
    page = searched as unknown as typeof page
    truncated = searched.truncated
  } else {
    page = cut(listWhere(db, filter)).as('page')
  }
  const columns = Object.fromEntries(
    keysOf(contacts).map((key) => [key, page[key as keyof ContactColumns]]),
  ) as unknown as ContactColumns
  // The contact's columns one by one: packed into one JSON value (columns.ts) they cost the same
  // (`npm run bench -- layers`), unlike a view's joined rows.
  return db
    .select({ contact: columns, links: linksOf(db, columns.id, filter.agentId), truncated })
    .from(page)
    .orderBy(...orderBy(sort, columns))
}

/**
 * The contacts the list (with `labels`) or the search (with `query`) selects, in id order after
 * `afterId`, at most `limit`: a keyset page, so a walk over all of them (an export) reads each
 * once. An indexed search walks the account's index entries in id order, which is against the
 * index's rowid order (rowid = −id): FTS5 reads the term's doclists whole for each page, which
 * a background export can afford, and the search pages, which cannot, walk with it. A term too
 * short for the index walks the account for its prefix matches (an export reads every contact
 * anyway).
 */
export function contactsAfterId(db: Db, scope: ContactScope, afterId: number, limit: number) {
  const filter = filterSqlOf(scope)
  if (filter.terms !== null) {
    return db
      .select(getTableColumns(contacts))
      .from(contacts)
      .innerJoin(sql`contacts_search`, sql`${contacts.id} = -contacts_search.rowid`)
      .where(
        and(
          sql`contacts_search match ${accountKeyQuery(filter.accountId)} || ' ' || ${filter.terms}`,
          sql`contacts_search.rowid < ${-afterId}`,
          listWhere(db, filter, sql`+${contacts.accountId} = ${filter.accountId}`),
        ),
      )
      .orderBy(sql`contacts_search.rowid desc`)
      .limit(limit)
  }
  const prefix =
    filter.prefix === null || filter.text === null
      ? undefined
      : prefixMatch(filter.text, filter.prefix)
  return db
    .select()
    .from(contacts)
    .where(and(listWhere(db, filter), prefix, gt(contacts.id, afterId)))
    .orderBy(asc(contacts.id))
    .limit(limit)
}

/**
 * One page of contacts with their contact inboxes, and the total when asked: one round trip.
 * With `after` (a keyset page), the page starts after that contact instead of at `offset`: each
 * range after it (contact-sort.ts) is one statement of the batch, cut to the page.
 */
export async function listContactPage(
  db: Db,
  filter: ContactFilter,
  page: { limit: number; offset: number; withTotal: boolean; after?: ContactAfter },
) {
  const sqlFilter = filterSqlOf(filter)
  const parameters = parameterised(sqlFilter, FILTER_KEYS)
  const { query, values } = parameters
  const shape = `${parameters.shape}${sqlFilter.everyone ? ':all' : ''}`
  const { key, descending } = filter.sort
  const order = `${key}:${descending ? 'desc' : 'asc'}`
  const { after } = page
  const nullAfter = after?.value === null
  const ranges = after
    ? rangesAfter(SORT_COLUMNS[key](contacts), descending, nullAfter, {
        value: param('afterValue'),
        id: param<number>('afterId'),
      })
    : []
  const rowStatements = after
    ? ranges.map((range, i) =>
        fromTemplate(
          db,
          `contact-page-after:${shape}:${order}:${nullAfter ? 'null' : 'value'}:${i}`,
          () => contactPageStatement(db, query, filter.sort, param('limit'), 0, range),
          {
            ...values,
            limit: page.limit,
            ...(nullAfter ? {} : { afterValue: after.value }),
            afterId: after.id,
          },
        ),
      )
    : [
        fromTemplate(
          db,
          `contact-page:${shape}:${order}`,
          () => contactPageStatement(db, query, filter.sort, param('limit'), param('offset')),
          { ...values, limit: page.limit, offset: page.offset },
        ),
      ]
  const search = searchOf(sqlFilter)
  // The ranges in their order, cut to the page: a later one fills what an earlier one left.
  const pageRows = (results: unknown[]) =>
    (results as Parameters<typeof pageOf>[0][]).flat().slice(0, page.limit)
  if (!page.withTotal) {
    const results = await db.batch(rowStatements as [(typeof rowStatements)[number]])
    return { ...pageOf(pageRows(results), search), total: null, capped: false }
  }
  const countStatement = fromTemplate(
    db,
    `contact-count:${shape}`,
    () => contactCountStatement(db, query),
    values,
  )
  const results = await db.batch([countStatement, ...rowStatements])
  const [counted] = results[0] as { total: number; capped: number }[]
  return {
    ...pageOf(pageRows(results.slice(1)), search),
    total: counted?.total ?? 0,
    capped: !!counted?.capped,
  }
}

/** How a search was answered; undefined for the list. */
const searchOf = (filter: FilterSql): SearchMode | undefined =>
  filter.terms !== null ? 'index' : filter.prefix !== null ? 'prefix' : undefined

/** A page's contacts (a search's empty page is one row of nulls) and whether it is partial. */
function pageOf(
  rows: { contact: ContactRow; links: string; truncated: number }[],
  search: SearchMode | undefined,
) {
  const found = rows.filter((row) => row.contact.id !== null)
  return { rows: found.map(withLinks), search, partial: !!rows[0]?.truncated }
}

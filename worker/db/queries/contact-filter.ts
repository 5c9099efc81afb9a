import { and, eq, exists, type SQL, sql } from 'drizzle-orm'
import { containsPattern } from '../../lib/like'
import type { Db } from '../client'
import { contactLabels, contacts } from '../schema'
import { foldAscii, trigramQuery } from './contact-search-index'
import { contactVisibleTo } from './contacts'

/** What a contact list or search selects (contact-search.ts's ContactScope). */
type FilterInput = {
  accountId: number
  agentId: number | null
  labels?: string[]
  query?: string
  everyone?: boolean
}

/**
 * A filter as its statements read it, each value present or null: the search text with its LIKE
 * pattern and trigram query worked out, the labels as a JSON array. Statements are built from
 * templates with a parameter for each present value (`parameterised`).
 */
export type FilterSql = {
  accountId: number
  agentId: number | null
  /** JSON array of the labels. */
  labels: string | null
  text: string | null
  /** The LIKE pattern of an indexed search (the index only narrows); null for a prefix one. */
  pattern: string | null
  /** The text's `trigramQuery`, when the index can serve it. */
  terms: string | null
  /** The ASCII-folded text when the index can't serve it: answered by prefix ranges. */
  prefix: string | null
  /** Not a parameter: it changes the SQL, so it is part of every template key. */
  everyone: boolean
}

export const FILTER_KEYS = [
  'accountId',
  'agentId',
  'labels',
  'text',
  'pattern',
  'terms',
  'prefix',
] as const

export function filterSqlOf(filter: FilterInput): FilterSql {
  const text = filter.query ?? null
  const labels = filter.labels ?? []
  const terms = text === null ? null : (trigramQuery(text) ?? null)
  const indexed = text !== null && terms !== null
  return {
    accountId: filter.accountId,
    agentId: filter.agentId,
    labels: labels.length > 0 ? JSON.stringify(labels) : null,
    text,
    pattern: indexed ? containsPattern(text) : null,
    terms,
    prefix: text !== null && !indexed ? foldAscii(text) : null,
    everyone: filter.everyone ?? false,
  }
}

/**
 * Chatwoot's resolved contacts: an email, phone number or identifier is set. The unary `+` keeps
 * SQLite from answering this OR through the three unique indexes, so a page walks the index of
 * its sort order and stops after one page instead of sorting every match.
 */
export const resolved = sql`(+${contacts.email} <> '' or +${contacts.phoneNumber} <> '' or +${contacts.identifier} <> '')`

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
export function scopeWhere(db: Db, filter: FilterSql, account?: SQL) {
  return and(
    account ?? eq(contacts.accountId, filter.accountId),
    filter.text === null || filter.pattern === null
      ? undefined
      : matches(filter.text, filter.pattern),
    labelled(db, filter.labels),
    contactVisibleTo(db, filter.agentId),
  )
}

export const listWhere = (db: Db, filter: FilterSql, account?: SQL) =>
  filter.everyone ? scopeWhere(db, filter, account) : and(scopeWhere(db, filter, account), resolved)

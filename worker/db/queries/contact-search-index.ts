import { and, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { contacts } from '../schema'

/**
 * The trigram index of contact search (`contacts_search`, migration 0004): an FTS5 table over
 * name, email, phone number and identifier, kept by triggers. It only narrows the candidates:
 * the exact LIKE/instr predicate of the search still decides which of them match, so results
 * are the same as a walk over every contact.
 */

/** An account with fewer contacts is walked: the walk reads at most this many rows. */
export const SMALL_ACCOUNT = 2_000
/**
 * Up to this many candidates (of all accounts) are read by id and sorted; a term with more
 * matches many contacts, and walking the index of the sort order finds a page sooner.
 */
export const MAX_CANDIDATES = 2_000
/** More trigrams narrow little further but cost a doclist each. */
const MAX_TRIGRAMS = 8

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`

/**
 * The FTS5 query for a term: trigrams covering it (every third one and the last), each quoted
 * (any text is a literal there), all of which every row containing the term holds in one
 * column. The tokenizer folds case, in the query too, and the index keeps no positions, so the
 * rows found are a superset of the matches. Undefined when the index can't help: a term under
 * three characters has no trigram, and FTS5 reads a query only up to a NUL.
 */
export function trigramQuery(text: string): string | undefined {
  const chars = Array.from(text)
  if (chars.length < 3 || text.includes('\0')) return undefined
  const starts: number[] = []
  for (let i = 0; i + 3 <= chars.length; i += 3) starts.push(i)
  if (starts.at(-1) !== chars.length - 3) starts.push(chars.length - 3)
  const picked =
    starts.length <= MAX_TRIGRAMS
      ? starts
      : Array.from(
          { length: MAX_TRIGRAMS },
          (_, k) => starts[Math.round((k * (starts.length - 1)) / (MAX_TRIGRAMS - 1))] as number,
        )
  const trigrams = new Set(picked.map((start) => chars.slice(start, start + 3).join('')))
  return [...trigrams].map(quoted).join(' ')
}

export type SearchIndexPlan = {
  /** The common table expressions the conditions below refer to. */
  ctes: ReturnType<typeof searchCtes>
  /** 1 when the candidates are read, 0 when the sort index is walked. */
  byIndex: SQL
  /** The account condition of the plan reading candidates: no rows when it is not taken. */
  indexedAccount: SQL
  /** The account condition of the walk: no rows (NULL account) when it is not taken. */
  walkedAccount: SQL
}

function searchCtes(db: Db, accountId: number, terms: string) {
  const candidates = db.$with('search_candidates').as(
    db
      .select({ id: sql<number>`rowid`.as('id') })
      .from(sql`contacts_search`)
      .where(sql`contacts_search match ${terms}`)
      .limit(MAX_CANDIDATES),
  )
  const sample = sql`(select count(*) from (select 1 from ${contacts} where ${contacts.accountId} = ${accountId} limit ${sql.raw(String(SMALL_ACCOUNT))}))`
  const mode = db.$with('search_mode').as(
    db
      .select({
        byIndex:
          sql<number>`case when ${sample} < ${sql.raw(String(SMALL_ACCOUNT))} then 0 when (select count(*) from ${candidates}) < ${sql.raw(String(MAX_CANDIDATES))} then 1 else 0 end`.as(
            'by_index',
          ),
      })
      .from(sql`(select 1)`),
  )
  return [candidates, mode] as const
}

/**
 * The two plans of a search for a term of three characters or more, decided inside the one
 * statement: a small account is walked; else the trigram candidates are counted, up to
 * MAX_CANDIDATES, and when fewer they are read by id, else the sort index is walked as for a
 * short term. The plan not taken reads nothing: its LIMIT is 0 or its account is NULL, both
 * known before its loop starts (a condition with a subquery in WHERE would be tested row by
 * row). SQLite materializes the candidates once, as both plans refer to them. `terms` is the
 * search's `trigramQuery`; undefined (a term the index can't serve) gives no plan.
 */
export function searchIndexPlan(
  db: Db,
  accountId: number,
  terms: string | undefined,
): SearchIndexPlan | undefined {
  if (terms === undefined) return undefined
  const ctes = searchCtes(db, accountId, terms)
  const [candidates, mode] = ctes
  const byIndex = sql`(select by_index from ${mode})`
  const indexedAccount = and(
    sql`+${contacts.accountId} = ${accountId}`,
    sql`${contacts.id} in (select id from ${candidates} limit case when ${byIndex} then ${sql.raw(String(MAX_CANDIDATES))} else 0 end)`,
  ) as SQL
  const walkedAccount = sql`${contacts.accountId} = (case when ${byIndex} then null else ${accountId} end)`
  return { ctes, byIndex, indexedAccount, walkedAccount }
}

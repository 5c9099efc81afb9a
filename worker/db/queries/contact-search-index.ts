import { and, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { contacts } from '../schema'

/**
 * How contact search finds its candidates without walking the account. A term of three
 * characters or more goes through the trigram index (`contacts_search`, rebuilt per account by
 * migration 0021, newest first by 0028): an FTS5 table over name, email, phone number and
 * identifier, kept by triggers, rowid = −(contact id), so the newest contacts come first in the
 * rowid order FTS5 walks cheaply, with a fifth column holding the account as a key of its own
 * (accountKeyQuery). A MATCH that ANDs the key with the term's trigrams reaches only this
 * account's rows, so other tenants never count toward the caps below; a term the whole shard
 * holds no more often than the cap is asked without the key (indexCandidates). The index only
 * narrows: the exact LIKE/instr predicate of the search still decides which candidates match.
 * A shorter term has no trigram: it is answered with prefix matches read as ranges of the name,
 * email, phone and identifier indexes.
 */

/**
 * The FTS5 query for the account's key: its id as four characters of the private use plane 16,
 * one per 16 bits (as migration 0021 writes the `account` column), of which only the last
 * trigram is asked for. It holds the id's low 48 bits, so it names one account; the first
 * trigram holds bits 16 to 63, which every account under 65,536 shares: ANDed in, its doclist
 * (every row of the shard) doubled the work of a search whose matches are few in a large
 * account (`0000424` at a million contacts: 16 → 8 ms of FTS5 time, measured on the bench's
 * shard).
 */
export function accountKeyQuery(accountId: number | SQL) {
  const part = (shift: number) =>
    sql`1048576 + ((${accountId} >> ${sql.raw(String(shift))}) & 65535)`
  return sql`('"' || char(${part(32)}, ${part(16)}, ${part(0)}) || '"')`
}

/**
 * The most index candidates one search reads, newest first. A term with more (one in every
 * contact) is answered from these and flagged partial. D1 counts about five rows read per
 * candidate (the index entry, the id set, the row, the sorter, the cap check), an agent's
 * visibility checks about two more: 30 keeps a page, even an agent's empty one, inside issue
 * 34's budget of 10 rows per item returned plus 200.
 */
export const SEARCH_CANDIDATES = 30
/** The most contacts each prefix range (name, email, phone, identifier) reads; see above. */
export const PREFIX_CANDIDATES = 15
/** More trigrams narrow little further but cost a doclist each. */
const MAX_TRIGRAMS = 8

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`

/**
 * The FTS5 query for a term: its trigrams (at most MAX_TRIGRAMS, spread evenly), each quoted
 * (any text is a literal there), all of which every row containing the term holds in one
 * column. The tokenizer folds case, in the query too, and the index keeps no positions, so the
 * rows found are a superset of the matches. Undefined when the index can't help: a term under
 * three characters has no trigram, and FTS5 reads a query only up to a NUL.
 */
export function trigramQuery(text: string): string | undefined {
  const chars = Array.from(text)
  if (chars.length < 3 || text.includes('\0')) return undefined
  // Every trigram, not only enough to cover the term: without positions in the index, each one
  // more cuts false candidates, which would otherwise crowd the real matches out of the cap.
  const starts = Array.from({ length: chars.length - 2 }, (_, i) => i)
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

/** Lower-cases ASCII letters only, as SQLite's lower() and LIKE do. */
export const foldAscii = (text: string) =>
  text.replace(/[A-Z]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 32))

/** How a search found its contacts: substring matches through the index, or prefix matches. */
export type SearchMode = 'index' | 'prefix'

export type SearchPlan = {
  /** The candidates (a page joins them, see `inAccount`) and the flag below's table. */
  ctes: readonly [SearchCandidates, ReturnType<typeof truncation>]
  /**
   * The account condition of a read that joins the candidates. Joined, they are found once per
   * statement: tested with `IN`, SQLite runs their FTS5 query for the list and again for
   * `truncated` (measured on the bench's million-contact shard: 11.0 → 5.3 ms for `0000424`).
   */
  inAccount: SQL
  /** The account condition of a read from contacts alone: only the candidates, found by id. */
  account: SQL
  /** 1 when a cap cut the candidates short (the answer is partial), else 0. */
  truncated: SQL
}

/** Candidate contact ids, each with the part (index range) that found it. */
type SearchCandidates = ReturnType<typeof indexCandidates>

/**
 * The account's index entries matching the trigrams, newest first, one past the cap. The shard's
 * matches are counted first, in rowid order and without the account's key, up to one past the
 * cap (`search_probe_size`). When the shard holds no more than the cap, they are every match the
 * account has: the candidates are those of them in the account, and the keyed query never runs
 * (its LIMIT is 0, which SQLite checks before it starts the scan). Only when the shard holds more
 * does the keyed query run, newest first, as it did alone before. Both read the index in rowid
 * order, which is newest first (rowid = −id), the direction FTS5 stops early in.
 *
 * Why: ANDed with a term whose trigrams are rare, the key's doclist (every contact of the
 * account) is walked whole, while the shard's matches in rowid order stop at the limit. On the
 * bench's shard of 1.1M contacts (node:sqlite, the page statement): `0000424` 6.0–7.1 → 2.1 ms,
 * `ct9@e` 1.6 → 1.1 ms, terms in every contact 0.1–0.3 ms more. The count is its own table, read
 * once: the probe materialized for both branches costs D1 a row read per row each time it is
 * scanned, so the small branch runs the probe again instead (rows: `contact` 269 → 301).
 */
function indexCandidates(db: Db, accountId: number, terms: string) {
  const cap = sql.raw(String(SEARCH_CANDIDATES))
  const probe = sql`select -rowid as id from contacts_search where contacts_search match ${terms} order by rowid limit ${cap} + 1`
  const shardHoldsAll = sql`(select n from search_probe_size) <= ${cap}`
  const mine = sql`select ${contacts.id} as candidate_id, 0 as part from (${probe}) as search_probe cross join ${contacts} on ${contacts.id} = search_probe.id where +${contacts.accountId} = ${accountId} limit case when ${shardHoldsAll} then ${cap} else 0 end`
  const keyed = sql`select -rowid, 0 from contacts_search where contacts_search match ${accountKeyQuery(accountId)} || ' ' || ${terms} order by rowid limit case when ${shardHoldsAll} then 0 else ${cap} + 1 end`
  return db.$with('search_candidates').as(
    db
      .select({
        candidateId: sql<number>`candidate_id`.as('candidate_id'),
        part: sql<number>`part`.as('part'),
      })
      .from(
        sql`(with search_probe_size as materialized (select count(*) as n from (${probe})) select * from (${mine}) union all select * from (${keyed}))`,
      )
      // Never more than the keyed query gives; a limit also keeps SQLite from copying this table
      // into each of its two readers (the page and `truncated`), which would run FTS5 twice.
      .limit(SEARCH_CANDIDATES + 1),
  )
}

/**
 * One range of an index: the contacts of the account whose `column` starts with `prefix`, at
 * most one past the cap. `column` is the indexed expression exactly, so the range is a seek.
 */
const prefixRange = (part: number, accountId: number, column: SQL, prefix: SQL) =>
  sql`select * from (select ${contacts.id} as id, ${sql.raw(String(part))} as part from ${contacts} where ${contacts.accountId} = ${accountId} and ${column} >= ${prefix} and ${column} < ${prefix} || char(1114111) limit ${sql.raw(String(PREFIX_CANDIDATES + 1))})`

/**
 * Prefix candidates for a term under three characters: names (ASCII case folded, by the
 * lower(name) index), emails (stored lower-cased), phone numbers as typed or after a "+", and
 * identifiers in exact case. `folded` is the term's foldAscii, `text` the term.
 */
function prefixCandidates(db: Db, accountId: number, text: string, folded: string) {
  const ranges = [
    prefixRange(0, accountId, sql`lower(${contacts.name})`, sql`${folded}`),
    prefixRange(1, accountId, sql`${contacts.email}`, sql`${folded}`),
    prefixRange(2, accountId, sql`${contacts.phoneNumber}`, sql`${text}`),
    prefixRange(3, accountId, sql`${contacts.phoneNumber}`, sql`'+' || ${text}`),
    prefixRange(4, accountId, sql`${contacts.identifier}`, sql`${text}`),
  ]
  return db.$with('search_candidates').as(
    db
      .select({
        candidateId: sql<number>`id`.as('candidate_id'),
        part: sql<number>`part`.as('part'),
      })
      .from(sql`(${sql.join(ranges, sql` union all `)})`),
  )
}

/**
 * Whether a cap cut the candidates: the index gave one past SEARCH_CANDIDATES, or a prefix
 * range one past PREFIX_CANDIDATES. That one extra candidate stays in: it is a real candidate,
 * and the answer is flagged partial anyway.
 */
function truncation(db: Db, candidates: SearchCandidates, cap: number) {
  return db.$with('search_truncated').as(
    db
      .select({
        truncated:
          sql<number>`coalesce((select max(n) from (select count(*) as n from ${candidates} group by part)), 0) > ${sql.raw(String(cap))}`.as(
            'truncated',
          ),
      })
      .from(sql`(select 1)`),
  )
}

/**
 * The candidates of a search and the account condition that reads only them. `terms` is the
 * term's trigramQuery (index mode); else `prefix` holds the folded term and `text` the term.
 */
export function searchPlan(
  db: Db,
  accountId: number,
  search: { terms: string | null; text: string | null; prefix: string | null },
): SearchPlan | undefined {
  let candidates: SearchCandidates
  let cap: number
  if (search.terms !== null) {
    candidates = indexCandidates(db, accountId, search.terms)
    cap = SEARCH_CANDIDATES
  } else if (search.prefix !== null && search.text !== null) {
    candidates = prefixCandidates(db, accountId, search.text, search.prefix)
    cap = PREFIX_CANDIDATES
  } else {
    return undefined
  }
  const flag = truncation(db, candidates, cap)
  const account = and(
    sql`+${contacts.accountId} = ${accountId}`,
    sql`${contacts.id} in (select candidate_id from ${candidates})`,
  ) as SQL
  return {
    ctes: [candidates, flag],
    inAccount: sql`+${contacts.accountId} = ${accountId}`,
    account,
    truncated: sql`(select truncated from ${flag})`,
  }
}

/**
 * The prefix condition on one contact's row, for a walk that reads every contact anyway (an
 * export): the same ranges as the prefix candidates, without their caps.
 */
export function prefixMatch(text: string, folded: string) {
  const starts = (column: SQL, prefix: SQL) =>
    sql`(${column} >= ${prefix} and ${column} < ${prefix} || char(1114111))`
  return sql`(${starts(sql`lower(${contacts.name})`, sql`${folded}`)} or ${starts(sql`${contacts.email}`, sql`${folded}`)} or ${starts(sql`${contacts.phoneNumber}`, sql`${text}`)} or ${starts(sql`${contacts.phoneNumber}`, sql`'+' || ${text}`)} or ${starts(sql`${contacts.identifier}`, sql`${text}`)})`
}

/**
 * How the conversation list's `q` finds its conversations without walking the account: a term of
 * three characters or more goes through the trigram index of message text (`messages_search`,
 * migrations 0022 and 0027: incoming and outgoing messages, the account as a key of two trigrams
 * of its own, as contacts_search in contact-search-index.ts; rowid = −(message id), so that the
 * newest come first in the rowid order FTS5 walks cheaply). The newest
 * MESSAGE_CANDIDATES messages holding every trigram of the term are read; the exact LIKE still
 * decides which match. A term with more candidates is answered from the newest and said capped.
 * A shorter term has no trigram: its candidates are the account's newest MESSAGE_CANDIDATES
 * messages, read from the (account_id, id) index, and the answer is said capped when the account
 * has more. Either way a search reads a bounded number of rows, never the account.
 */
import { type SQL, sql } from 'drizzle-orm'
import { accountKeyQuery } from '../contact-search-index'
import { MESSAGE_TYPE } from '../messages'

/**
 * The most index candidates one search reads, newest first: a page of 25 and two spare. D1
 * counts about three rows read for each (the index entry, the message, its conversation) and
 * about thirteen for each conversation shown (views.ts), so a full page stays inside issue 34's
 * budget of 10 rows per item returned plus 200 (test/worker/scale/read-budget.test.ts).
 */
export const MESSAGE_CANDIDATES = 27

/**
 * The candidates of a search, newest first, as rows with a `message_id` column: the newest `limit`
 * messages of the account whose text holds every trigram of `terms`, or for a term too short to
 * have any (`terms` null) the newest `limit` messages of the account.
 */
export const candidates = (accountId: number | SQL, terms: string | SQL | null, limit: number) =>
  terms === null
    ? sql`select id as message_id from messages where account_id = ${accountId} order by id desc limit ${sql.raw(String(limit))}`
    : sql`select -rowid as message_id from messages_search where messages_search match ${accountKeyQuery(accountId)} || ' ' || ${terms} order by rowid limit ${sql.raw(String(limit))}`

/** Whether a message is one a search looks in (`messages_search` holds only these). */
export const SEARCHED_TYPES = sql.raw(`${MESSAGE_TYPE.incoming}, ${MESSAGE_TYPE.outgoing}`)

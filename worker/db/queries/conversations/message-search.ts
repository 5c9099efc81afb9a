/**
 * How the conversation list's `q` finds its conversations without walking the account: a term of
 * three characters or more goes through the trigram index of message text (`messages_search`,
 * migration 0022: incoming and outgoing messages, rowid = message id, the account as a key of two
 * trigrams of its own, as contacts_search in contact-search-index.ts). The newest
 * MESSAGE_CANDIDATES messages holding every trigram of the term are read; the exact LIKE still
 * decides which match. A term with more candidates is answered from the newest and said capped.
 * A shorter term has no trigram and is tested against the messages of each conversation walked.
 */
import { type SQL, sql } from 'drizzle-orm'
import { conversations } from '../../schema'
import { accountKeyQuery } from '../contact-search-index'
import { MESSAGE_TYPE } from '../messages'

/**
 * The most index candidates one search reads, newest first: a page of 25 and two spare. D1
 * counts about three rows read for each (the index entry, the message, its conversation) and
 * about thirteen for each conversation shown (views.ts), so a full page stays inside issue 34's
 * budget of 10 rows per item returned plus 200 (test/worker/scale/read-budget.test.ts).
 */
export const MESSAGE_CANDIDATES = 27

/** The newest `limit` messages of the account whose text holds every trigram of `terms`. */
export const candidates = (accountId: number | SQL, terms: string | SQL, limit: number) =>
  sql`select rowid from messages_search where messages_search match ${accountKeyQuery(accountId)} || ' ' || ${terms} order by rowid desc limit ${sql.raw(String(limit))}`

/** The walk for a term too short for the index: the conversation's own messages, by LIKE. */
export const matchedByWalk = (pattern: string | SQL) =>
  sql`exists (select 1 from messages m where m.conversation_id = ${conversations.id} and m.message_type in (${MESSAGE_TYPE.incoming}, ${MESSAGE_TYPE.outgoing}) and m.content like ${pattern} escape '\\')`

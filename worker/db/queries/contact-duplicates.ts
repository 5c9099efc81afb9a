import { and, asc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { contacts } from '../schema'
import { contactVisibleTo } from './contacts'

/** At most this many suggestions: a person rarely has more, and the page lists them all. */
export const DUPLICATES_LIMIT = 10

/** What a contact holds or only claims, by field (emails lower-cased). */
export type DuplicateKeys = { emails: string[]; phones: string[]; identifiers: string[] }

const claimed = (field: 'email' | 'phone_number' | 'identifier') =>
  sql`json_extract(${contacts.additionalAttributes}, ${`$.unverified_claims.${field}`})`

/**
 * The account's other contacts holding or claiming one of these values (a held value against a
 * held or claimed one, either way round), visible to the agent (null: administrators), by id.
 */
export function findDuplicateContacts(
  db: Db,
  accountId: number,
  contactId: number,
  keys: DuplicateKeys,
  agentId: number | null,
) {
  const matches: SQL[] = []
  if (keys.emails.length > 0) {
    matches.push(inArray(contacts.email, keys.emails))
    matches.push(inArray(sql`lower(${claimed('email')})`, keys.emails))
  }
  if (keys.phones.length > 0) {
    matches.push(inArray(contacts.phoneNumber, keys.phones))
    matches.push(inArray(claimed('phone_number'), keys.phones))
  }
  if (keys.identifiers.length > 0) {
    matches.push(inArray(contacts.identifier, keys.identifiers))
    matches.push(inArray(claimed('identifier'), keys.identifiers))
  }
  if (matches.length === 0) return Promise.resolve([])
  return db
    .select()
    .from(contacts)
    .where(
      and(
        eq(contacts.accountId, accountId),
        ne(contacts.id, contactId),
        or(...matches),
        contactVisibleTo(db, agentId),
      ),
    )
    .orderBy(asc(contacts.id))
    .limit(DUPLICATES_LIMIT)
}

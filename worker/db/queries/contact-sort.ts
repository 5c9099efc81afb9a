/**
 * The contact list's sorts: their keys in SQL and in a row, the order they give, and the keyset
 * ranges after a page's last contact (worker/lib/page-cursor.ts): the next page starts after its
 * sort value and id instead of walking the rows before it. Sort values can be null (a contact
 * without an email, a company, …): SQLite puts nulls first in an ascending order and last in a
 * descending one, so the rows after a cursor are up to two ranges, each a seek in the sort's
 * index: the rest of the cursor's group, then the nulls (descending) or the values (ascending,
 * after the nulls).
 */
import { asc, desc, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { contacts } from '../schema'
import type { Param } from '../templates'
import type { ContactRow } from './contacts'

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

type ContactColumns = typeof contacts._.columns

export const SORT_COLUMNS: Record<ContactSortKey, (c: ContactColumns) => SQLWrapper> = {
  email: (c) => c.email,
  name: (c) => c.name,
  phone_number: (c) => c.phoneNumber,
  last_activity_at: (c) => c.lastActivityAt,
  created_at: (c) => c.createdAt,
  company: (c) => sql`json_extract(${c.additionalAttributes}, '$.company_name')`,
  city: (c) => sql`json_extract(${c.additionalAttributes}, '$.city')`,
  country: (c) => sql`json_extract(${c.additionalAttributes}, '$.country')`,
}

/**
 * A contact's value of the sort key, as SQL computes it (json_extract gives numbers and text as
 * they are, booleans as 1 and 0, objects and arrays as JSON text): what a page cursor holds.
 */
export function contactSortValue(key: ContactSortKey, contact: ContactRow): string | number | null {
  const attributes = contact.additionalAttributes as Record<string, unknown> | null
  const attribute = (name: string) => {
    const value = attributes?.[name]
    if (value === undefined || value === null) return null
    if (typeof value === 'boolean') return value ? 1 : 0
    if (typeof value === 'string' || typeof value === 'number') return value
    return JSON.stringify(value)
  }
  switch (key) {
    case 'email':
      return contact.email
    case 'name':
      return contact.name
    case 'phone_number':
      return contact.phoneNumber
    case 'last_activity_at':
      return contact.lastActivityAt
    case 'created_at':
      return contact.createdAt
    case 'company':
      return attribute('company_name')
    case 'city':
      return attribute('city')
    case 'country':
      return attribute('country')
  }
}

/** The sort column, then the id in the same direction, so pages never overlap or skip. */
export function orderBy(sort: ContactSort, columns: ContactColumns = contacts) {
  const direction = sort.descending ? desc : asc
  return [direction(SORT_COLUMNS[sort.key](columns)), direction(columns.id)]
}

/** Where a page ended: its last contact's sort value and id. */
export type ContactAfter = { value: string | number | null; id: number }

export type AfterParams = { value: Param<unknown>; id: Param<number> }

/**
 * The ranges after `after`, in the order's sequence, as conditions on the sort's key: each
 * walks the index from its start, and a page reads the first, then the second until it is full.
 * `valueIsNull` chooses the ranges; the values themselves are parameters.
 */
export function rangesAfter(
  key: SQLWrapper,
  descending: boolean,
  valueIsNull: boolean,
  after: AfterParams,
): SQL[] {
  const id = contacts.id
  if (descending) {
    if (valueIsNull) return [sql`${key} is null and ${id} < ${after.id}`]
    return [
      sql`${key} <= ${after.value} and (${key} < ${after.value} or ${id} < ${after.id})`,
      sql`${key} is null`,
    ]
  }
  if (valueIsNull) return [sql`${key} is null and ${id} > ${after.id}`, sql`${key} is not null`]
  return [sql`${key} >= ${after.value} and (${key} > ${after.value} or ${id} > ${after.id})`]
}

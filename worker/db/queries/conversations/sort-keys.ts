/**
 * The conversation list's sorts as keys (never null, the id last), the order they give, and the
 * keyset condition that starts a page after a cursor's row (worker/lib/page-cursor.ts).
 */
import { and, asc, desc, or, type SQL, sql } from 'drizzle-orm'
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core'
import { conversations } from '../../schema'

export const SORTS = [
  'last_activity_at_desc',
  'last_activity_at_asc',
  'created_at_desc',
  'created_at_asc',
  'priority_desc',
  'priority_asc',
  'waiting_since_asc',
  'waiting_since_desc',
] as const
export type ConversationSort = (typeof SORTS)[number]

const priorityRank = sql<number>`(case ${conversations.priority} when 'urgent' then 4 when 'high' then 3 when 'medium' then 2 when 'low' then 1 end)`

/** One key of a sort: never null (nulls last are coalesced past the end), so a cursor can hold it. */
type SortKey = { value: SQL | AnySQLiteColumn; direction: 'asc' | 'desc' }

/**
 * The sorts as keys, the id last so the order is total. Coalescing stands for `nulls last`:
 * ranks are 1 to 4 and times far below 10^12, so the fill values sort after every real one.
 */
function sortKeys(sort: ConversationSort): SortKey[] {
  const c = conversations
  const key = (value: SortKey['value'], direction: SortKey['direction']) => ({ value, direction })
  switch (sort) {
    case 'last_activity_at_asc':
      return [key(c.lastActivityAt, 'asc'), key(c.id, 'asc')]
    case 'created_at_desc':
      return [key(c.createdAt, 'desc'), key(c.id, 'desc')]
    case 'created_at_asc':
      return [key(c.createdAt, 'asc'), key(c.id, 'asc')]
    case 'priority_desc':
      return [
        key(sql`coalesce(${priorityRank}, 0)`, 'desc'),
        key(c.lastActivityAt, 'desc'),
        key(c.id, 'desc'),
      ]
    case 'priority_asc':
      return [
        key(sql`coalesce(${priorityRank}, 5)`, 'asc'),
        key(c.lastActivityAt, 'desc'),
        key(c.id, 'desc'),
      ]
    case 'waiting_since_asc':
      return [
        key(sql`coalesce(${c.waitingSince}, ${FAR_FUTURE})`, 'asc'),
        key(c.createdAt, 'asc'),
        key(c.id, 'asc'),
      ]
    case 'waiting_since_desc':
      return [
        key(sql`coalesce(${c.waitingSince}, -1)`, 'desc'),
        key(c.createdAt, 'asc'),
        key(c.id, 'asc'),
      ]
    default:
      return [key(c.lastActivityAt, 'desc'), key(c.id, 'desc')]
  }
}

const FAR_FUTURE = sql.raw('1000000000000')

/** A conversation's values of a sort's keys, as `sortKeys` computes them in SQL. */
export function sortValuesOf(
  sort: ConversationSort,
  row: Pick<
    typeof conversations.$inferSelect,
    'id' | 'priority' | 'lastActivityAt' | 'createdAt' | 'waitingSince'
  >,
): number[] {
  const rank = row.priority ? PRIORITY_RANKS[row.priority] : null
  switch (sort) {
    case 'last_activity_at_asc':
    case 'last_activity_at_desc':
      return [row.lastActivityAt, row.id]
    case 'created_at_asc':
    case 'created_at_desc':
      return [row.createdAt, row.id]
    case 'priority_desc':
      return [rank ?? 0, row.lastActivityAt, row.id]
    case 'priority_asc':
      return [rank ?? 5, row.lastActivityAt, row.id]
    case 'waiting_since_asc':
      return [row.waitingSince ?? 1_000_000_000_000, row.createdAt, row.id]
    case 'waiting_since_desc':
      return [row.waitingSince ?? -1, row.createdAt, row.id]
  }
}

const PRIORITY_RANKS = { urgent: 4, high: 3, medium: 2, low: 1 } as const

/** Each key's direction, in order: how `sortValuesOf`'s values compare in the sort. */
export const sortDirections = (sort: ConversationSort) => sortKeys(sort).map((k) => k.direction)

/** How many keys a sort has: a cursor of another length is not one of its cursors. */
export const sortKeyCount = (sort: ConversationSort) => sortKeys(sort).length

export const sortOrder = (sort: ConversationSort): SQL[] =>
  sortKeys(sort).map((k) => (k.direction === 'asc' ? asc(k.value) : desc(k.value)))

/**
 * The rows after a cursor in the sort's order: (k0, k1, …) after (a0, a1, …) lexicographically.
 * The first key's bound is repeated on its own so the walk starts at the cursor in the index.
 */
export function afterCursor(sort: ConversationSort, after: readonly SQL[]) {
  const keys = sortKeys(sort)
  const beyond = (i: number) =>
    keys[i]!.direction === 'asc'
      ? sql`${keys[i]!.value} > ${after[i]}`
      : sql`${keys[i]!.value} < ${after[i]}`
  const alternatives = keys.map((_, i) =>
    and(...keys.slice(0, i).map((k, j) => sql`${k.value} = ${after[j]}`), beyond(i)),
  )
  const first = keys[0]!
  const start =
    first.direction === 'asc'
      ? sql`${first.value} >= ${after[0]}`
      : sql`${first.value} <= ${after[0]}`
  return and(start, sql`(${or(...alternatives)})`)
}

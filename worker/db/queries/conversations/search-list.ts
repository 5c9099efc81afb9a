/**
 * The conversation list for a message search (message-search.ts): at most MESSAGE_CANDIDATES
 * conversations match, so one statement reads them all with their assignee
 * and sort keys, and the counts, the assignee filter, the order, the cursor and the page are
 * worked out here; a second round trip renders the page. Read in every statement of one batch,
 * the index's candidates would be looked up once per statement instead.
 */
import { and, sql } from 'drizzle-orm'
import type { Db } from '../../client'
import { conversations, messages } from '../../schema'
import { fromTemplate, parameterised } from '../../templates'
import {
  type ConversationCounts,
  type ConversationFilters,
  countedConditions,
  type ListQuery,
  VALUE_KEYS,
} from './list-query'
import { candidates, MESSAGE_CANDIDATES, SEARCHED_TYPES } from './message-search'
import { sortDirections, sortValuesOf } from './sort-keys'
import { batchOf, loadConversationViews } from './views'

type Match = Pick<
  typeof conversations.$inferSelect,
  | 'id'
  | 'assigneeId'
  | 'assigneeType'
  | 'priority'
  | 'lastActivityAt'
  | 'createdAt'
  | 'waitingSince'
>

/** −1, 0 or 1 as `a` comes before, with or after `b` in the sort (values from sortValuesOf). */
function compare(a: number[], b: number[], directions: ('asc' | 'desc')[]) {
  for (let i = 0; i < directions.length; i++) {
    const diff = (a[i] as number) - (b[i] as number)
    if (diff !== 0) return (directions[i] === 'asc' ? diff : -diff) > 0 ? 1 : -1
  }
  return 0
}

function assigneeMatches(match: Match, f: ListQuery) {
  switch (f.assigneeType) {
    case 'me':
      return match.assigneeType === 'User' && match.assigneeId === f.userId
    case 'unassigned':
      return match.assigneeId === null
    case 'assigned':
      return match.assigneeId !== null
    default:
      return true
  }
}

export async function listSearchedConversations(
  db: Db,
  f: ConversationFilters,
  listQuery: ListQuery,
  withPage: boolean,
) {
  const { query, shape, values } = parameterised(listQuery, VALUE_KEYS)
  const key = `conversation-search:${shape}`
  const c = conversations
  const m = messages
  // Every candidate is a row (its conversation null when the text or the filters rule it out),
  // so one statement tells whether there were more than a search reads; the team's existence
  // rides along once (a constant subquery), and `(select 1)` gives a row when nothing matched.
  const statement = fromTemplate(
    db,
    `${key}:matches`,
    () =>
      db
        .select({
          id: c.id,
          assigneeId: c.assigneeId,
          assigneeType: c.assigneeType,
          priority: c.priority,
          lastActivityAt: c.lastActivityAt,
          createdAt: c.createdAt,
          waitingSince: c.waitingSince,
          candidate: sql<number | null>`k.message_id`.as('candidate'),
          teamExists:
            sql<number>`(select count(*) from teams where account_id = ${query.accountId} and id = ${query.teamAsked})`.as(
              'team_exists',
            ),
        })
        .from(sql`(select 1) one`)
        .leftJoin(
          sql`(${candidates(query.accountId, query.terms, MESSAGE_CANDIDATES + 1)}) k`,
          sql`1`,
        )
        .leftJoin(
          m,
          sql`${m.id} = k.message_id and ${m.messageType} in (${SEARCHED_TYPES}) and ${m.content} like ${query.pattern} escape '\\'`,
        )
        .leftJoin(c, and(sql`${c.id} = ${m.conversationId}`, countedConditions(query))),
    values,
  )
  const [matchRows] = await batchOf(db, [statement])
  const rows = matchRows as (Match & { candidate: number | null; teamExists: number })[]
  // Newest candidates first, whatever order the plan returned them in: the cut keeps those.
  const read = rows
    .filter((row) => row.candidate !== null)
    .sort((a, b) => (b.candidate as number) - (a.candidate as number))
  const cut = read.length > MESSAGE_CANDIDATES
  const matched = new Map<number, Match>()
  for (const row of read.slice(0, MESSAGE_CANDIDATES)) {
    if (row.id !== null && !matched.has(row.id)) matched.set(row.id, row)
  }
  const matches = [...matched.values()]
  const assigned = matches.filter((m) => m.assigneeId !== null).length
  const counts: ConversationCounts = {
    mine_count: matches.filter((m) => m.assigneeType === 'User' && m.assigneeId === f.userId)
      .length,
    assigned_count: assigned,
    unassigned_count: matches.length - assigned,
    all_count: matches.length,
  }
  const directions = sortDirections(f.sort)
  const keyed = matches
    .filter((m) => assigneeMatches(m, listQuery))
    .map((m) => ({ id: m.id, values: sortValuesOf(f.sort, m) }))
    .sort((a, b) => compare(a.values, b.values, directions))
  const after = f.after
  const rest = after ? keyed.filter((k) => compare(k.values, after, directions) > 0) : keyed
  const offset = after ? 0 : (f.page - 1) * f.perPage
  const page = rest.slice(offset, offset + f.perPage)
  const views = withPage
    ? await loadConversationViews(
        db,
        f.accountId,
        page.map((k) => k.id),
      )
    : []
  const last = views.length === f.perPage ? views[views.length - 1] : undefined
  return {
    teamExists: f.teamId === undefined || Number(rows[0]?.teamExists ?? 0) > 0,
    counts,
    /** More candidates than a search reads: the counts are of the newest only. */
    capped: cut,
    views,
    nextAfter: last ? sortValuesOf(f.sort, last.conversation) : null,
  }
}

/** The conversation list: Chatwoot's filters, sorts and the four counts, in one round trip. */
import { and, sql } from 'drizzle-orm'
import type { Db } from '../../client'
import { conversations } from '../../schema'
import { fromTemplate, parameterised } from '../../templates'
import { COUNT_CAP, cappedCountsStatement, countersStatement } from '../conversation-counters'
import {
  assigneeCondition,
  type ConversationCounts,
  type ConversationFilters,
  countedConditions,
  type ListQuery,
  listQueryOf,
  VALUE_KEYS,
} from './list-query'
import { listSearchedConversations } from './search-list'
import { afterCursor, sortOrder, sortValuesOf } from './sort-keys'
import {
  assembleViews,
  batchOf,
  type ViewResults,
  viewStatementCount,
  viewStatements,
} from './views'

export type { ConversationCounts, ConversationFilters } from './list-query'

/**
 * The counts statement: the counters when they are kept for these filters (status, inbox and
 * the agent's inboxes), else a count of the filtered rows up to `COUNT_CAP`.
 */
function countsStatement(db: Db, f: ListQuery) {
  if (f.teamId === null && f.labels === null && f.pattern === null && f.sourceId === null) {
    return countersStatement(db, f)
  }
  const sample = db
    .select({ assigneeId: conversations.assigneeId, assigneeType: conversations.assigneeType })
    .from(conversations)
    .where(countedConditions(f))
    .limit(COUNT_CAP + 1)
  return cappedCountsStatement(db, f, sql`${sample}`)
}

type CountRow = Awaited<ReturnType<typeof countersStatement>>[number]

/**
 * One page of the conversation list and the four counts, in one D1 round trip: the counts from
 * the counters (or capped, see `countsStatement`); the page is found through the (account_id,
 * status, last_activity_at) index, from the cursor when there is one, and only its rows are
 * joined to contacts, inboxes, assignees and last messages. `nextCursor` continues after it.
 */
export async function listConversations(db: Db, f: ConversationFilters, withPage = true) {
  const listQuery = listQueryOf(f)
  // A message search reads its few candidates once and cuts the page from them.
  if (listQuery.pattern !== null) return listSearchedConversations(db, f, listQuery, withPage)
  const { query, shape, values } = parameterised(listQuery, VALUE_KEYS)
  const key = `${listQuery.assigneeType},${listQuery.sort},${shape}`
  const template = <T extends object>(name: string, build: () => T) =>
    fromTemplate(db, `conversation-list:${name}:${key}`, build, values)
  const counts = template('counts', () => countsStatement(db, query))
  const order = sortOrder(query.sort)
  const after = [query.after0, query.after1, query.after2].map((value) => sql`${value}`)
  const page = () =>
    db
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(
          countedConditions(query),
          assigneeCondition(query),
          listQuery.after0 === null ? undefined : afterCursor(query.sort, after),
        ),
      )
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset)
  // Built only when a shape is new: each template keeps one of the view statements.
  const viewTemplates = withPage
    ? Array.from({ length: viewStatementCount(db) }, (_, index) =>
        template(`view-${index}`, () => viewStatements(db, query.accountId, page(), order)[index]!),
      )
    : []
  const [countRows, ...viewResults] = await batchOf(db, [counts, ...viewTemplates])
  const row = (countRows as CountRow[])[0]
  const all = Number(row?.all ?? 0)
  const assigned = Number(row?.assigned ?? 0)
  const views = withPage ? assembleViews(viewResults as unknown as ViewResults) : []
  const last = views.length === f.perPage ? views[views.length - 1] : undefined
  return {
    teamExists: f.teamId === undefined || Number(row?.teamExists ?? 0) > 0,
    counts: {
      mine_count: Number(row?.mine ?? 0),
      assigned_count: assigned,
      unassigned_count: Math.max(0, all - assigned),
      all_count: all,
    } satisfies ConversationCounts,
    /** The counts stopped at `COUNT_CAP`: each is at least what it says. */
    capped: Number(row?.capped ?? 0) > 0,
    views,
    /** The sort values of the page's last row, when the page is full. */
    nextAfter: last ? sortValuesOf(f.sort, last.conversation) : null,
  }
}

/** The conversation list: Chatwoot's filters, sorts and the four counts, in one round trip. */
import { and, eq, isNull, sql } from 'drizzle-orm'
import { containsPattern } from '../../../lib/like'
import type { Db } from '../../client'
import { conversations } from '../../schema'
import { fromTemplate, parameterised } from '../../templates'
import { COUNT_CAP, cappedCountsStatement, countersStatement } from '../conversation-counters'
import type { ConversationStatus } from '../conversations'
import { MESSAGE_TYPE } from '../messages'
import { afterCursor, type ConversationSort, sortOrder, sortValuesOf } from './sort-keys'
import {
  assembleViews,
  batchOf,
  type ViewResults,
  viewStatementCount,
  viewStatements,
} from './views'

export type ConversationFilters = {
  accountId: number
  /** Set for agents: only conversations of inboxes they are members of. */
  agentId: number | null
  /** The caller, for `assignee_type=me` and `mine_count` (null for a bot). */
  userId: number | null
  status: ConversationStatus | 'all'
  assigneeType: 'me' | 'unassigned' | 'assigned' | 'all'
  inboxId?: number
  teamId?: number
  labels?: string[]
  q?: string
  sourceId?: string
  sort: ConversationSort
  page: number
  perPage: number
  /** The sort values of the last row of the page before (`nextCursor`): the page after it. */
  after?: number[]
}

/**
 * A list query as its SQL sees it: each value present or null. The list's statements are built
 * from this once per shape (which values are null, the assignee type, the sort) with parameters
 * in place of the values, and bound to each request's values (see `fromTemplate`).
 */
type ListQuery = {
  accountId: number
  status: ConversationStatus | null
  inboxId: number | null
  teamId: number | null
  agentId: number | null
  /** JSON array of up to 50 labels. */
  labels: string | null
  /** LIKE pattern of the message search. */
  pattern: string | null
  sourceId: string | null
  /** The caller (-1 for a bot). */
  userId: number
  /** The team asked for, or -1, for the team check. */
  teamAsked: number
  limit: number
  offset: number
  /** The cursor's sort values (up to three keys), or null without one. */
  after0: number | null
  after1: number | null
  after2: number | null
  assigneeType: ConversationFilters['assigneeType']
  sort: ConversationSort
}

function listQueryOf(f: ConversationFilters): ListQuery {
  const labels = f.labels?.slice(0, 50) ?? []
  return {
    accountId: f.accountId,
    // Chatwoot skips the status filter when searching.
    status: f.q || f.status === 'all' ? null : f.status,
    inboxId: f.inboxId ?? null,
    teamId: f.teamId ?? null,
    agentId: f.agentId,
    labels: labels.length > 0 ? JSON.stringify(labels) : null,
    pattern: f.q ? containsPattern(f.q) : null,
    sourceId: f.sourceId || null,
    userId: f.userId ?? -1,
    teamAsked: f.teamId ?? -1,
    limit: f.perPage,
    // A cursor says where the page starts: nothing before it is walked.
    offset: f.after ? 0 : (f.page - 1) * f.perPage,
    after0: f.after?.[0] ?? null,
    after1: f.after?.[1] ?? null,
    after2: f.after?.[2] ?? null,
    assigneeType: f.assigneeType,
    sort: f.sort,
  }
}

const VALUE_KEYS = [
  'accountId',
  'status',
  'inboxId',
  'teamId',
  'agentId',
  'labels',
  'pattern',
  'sourceId',
  'userId',
  'teamAsked',
  'limit',
  'offset',
  'after0',
  'after1',
  'after2',
] as const

/** The filters the counts are taken after (everything but the assignee type). */
function countedConditions(f: ListQuery) {
  const c = conversations
  return and(
    eq(c.accountId, f.accountId),
    f.status === null ? undefined : eq(c.status, f.status),
    f.inboxId === null ? undefined : eq(c.inboxId, f.inboxId),
    f.teamId === null ? undefined : eq(c.teamId, f.teamId),
    f.agentId === null
      ? undefined
      : sql`${c.inboxId} in (select inbox_id from inbox_members where account_id = ${f.accountId} and user_id = ${f.agentId})`,
    f.labels === null
      ? undefined
      : sql`${c.id} in (select conversation_id from conversation_labels where account_id = ${f.accountId} and label in (select value from json_each(${f.labels})))`,
    f.pattern === null
      ? undefined
      : sql`exists (select 1 from messages m where m.conversation_id = ${c.id} and m.message_type in (${MESSAGE_TYPE.incoming}, ${MESSAGE_TYPE.outgoing}) and m.content like ${f.pattern} escape '\\')`,
    f.sourceId === null
      ? undefined
      : sql`${c.contactInboxId} in (select id from contact_inboxes where source_id = ${f.sourceId} and inbox_id in (select id from inboxes where account_id = ${f.accountId}))`,
  )
}

function assigneeCondition(f: ListQuery) {
  const c = conversations
  switch (f.assigneeType) {
    case 'me':
      return and(eq(c.assigneeType, 'User'), eq(c.assigneeId, f.userId))
    case 'unassigned':
      return isNull(c.assigneeId)
    case 'assigned':
      return sql`${c.assigneeId} is not null`
    default:
      return undefined
  }
}

export type ConversationCounts = {
  mine_count: number
  assigned_count: number
  unassigned_count: number
  all_count: number
}

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

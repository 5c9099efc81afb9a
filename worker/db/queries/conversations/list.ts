/** The conversation list: Chatwoot's filters, sorts and the four counts, in one round trip. */
import { and, asc, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm'
import { containsPattern } from '../../../lib/like'
import type { Db } from '../../client'
import { conversations } from '../../schema'
import { fromTemplate, parameterised } from '../../templates'
import type { ConversationStatus } from '../conversations'
import { MESSAGE_TYPE } from '../messages'
import {
  assembleViews,
  batchOf,
  type ViewResults,
  viewStatementCount,
  viewStatements,
} from './views'

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

const priorityRank = sql`(case ${conversations.priority} when 'urgent' then 4 when 'high' then 3 when 'medium' then 2 when 'low' then 1 end)`

function sortOrder(sort: ConversationSort): SQL[] {
  const c = conversations
  switch (sort) {
    case 'last_activity_at_asc':
      return [asc(c.lastActivityAt), asc(c.id)]
    case 'created_at_desc':
      return [desc(c.createdAt), desc(c.id)]
    case 'created_at_asc':
      return [asc(c.createdAt), asc(c.id)]
    case 'priority_desc':
      return [sql`${priorityRank} desc nulls last`, desc(c.lastActivityAt), desc(c.id)]
    case 'priority_asc':
      return [sql`${priorityRank} asc nulls last`, desc(c.lastActivityAt), desc(c.id)]
    case 'waiting_since_asc':
      return [sql`${c.waitingSince} asc nulls last`, asc(c.createdAt), asc(c.id)]
    case 'waiting_since_desc':
      return [sql`${c.waitingSince} desc nulls last`, asc(c.createdAt), asc(c.id)]
    default:
      return [desc(c.lastActivityAt), desc(c.id)]
  }
}

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
    offset: (f.page - 1) * f.perPage,
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
] as const

/**
 * The filters the counts are taken after (everything but the assignee type). `statusIndex: false`
 * writes the status term as `+status`, which keeps SQLite from reaching for the status index.
 */
function countedConditions(f: ListQuery, { statusIndex = true } = {}) {
  const c = conversations
  return and(
    eq(c.accountId, f.accountId),
    f.status === null
      ? undefined
      : statusIndex
        ? eq(c.status, f.status)
        : sql`+${c.status} = ${f.status}`,
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
 * Counts the filtered conversations that also match `subset` (assigned, or mine), walking
 * whichever index meets fewer rows: the assignee index when the account has fewer conversations
 * of that subset than match the filters, else the status index. Neither covers both columns,
 * so each path reads the rows it meets; SQLite evaluates only the CASE branch it takes.
 */
function subsetCount(
  db: Db,
  f: ListQuery,
  filtered: SQL,
  subset: { indexed: SQL; unindexed: SQL; total: SQL },
) {
  const c = conversations
  const count = (where: SQL | undefined) =>
    db.select({ n: sql<number>`count(*)` }).from(c).where(where)
  const total = count(and(eq(c.accountId, f.accountId), subset.total))
  const viaAssignee = count(and(countedConditions(f, { statusIndex: false }), subset.indexed))
  const viaStatus = count(and(countedConditions(f), subset.unindexed))
  return sql<number>`case when ${total} < ${filtered} then ${viaAssignee} else ${viaStatus} end`
}

type CountRow = Awaited<ReturnType<typeof countsStatement>>[number]

function countsStatement(db: Db, f: ListQuery) {
  const c = conversations
  const filtered = db
    .select({ all: sql<number>`count(*)`.as('all_count') })
    .from(c)
    .where(countedConditions(f))
    .as('filtered')
  const me = f.userId
  return db
    .select({
      all: filtered.all,
      assigned: subsetCount(db, f, sql`${filtered.all}`, {
        indexed: isNotNull(c.assigneeId),
        unindexed: sql`+${c.assigneeId} is not null`,
        total: isNotNull(c.assigneeId),
      }),
      mine: subsetCount(db, f, sql`${filtered.all}`, {
        indexed: and(eq(c.assigneeId, me), eq(c.assigneeType, 'User')) as SQL,
        unindexed: sql`+${c.assigneeId} = ${me} and ${c.assigneeType} = 'User'`,
        total: eq(c.assigneeId, me),
      }),
      // Answered in the same round trip so an unknown team costs nothing extra.
      teamExists: sql<number>`(select count(*) from teams where account_id = ${f.accountId} and id = ${f.teamAsked})`,
    })
    .from(filtered)
}

/**
 * One page of the conversation list and the four counts, in one D1 round trip: the counts scan
 * the filtered rows once; the page is found through the (account_id, status, last_activity_at)
 * index and only its rows are joined to contacts, inboxes, assignees and last messages.
 */
export async function listConversations(db: Db, f: ConversationFilters, withPage = true) {
  const listQuery = listQueryOf(f)
  const { query, shape, values } = parameterised(listQuery, VALUE_KEYS)
  const key = `${listQuery.assigneeType},${listQuery.sort},${shape}`
  const template = <T extends object>(name: string, build: () => T) =>
    fromTemplate(db, `conversation-list:${name}:${key}`, build, values)
  const counts = template('counts', () => countsStatement(db, query))
  const order = sortOrder(query.sort)
  const page = () =>
    db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(countedConditions(query), assigneeCondition(query)))
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset)
  // Built only when a shape is new: each template keeps one of the view statements.
  const views = withPage
    ? Array.from({ length: viewStatementCount(db) }, (_, index) =>
        template(`view-${index}`, () => viewStatements(db, query.accountId, page(), order)[index]!),
      )
    : []
  const [countRows, ...viewResults] = await batchOf(db, [counts, ...views])
  const row = (countRows as CountRow[])[0]
  const all = Number(row?.all ?? 0)
  const assigned = Number(row?.assigned ?? 0)
  return {
    teamExists: f.teamId === undefined || Number(row?.teamExists ?? 0) > 0,
    counts: {
      mine_count: Number(row?.mine ?? 0),
      assigned_count: assigned,
      unassigned_count: all - assigned,
      all_count: all,
    } satisfies ConversationCounts,
    views: withPage ? assembleViews(viewResults as unknown as ViewResults) : [],
  }
}

/** A conversation list's filters, as the request gives them and as its SQL reads them. */
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { containsPattern } from '../../../lib/like'
import { conversations } from '../../schema'
import { trigramQuery } from '../contact-search-index'
import type { ConversationStatus } from '../conversations'
import type { ConversationSort } from './sort-keys'

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
export type ListQuery = {
  accountId: number
  status: ConversationStatus | null
  inboxId: number | null
  teamId: number | null
  agentId: number | null
  /** JSON array of up to 50 labels. */
  labels: string | null
  /** LIKE pattern of the message search. */
  pattern: string | null
  /**
   * The search's trigram query, when the message index can serve it; null for a term too short
   * (message-search.ts).
   */
  terms: string | null
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

export function listQueryOf(f: ConversationFilters): ListQuery {
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
    terms: f.q ? (trigramQuery(f.q) ?? null) : null,
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

export const VALUE_KEYS = [
  'accountId',
  'status',
  'inboxId',
  'teamId',
  'agentId',
  'labels',
  'pattern',
  'terms',
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
export function countedConditions(f: ListQuery) {
  const c = conversations
  // An indexed search starts from its few candidates, looked up by id: the unary `+` keeps
  // SQLite from walking an index of the account in the list's order and probing them instead.
  const column = (col: SQLiteColumn) => (f.pattern === null ? sql`${col}` : sql`+${col}`)
  return and(
    eq(column(c.accountId), f.accountId),
    f.status === null ? undefined : eq(column(c.status), f.status),
    f.inboxId === null ? undefined : eq(column(c.inboxId), f.inboxId),
    f.teamId === null ? undefined : eq(column(c.teamId), f.teamId),
    f.agentId === null
      ? undefined
      : sql`${column(c.inboxId)} in (select inbox_id from inbox_members where account_id = ${f.accountId} and user_id = ${f.agentId})`,
    f.labels === null
      ? undefined
      : sql`${c.id} in (select conversation_id from conversation_labels where account_id = ${f.accountId} and label in (select value from json_each(${f.labels})))`,
    // A search (`pattern`) joins its candidates itself (search-list.ts).
    f.sourceId === null
      ? undefined
      : sql`${c.contactInboxId} in (select id from contact_inboxes where source_id = ${f.sourceId} and inbox_id in (select id from inboxes where account_id = ${f.accountId}))`,
  )
}

export function assigneeCondition(f: ListQuery) {
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

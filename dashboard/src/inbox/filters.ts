import type { Conversation } from '../api/schema'

export const ASSIGNEE_TABS = ['me', 'unassigned', 'all'] as const
export type AssigneeTab = (typeof ASSIGNEE_TABS)[number]

export const STATUS_FILTERS = ['open', 'pending', 'snoozed', 'resolved', 'all'] as const
export type StatusFilter = (typeof STATUS_FILTERS)[number]

export const SORT_ORDERS = [
  'last_activity_at_desc',
  'created_at_asc',
  'priority_desc',
  'waiting_since_asc',
] as const
export type SortOrder = (typeof SORT_ORDERS)[number]

/** What the list shows: the API's list query, as the toolbar and the sidebar set it. */
export interface InboxFilters {
  assignee: AssigneeTab
  status: StatusFilter
  sort: SortOrder
  inboxId: number | null
  teamId: number | null
  label: string | null
  /** Message content search; the API skips the status filter while it is set. */
  q: string
}

export const DEFAULT_FILTERS: InboxFilters = {
  assignee: 'me',
  status: 'open',
  sort: 'last_activity_at_desc',
  inboxId: null,
  teamId: null,
  label: null,
  q: '',
}

const oneOf = <T extends string>(choices: readonly T[], value: unknown, fallback: T): T =>
  choices.includes(value as T) ? (value as T) : fallback
const idOrNull = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null

/** Filters kept from an earlier visit (anything unknown falls back; the search is not kept). */
export function filtersFrom(saved: unknown): InboxFilters {
  const raw = (saved && typeof saved === 'object' ? saved : {}) as Record<string, unknown>
  return {
    assignee: oneOf(ASSIGNEE_TABS, raw.assignee, DEFAULT_FILTERS.assignee),
    status: oneOf(STATUS_FILTERS, raw.status, DEFAULT_FILTERS.status),
    sort: oneOf(SORT_ORDERS, raw.sort, DEFAULT_FILTERS.sort),
    inboxId: idOrNull(raw.inboxId),
    teamId: idOrNull(raw.teamId),
    label: typeof raw.label === 'string' && raw.label ? raw.label : null,
    q: '',
  }
}

/**
 * The tab an administrator lands on, from the first load's counts (which span all tabs): Mine
 * when it has conversations, otherwise Unassigned when some wait there, otherwise Mine. A list
 * kept on All stays there.
 */
export function landingTab(
  current: AssigneeTab,
  counts: { mine_count: number; unassigned_count: number },
): AssigneeTab {
  if (current === 'all') return current
  if (counts.mine_count > 0) return 'me'
  return counts.unassigned_count > 0 ? 'unassigned' : 'me'
}

/** The list query for one page (`assignee` left out for the tab counts, which span all tabs). */
export function listQuery(filters: InboxFilters, page: number) {
  return {
    assignee_type: filters.assignee,
    ...countsQuery(filters),
    page,
    sort_by: filters.sort,
  }
}

export function countsQuery(filters: InboxFilters) {
  return {
    status: filters.status,
    ...(filters.inboxId !== null ? { inbox_id: filters.inboxId } : {}),
    ...(filters.teamId !== null ? { team_id: filters.teamId } : {}),
    ...(filters.label !== null ? { labels: [filters.label] } : {}),
    ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
  }
}

/** Whether the API would list this conversation under the filters (search aside). */
export function matchesFilters(
  conversation: Conversation,
  filters: InboxFilters,
  meId: number,
): boolean {
  const assignee = conversation.meta.assignee_type === 'User' ? conversation.meta.assignee : null
  if (filters.assignee === 'me' && assignee?.id !== meId) return false
  if (filters.assignee === 'unassigned' && conversation.meta.assignee) return false
  if (!filters.q.trim() && filters.status !== 'all' && conversation.status !== filters.status) {
    return false
  }
  if (filters.inboxId !== null && conversation.inbox_id !== filters.inboxId) return false
  if (filters.teamId !== null && conversation.meta.team?.id !== filters.teamId) return false
  if (filters.label !== null && !conversation.labels.includes(filters.label)) return false
  return true
}

const PRIORITY_RANK: Record<string, number> = { urgent: 4, high: 3, medium: 2, low: 1 }
const rank = (c: Conversation) => (c.priority ? (PRIORITY_RANK[c.priority] ?? 0) : 0)
/** waiting_since 0 means "not waiting": those sort last, as the API's `nulls last`. */
const waiting = (c: Conversation) => c.waiting_since || Number.MAX_SAFE_INTEGER

/** The API's order for a sort (worker/db/queries/conversations/list.ts), with the same ties. */
export function compareFor(sort: SortOrder): (a: Conversation, b: Conversation) => number {
  switch (sort) {
    case 'created_at_asc':
      return (a, b) => a.created_at - b.created_at || a.id - b.id
    case 'priority_desc':
      return (a, b) => rank(b) - rank(a) || b.last_activity_at - a.last_activity_at || b.id - a.id
    case 'waiting_since_asc':
      return (a, b) => waiting(a) - waiting(b) || a.created_at - b.created_at || a.id - b.id
    default:
      return (a, b) => b.last_activity_at - a.last_activity_at || b.id - a.id
  }
}

/** The newest message id the conversation's list entry already reflects. */
export function lastMessageIdOf(conversation: Conversation): number {
  let id = conversation.last_non_activity_message?.id ?? 0
  for (const message of conversation.messages) id = Math.max(id, message.id)
  return id
}

import { describe, expect, it } from 'vitest'
import {
  compareFor,
  DEFAULT_FILTERS,
  filtersFrom,
  matchesFilters,
} from '../../../dashboard/src/inbox/filters'
import { conversation, ME, OTHER_AGENT } from '../fake-api'

const order = (sort: Parameters<typeof compareFor>[0], list: ReturnType<typeof conversation>[]) =>
  [...list].sort(compareFor(sort)).map((c) => c.id)

describe('inbox filters', () => {
  it('match the tabs: Mine, Unassigned and All', () => {
    const mine = conversation(1)
    const theirs = conversation(2, { assigneeId: OTHER_AGENT })
    const nobody = conversation(3, { assigneeId: null })
    const tab = (assignee: 'me' | 'unassigned' | 'all') =>
      [mine, theirs, nobody]
        .filter((c) => matchesFilters(c, { ...DEFAULT_FILTERS, assignee }, ME))
        .map((c) => c.id)
    expect(tab('me')).toEqual([1])
    expect(tab('unassigned')).toEqual([3])
    expect(tab('all')).toEqual([1, 2, 3])
  })

  it('match status, inbox, team and label, and skip the status while searching', () => {
    const c = conversation(1, { status: 'pending', inbox_id: 4, labels: ['vip'], teamId: 2 })
    const f = { ...DEFAULT_FILTERS, assignee: 'all' as const }
    expect(matchesFilters(c, f, ME)).toBe(false)
    expect(matchesFilters(c, { ...f, status: 'pending' }, ME)).toBe(true)
    expect(matchesFilters(c, { ...f, q: 'refund' }, ME)).toBe(true)
    expect(matchesFilters(c, { ...f, status: 'all', inboxId: 5 }, ME)).toBe(false)
    expect(matchesFilters(c, { ...f, status: 'all', teamId: 2, label: 'vip' }, ME)).toBe(true)
    expect(matchesFilters(c, { ...f, status: 'all', label: 'billing' }, ME)).toBe(false)
  })

  it("sort as the API does, with the API's tie-breaks", () => {
    const a = conversation(1, {
      last_activity_at: 50,
      created_at: 30,
      priority: 'low',
      waiting_since: 0,
    })
    const b = conversation(2, {
      last_activity_at: 90,
      created_at: 10,
      priority: null,
      waiting_since: 40,
    })
    const c = conversation(3, {
      last_activity_at: 70,
      created_at: 20,
      priority: 'urgent',
      waiting_since: 20,
    })
    expect(order('last_activity_at_desc', [a, b, c])).toEqual([2, 3, 1])
    expect(order('created_at_asc', [a, b, c])).toEqual([2, 3, 1])
    expect(order('priority_desc', [a, b, c])).toEqual([3, 1, 2])
    // Not waiting (0) sorts last.
    expect(order('waiting_since_asc', [a, b, c])).toEqual([3, 2, 1])
  })

  it('come back from storage only when valid, never with the search', () => {
    expect(
      filtersFrom({
        assignee: 'all',
        status: 'resolved',
        sort: 'priority_desc',
        inboxId: 3,
        label: 'vip',
        q: 'x',
      }),
    ).toEqual({
      ...DEFAULT_FILTERS,
      assignee: 'all',
      status: 'resolved',
      sort: 'priority_desc',
      inboxId: 3,
      label: 'vip',
    })
    expect(filtersFrom({ assignee: 'bots', status: 7, inboxId: -1, teamId: '2' })).toEqual(
      DEFAULT_FILTERS,
    )
    expect(filtersFrom(null)).toEqual(DEFAULT_FILTERS)
  })
})

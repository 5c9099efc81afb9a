import { afterEach, describe, expect, it, vi } from 'vitest'
import { landingTab } from '../../../dashboard/src/inbox/filters'
import { createInboxStore } from '../../../dashboard/src/inbox/store'
import { conversation, FakeFeed, fakeApi, listAnswer, ME } from '../fake-api'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

describe('the tab an administrator lands on', () => {
  it('is Mine when Mine has conversations, else Unassigned when some wait, else Mine', () => {
    expect(landingTab('me', { mine_count: 2, unassigned_count: 5 })).toBe('me')
    expect(landingTab('me', { mine_count: 0, unassigned_count: 5 })).toBe('unassigned')
    expect(landingTab('me', { mine_count: 0, unassigned_count: 0 })).toBe('me')
    expect(landingTab('unassigned', { mine_count: 3, unassigned_count: 1 })).toBe('me')
    expect(landingTab('all', { mine_count: 0, unassigned_count: 4 })).toBe('all')
  })
})

function setup(administrator: boolean, meta: { mine: number; unassigned: number; all: number }) {
  const { api, requests } = fakeApi(async (url) => {
    if (url.pathname !== '/api/v1/accounts/1/conversations') return undefined
    const unassigned = url.searchParams.get('assignee_type') === 'unassigned'
    return listAnswer(unassigned ? [conversation(5)] : [], meta)
  })
  const feed = new FakeFeed()
  const store = createInboxStore({ api, accountId: 1, meId: ME, feed, administrator })
  stops.push(store.start(10_000))
  feed.state.value = 'live'
  const lists = () => requests.filter((u) => u.pathname.endsWith('/conversations'))
  const metas = () => requests.filter((u) => u.pathname.endsWith('/meta'))
  return { store, lists, metas }
}

describe('the inbox store on its first load', () => {
  it('moves an administrator from an empty Mine to Unassigned, with no counts request', async () => {
    const env = setup(true, { mine: 0, unassigned: 1, all: 1 })
    await vi.waitFor(() => expect(env.store.filters.value.assignee).toBe('unassigned'))
    await vi.waitFor(() => expect(env.store.status.value).toBe('loaded'))
    expect(env.store.conversations.value.map((c) => c.id)).toEqual([5])
    expect(env.lists().map((u) => u.searchParams.get('assignee_type'))).toEqual([
      'me',
      'unassigned',
    ])
    expect(env.metas()).toHaveLength(0)
  })

  it('keeps an administrator on Mine when Mine has conversations', async () => {
    const env = setup(true, { mine: 2, unassigned: 1, all: 3 })
    await vi.waitFor(() => expect(env.store.status.value).toBe('loaded'))
    expect(env.store.filters.value.assignee).toBe('me')
    expect(env.lists()).toHaveLength(1)
  })

  it('leaves an agent on Mine (the landing is the administrator’s)', async () => {
    const env = setup(false, { mine: 0, unassigned: 1, all: 1 })
    await vi.waitFor(() => expect(env.store.status.value).toBe('loaded'))
    expect(env.store.filters.value.assignee).toBe('me')
  })

  it('moves only once: choosing Mine again later stays on Mine', async () => {
    const env = setup(true, { mine: 0, unassigned: 1, all: 1 })
    await vi.waitFor(() => expect(env.store.filters.value.assignee).toBe('unassigned'))
    await vi.waitFor(() => expect(env.store.status.value).toBe('loaded'))
    env.store.setFilters({ assignee: 'me' })
    await vi.waitFor(() => expect(env.store.status.value).toBe('loaded'))
    expect(env.store.filters.value.assignee).toBe('me')
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Conversation } from '../../../dashboard/src/api/schema'
import { createInboxStore, type InboxNews, PER_PAGE } from '../../../dashboard/src/inbox/store'
import { conversation, FakeFeed, fakeApi, listAnswer, ME, message, OTHER_AGENT } from '../fake-api'

type Server = {
  pages?: Conversation[][]
  one?: Record<number, Conversation>
  /** Holds the next list answer until the test releases it. */
  gate?: Promise<void>
}

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

function setup(server: Server = {}) {
  const { api, requests } = fakeApi(async (url) => {
    if (url.pathname === '/api/v1/accounts/1/conversations') {
      await server.gate
      const page = Number(url.searchParams.get('page') ?? 1)
      const payload = server.pages?.[page - 1] ?? []
      if (payload.length < PER_PAGE) return listAnswer(payload)
      // A full page says where the next one starts, as the API does.
      const answer = await listAnswer(payload).json()
      answer.data.meta.next_cursor = `after-page-${page}`
      return Response.json(answer)
    }
    if (url.pathname === '/api/v1/accounts/1/conversations/meta') {
      return Response.json({
        meta: { mine_count: 9, assigned_count: 9, unassigned_count: 8, all_count: 7 },
      })
    }
    const one = url.pathname.match(/\/conversations\/(\d+)$/)
    const found = one && server.one?.[Number(one[1])]
    if (found) return Response.json(found)
    return undefined
  })
  const feed = new FakeFeed()
  const news: InboxNews[] = []
  const store = createInboxStore({
    api,
    accountId: 1,
    meId: ME,
    feed,
    onNews: (n) => news.push(n),
    countsDelayMs: 0,
  })
  stops.push(store.start(10_000))
  const lists = () => requests.filter((u) => u.pathname.endsWith('/conversations'))
  return { store, feed, news, requests, lists }
}

const ids = (list: Conversation[]) => list.map((c) => c.id)

async function live(env: ReturnType<typeof setup>) {
  env.feed.state.value = 'live'
  await vi.waitFor(() => expect(env.store.status.value).toBe('loaded'))
}

describe('the inbox list', () => {
  it('loads once the feed is live, for Mine, open, by last activity', async () => {
    const env = setup({ pages: [[conversation(3), conversation(2)]] })
    expect(env.lists()).toHaveLength(0)
    await live(env)
    const query = Object.fromEntries(env.lists()[0]?.searchParams ?? [])
    expect(query).toEqual({
      assignee_type: 'me',
      status: 'open',
      page: '1',
      sort_by: 'last_activity_at_desc',
    })
    expect(ids(env.store.conversations.value)).toEqual([3, 2])
    expect(env.store.counts.value).toMatchObject({ mine_count: 1, unassigned_count: 2 })
  })

  it('asks again with the new filters: tab, status, sort, inbox, team, label and search', async () => {
    const env = setup()
    await live(env)
    env.store.setFilters({ assignee: 'unassigned', status: 'resolved', sort: 'priority_desc' })
    env.store.setFilters({ inboxId: 4, teamId: 2, label: 'vip', q: ' refund ' })
    await vi.waitFor(() => expect(env.lists()).toHaveLength(3))
    const query = Object.fromEntries(env.lists()[2]?.searchParams ?? [])
    expect(query).toEqual({
      assignee_type: 'unassigned',
      status: 'resolved',
      sort_by: 'priority_desc',
      inbox_id: '4',
      team_id: '2',
      labels: 'vip',
      q: 'refund',
      page: '1',
    })
  })

  it('shows a new conversation that fits the filters, at its place, and tells about it', async () => {
    const env = setup({ pages: [[conversation(3), conversation(2)]] })
    await live(env)
    env.feed.push({ event: 'conversation.created', data: conversation(9) })
    expect(ids(env.store.conversations.value)).toEqual([9, 3, 2])
    expect(env.news).toEqual([{ kind: 'conversation', conversation: conversation(9) }])
    await vi.waitFor(() => expect(env.store.counts.value?.mine_count).toBe(9))
  })

  it('leaves out a new conversation the filters do not want', async () => {
    const env = setup({ pages: [[conversation(3)]] })
    await live(env)
    env.feed.push({ event: 'conversation.created', data: conversation(9, { assigneeId: null }) })
    expect(ids(env.store.conversations.value)).toEqual([3])
  })

  it('moves a conversation up on a new message, with its preview and unread count', async () => {
    const env = setup({ pages: [[conversation(3), conversation(2)]] })
    await live(env)
    env.feed.push({
      event: 'message.created',
      data: message(900, 2, { content: 'Hi!', unread: 2 }),
    })
    const [first] = env.store.conversations.value
    expect(ids(env.store.conversations.value)).toEqual([2, 3])
    expect(first?.last_non_activity_message?.content).toBe('Hi!')
    expect(first?.unread_count).toBe(2)
    expect(env.store.unread.value).toBe(1)
    expect(env.news).toEqual([
      {
        kind: 'message',
        message: message(900, 2, { content: 'Hi!', unread: 2 }),
        assignedToMe: true,
      },
    ])
  })

  it('keeps the open conversation at no unread', async () => {
    const env = setup({ pages: [[conversation(3), conversation(2, { unread_count: 4 })]] })
    await live(env)
    expect(env.store.unread.value).toBe(1)
    env.store.open(2)
    expect(env.store.conversations.value.find((c) => c.id === 2)?.unread_count).toBe(0)
    env.feed.push({ event: 'message.created', data: message(900, 2, { unread: 5 }) })
    expect(env.store.conversations.value[0]?.unread_count).toBe(0)
    expect(env.store.unread.value).toBe(0)
  })

  it('clears the unread badge when an agent read the conversation elsewhere', async () => {
    const env = setup({ pages: [[conversation(3, { unread_count: 2 }), conversation(2)]] })
    await live(env)
    env.feed.push({
      event: 'conversation.read',
      data: { conversation_id: 3, contact_last_seen_at: 9 },
    })
    expect(env.store.unread.value).toBe(1)
    env.feed.push({
      event: 'conversation.read',
      data: { conversation_id: 3, agent_last_seen_at: 9 },
    })
    expect(env.store.unread.value).toBe(0)
  })

  it('never applies a replayed message twice', async () => {
    const env = setup({ pages: [[conversation(3), conversation(2)]] })
    await live(env)
    env.feed.push({ event: 'message.created', data: message(900, 2, { unread: 1 }) })
    const after = env.store.conversations.value
    env.feed.push({ event: 'message.created', data: message(900, 2, { unread: 1 }) })
    env.feed.push({ event: 'message.created', data: message(250, 3, { unread: 7 }) })
    expect(env.store.conversations.value).toBe(after)
    expect(env.news).toHaveLength(1)
  })

  it('removes a conversation resolved elsewhere from the open list and brings it back when reopened', async () => {
    const env = setup({ pages: [[conversation(3), conversation(2)]] })
    await live(env)
    env.feed.push({
      event: 'conversation.status_changed',
      data: conversation(2, { status: 'resolved' }),
    })
    expect(ids(env.store.conversations.value)).toEqual([3])
    env.feed.push({
      event: 'conversation.status_changed',
      data: conversation(2, { status: 'open' }),
    })
    expect(ids(env.store.conversations.value)).toEqual([3, 2])
  })

  it('follows assignee and priority changes, dropping what leaves Mine', async () => {
    const env = setup({ pages: [[conversation(3), conversation(2)]] })
    await live(env)
    env.feed.push({ event: 'conversation.updated', data: conversation(3, { priority: 'urgent' }) })
    expect(env.store.conversations.value[0]?.priority).toBe('urgent')
    env.feed.push({
      event: 'conversation.updated',
      data: conversation(3, { assigneeId: OTHER_AGENT }),
    })
    expect(ids(env.store.conversations.value)).toEqual([2])
  })

  it('fetches a conversation it had not listed when a message arrives for it', async () => {
    const env = setup({
      pages: [[conversation(3)]],
      one: { 8: conversation(8, { last_activity_at: 9999 }) },
    })
    await live(env)
    env.feed.push({ event: 'message.created', data: message(800, 8) })
    await vi.waitFor(() => expect(ids(env.store.conversations.value)).toEqual([8, 3]))
  })

  it('holds frames that arrive during a reload and applies them after, without duplicates', async () => {
    let release = () => {}
    const server: Server = { pages: [[conversation(3), conversation(2)]] }
    const env = setup(server)
    await live(env)
    server.gate = new Promise((resolve) => {
      release = resolve
    })
    // The reload's answer already has message 900; the frame for it arrives while loading.
    server.pages = [
      [conversation(2, { lastMessageId: 900, last_activity_at: 9000 }), conversation(3)],
    ]
    env.feed.resync()
    env.feed.push({ event: 'message.created', data: message(900, 2) })
    env.feed.push({ event: 'message.created', data: message(901, 3, { unread: 1 }) })
    env.feed.push({ event: 'conversation.created', data: conversation(9) })
    release()
    await vi.waitFor(() => expect(env.store.status.value).toBe('loaded'))
    // 2 came with message 900 already; 901 moved 3 after it; 9 is new and oldest.
    expect(ids(env.store.conversations.value)).toEqual([2, 3, 9])
    expect(env.store.conversations.value.find((c) => c.id === 2)?.unread_count).toBe(0)
    expect(
      env.store.conversations.value.find((c) => c.id === 3)?.messages.map((m) => m.id),
    ).toEqual([901])
  })

  it('reloads the whole list after a reconnect', async () => {
    const server: Server = { pages: [[conversation(3), conversation(2)]] }
    const env = setup(server)
    await live(env)
    server.pages = [[conversation(4)]]
    env.feed.resync()
    await vi.waitFor(() => expect(ids(env.store.conversations.value)).toEqual([4]))
    expect(env.lists()).toHaveLength(2)
  })

  it('loads the next page on demand and never shows a row twice', async () => {
    const first = Array.from({ length: PER_PAGE }, (_, i) => conversation(100 - i))
    const env = setup({ pages: [first, [conversation(76), conversation(50)]] })
    await live(env)
    expect(env.store.hasMore.value).toBe(true)
    await env.store.loadMore()
    expect(env.lists()[1]?.searchParams.get('page')).toBe('2')
    expect(env.lists()[1]?.searchParams.get('cursor')).toBe('after-page-1')
    expect(env.store.conversations.value).toHaveLength(PER_PAGE + 1)
    expect(env.store.hasMore.value).toBe(false)
  })
})

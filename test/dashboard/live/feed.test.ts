import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { feedUrl } from '../../../dashboard/src/live/feed'
import { createSharedFeed } from '../../../dashboard/src/live/shared-feed'
import type { FeedFrame } from '../../../dashboard/src/live/types'
import { FakeLocks, fakeBroadcastChannel } from '../../protocol/fake-tabs'
import { FakeWebSocket } from '../fake-socket'

const message = (id: number, conversationId = 7) =>
  ({ event: 'message.created', data: { id, conversation_id: conversationId } }) as FeedFrame

/** One tab's feed: it owns the socket (the tabs sharing it are shared-feed.test.ts's). */
async function openFeed(onRefused = vi.fn()) {
  const feed = createSharedFeed({
    name: 'parley-feed:5:1',
    locks: new FakeLocks() as unknown as LockManager,
    BroadcastChannel: fakeBroadcastChannel(),
    url: (after) => feedUrl('https://parley.test', 1, after),
    WebSocket: FakeWebSocket as unknown as typeof WebSocket,
    backoff: { base: 100, max: 1000 },
    random: () => 0,
    heartbeatMs: 1000,
    onRefused,
  })
  const frames: FeedFrame[] = []
  const resyncs = vi.fn()
  feed.subscribe((frame) => frames.push(frame))
  feed.onResync(resyncs)
  // The Web Lock is granted, and the socket opened, after the current task.
  await vi.advanceTimersByTimeAsync(0)
  return { feed, frames, resyncs, onRefused }
}

beforeEach(() => {
  FakeWebSocket.reset()
  vi.useFakeTimers()
})
afterEach(() => vi.useRealTimers())

describe('the account feed in one tab', () => {
  it('opens the account socket on this origin and relies on the session cookie (no auth frame)', async () => {
    const { feed } = await openFeed()
    expect(FakeWebSocket.last.url).toBe('wss://parley.test/api/v1/accounts/1/live')
    expect(feed.state.value).toBe('connecting')
    FakeWebSocket.last.ready()
    expect(feed.state.value).toBe('live')
    expect(FakeWebSocket.last.sent).toEqual([])
    feed.close()
  })

  it('routes every frame but ready and pong to the subscribers', async () => {
    const { feed, frames } = await openFeed()
    FakeWebSocket.last.ready()
    FakeWebSocket.last.receive({ event: 'pong', data: {} })
    FakeWebSocket.last.receive(message(5))
    FakeWebSocket.last.receive({ event: 'conversation.created', data: { id: 9 } })
    FakeWebSocket.last.receive('not json')
    expect(frames.map((f) => f.event)).toEqual(['message.created', 'conversation.created'])
    feed.close()
  })

  it('reconnects after a drop asking for the messages after the newest one it saw', async () => {
    const { feed } = await openFeed()
    FakeWebSocket.last.ready()
    FakeWebSocket.last.receive(message(41))
    FakeWebSocket.last.receive(message(42, 8))
    FakeWebSocket.last.drop()
    expect(feed.state.value).toBe('offline')
    vi.advanceTimersByTime(100)
    expect(FakeWebSocket.instances).toHaveLength(2)
    expect(FakeWebSocket.last.url).toBe('wss://parley.test/api/v1/accounts/1/live?after=42')
    feed.close()
  })

  it('asks for a resync after each reconnect, not on the first connection', async () => {
    const { feed, resyncs } = await openFeed()
    FakeWebSocket.last.ready()
    expect(resyncs).not.toHaveBeenCalled()
    FakeWebSocket.last.drop()
    vi.advanceTimersByTime(100)
    FakeWebSocket.last.ready()
    expect(resyncs).toHaveBeenCalledTimes(1)
    expect(feed.state.value).toBe('live')
    feed.close()
  })

  it('asks for a resync when the agent loses access to an inbox, without dropping the socket', async () => {
    const { feed, frames, resyncs } = await openFeed()
    FakeWebSocket.last.ready()
    FakeWebSocket.last.receive({ event: 'access.changed', data: { account_id: 1 } })
    expect(resyncs).toHaveBeenCalledTimes(1)
    // The resync reloads what is on screen; the frame itself is for the feed, not the views.
    expect(frames).toEqual([])
    expect(FakeWebSocket.instances).toHaveLength(1)
    expect(feed.state.value).toBe('live')
    feed.close()
  })

  it('backs off longer after each failed attempt', async () => {
    const { feed } = await openFeed()
    FakeWebSocket.last.drop()
    vi.advanceTimersByTime(50) // equal jitter with random 0: half of 100
    expect(FakeWebSocket.instances).toHaveLength(2)
    FakeWebSocket.last.drop()
    vi.advanceTimersByTime(99)
    expect(FakeWebSocket.instances).toHaveLength(2)
    vi.advanceTimersByTime(1)
    expect(FakeWebSocket.instances).toHaveLength(3)
    feed.close()
  })

  it('stops for good and reports a signed-out session on close code 4401', async () => {
    const { feed, onRefused } = await openFeed()
    FakeWebSocket.last.ready()
    FakeWebSocket.last.drop(4401)
    vi.advanceTimersByTime(60_000)
    expect(onRefused).toHaveBeenCalledWith('unauthorized')
    expect(FakeWebSocket.instances).toHaveLength(1)
    expect(feed.state.value).toBe('offline')
  })

  it('stops on a forbidden error frame', async () => {
    const { onRefused } = await openFeed()
    FakeWebSocket.last.open()
    FakeWebSocket.last.receive({ event: 'error', data: { code: 'forbidden', message: 'no' } })
    vi.advanceTimersByTime(60_000)
    expect(onRefused).toHaveBeenCalledWith('forbidden')
    expect(FakeWebSocket.instances).toHaveLength(1)
  })

  it('pings while live and reconnects when the link goes silent', async () => {
    const { feed } = await openFeed()
    FakeWebSocket.last.ready()
    vi.advanceTimersByTime(1000)
    expect(FakeWebSocket.last.sent).toEqual([{ type: 'ping' }])
    vi.advanceTimersByTime(2000)
    expect(FakeWebSocket.instances[0]?.closedByClient).toBe(true)
    vi.advanceTimersByTime(100)
    expect(FakeWebSocket.instances).toHaveLength(2)
    feed.close()
  })

  it('reconnects at once when asked while waiting', async () => {
    const { feed } = await openFeed()
    FakeWebSocket.last.drop()
    feed.reconnectNow()
    expect(FakeWebSocket.instances).toHaveLength(2)
    feed.close()
  })

  it('closes without reconnecting', async () => {
    const { feed } = await openFeed()
    FakeWebSocket.last.ready()
    feed.close()
    vi.advanceTimersByTime(60_000)
    expect(FakeWebSocket.instances).toHaveLength(1)
    expect(FakeWebSocket.last.closedByClient).toBe(true)
  })
})

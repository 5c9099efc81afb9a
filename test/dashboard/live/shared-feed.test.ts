import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { feedUrl } from '../../../dashboard/src/live/feed'
import { createSharedFeed } from '../../../dashboard/src/live/shared-feed'
import type { FeedFrame } from '../../../dashboard/src/live/types'
import { FakeLocks, fakeBroadcastChannel } from '../../protocol/fake-tabs'
import { FakeWebSocket } from '../fake-socket'

let locks: FakeLocks
let Channel: typeof BroadcastChannel
const opened: { close(): void }[] = []

beforeEach(() => {
  FakeWebSocket.reset()
  locks = new FakeLocks()
  Channel = fakeBroadcastChannel()
})
afterEach(() => {
  for (const feed of opened.splice(0)) feed.close()
})

function openTab() {
  const onRefused = vi.fn()
  const feed = createSharedFeed({
    name: 'parley-feed:5:1',
    url: (after) => feedUrl('https://parley.test', 1, after),
    WebSocket: FakeWebSocket as unknown as typeof WebSocket,
    backoff: { base: 10, max: 10 },
    random: () => 0,
    onRefused,
    locks: locks as unknown as LockManager,
    BroadcastChannel: Channel,
  })
  const frames: FeedFrame[] = []
  const resyncs = vi.fn()
  feed.subscribe((frame) => frames.push(frame))
  feed.onResync(resyncs)
  opened.push(feed)
  return { feed, frames, resyncs, onRefused }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const message = { event: 'message.created', data: { id: 42, conversation_id: 7 } }

describe('the feed shared by tabs', () => {
  it('opens one socket for all tabs and gives every tab its frames', async () => {
    const first = openTab()
    await settle()
    const second = openTab()
    await settle()
    expect(FakeWebSocket.instances).toHaveLength(1)
    FakeWebSocket.last.ready()
    FakeWebSocket.last.receive(message)
    await settle()
    expect(first.frames).toEqual([message])
    expect(second.frames).toEqual([message])
    expect(first.feed.state.value).toBe('live')
    expect(second.feed.state.value).toBe('live')
  })

  it('has every tab resync after the socket reconnects, a tab opened while live too', async () => {
    const first = openTab()
    await settle()
    FakeWebSocket.last.ready()
    const second = openTab()
    await settle()
    expect(second.feed.state.value).toBe('live')
    expect(first.resyncs).not.toHaveBeenCalled()
    FakeWebSocket.last.drop()
    await new Promise((resolve) => setTimeout(resolve, 20))
    FakeWebSocket.last.ready()
    await settle()
    expect(first.resyncs).toHaveBeenCalledTimes(1)
    expect(second.resyncs).toHaveBeenCalledTimes(1)
  })

  it('has every tab resync when the agent loses access to an inbox', async () => {
    const first = openTab()
    await settle()
    const second = openTab()
    await settle()
    FakeWebSocket.last.ready()
    FakeWebSocket.last.receive({ event: 'access.changed', data: { account_id: 1 } })
    await settle()
    expect(first.resyncs).toHaveBeenCalledTimes(1)
    expect(second.resyncs).toHaveBeenCalledTimes(1)
    expect(first.frames).toEqual([])
  })

  it('hands the socket to another tab when the owner closes, with its own ?after= cursor', async () => {
    const first = openTab()
    await settle()
    const second = openTab()
    await settle()
    FakeWebSocket.last.ready()
    FakeWebSocket.last.receive(message)
    await settle()
    first.feed.close()
    await settle()
    expect(FakeWebSocket.instances).toHaveLength(2)
    expect(FakeWebSocket.last.url).toBe('wss://parley.test/api/v1/accounts/1/live?after=42')
    FakeWebSocket.last.ready()
    await settle()
    expect(second.resyncs).toHaveBeenCalledTimes(1)
  })

  it('tells every tab when the session ended (4401)', async () => {
    const first = openTab()
    await settle()
    const second = openTab()
    await settle()
    FakeWebSocket.last.ready()
    FakeWebSocket.last.drop(4401)
    await settle()
    expect(first.onRefused).toHaveBeenCalledWith('unauthorized')
    expect(second.onRefused).toHaveBeenCalledWith('unauthorized')
  })
})

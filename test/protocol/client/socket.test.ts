import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { backoffDelay } from '../../../protocol/client/backoff'
import { createLiveSocket, type SocketStatus } from '../../../protocol/client/socket'
import type { ServerFrame } from '../../../protocol/realtime'
import { FakeWebSocket } from '../fake-socket'

beforeEach(() => {
  vi.useFakeTimers()
  FakeWebSocket.reset()
})
afterEach(() => {
  vi.useRealTimers()
})

function connect(overrides: { after?: () => number; token?: string | null } = {}) {
  const frames: ServerFrame[] = []
  const statuses: SocketStatus[] = []
  let after = 0
  const socket = createLiveSocket({
    url: () => `wss://x.test/live?after=${overrides.after?.() ?? after}`,
    token: overrides.token === null ? undefined : (overrides.token ?? 'pubsub-token'),
    onFrame: (frame) => frames.push(frame),
    onStatus: (status) => statuses.push(status),
    WebSocket: FakeWebSocket as unknown as typeof WebSocket,
    random: () => 0.5,
  })
  return {
    socket,
    frames,
    statuses,
    setAfter: (id: number) => {
      after = id
    },
  }
}

describe('backoffDelay', () => {
  it('doubles per attempt up to the cap, with half of it random', () => {
    const options = { base: 1000, max: 15000 }
    expect(backoffDelay(0, options, () => 0)).toBe(500)
    expect(backoffDelay(0, options, () => 1)).toBe(1000)
    expect(backoffDelay(3, options, () => 0.5)).toBe(6000)
    expect(backoffDelay(10, options, () => 1)).toBe(15000)
    expect(backoffDelay(10, options, () => 0)).toBe(7500)
  })
})

describe('createLiveSocket', () => {
  it('sends no auth frame when the upgrade is authenticated (no token), and goes online at ready', () => {
    const { socket } = connect({ token: null })
    const ws = FakeWebSocket.last
    ws.open()
    expect(ws.sent).toEqual([])
    ws.receive({ event: 'ready', data: {} })
    expect(socket.status).toBe('online')
    expect(socket.send({ type: 'seen' })).toBe(true)
    expect(ws.sent).toEqual([{ type: 'seen' }])
  })

  it('stops for good on a refusal close code that came without its error frame, and says why', () => {
    const { socket, frames } = connect({ token: null })
    FakeWebSocket.last.open()
    FakeWebSocket.last.receive({ event: 'ready', data: {} })
    FakeWebSocket.last.drop(4403)
    expect(frames.at(-1)).toEqual({
      event: 'error',
      data: { code: 'forbidden', message: 'forbidden' },
    })
    expect(socket.status).toBe('closed')
    vi.advanceTimersByTime(60_000)
    expect(FakeWebSocket.instances).toHaveLength(1)
  })

  it('sends the auth frame first and nothing else until the server is ready', () => {
    const { socket, statuses } = connect()
    const ws = FakeWebSocket.last
    expect(socket.send({ type: 'typing', status: 'on' })).toBe(false)
    ws.open()
    expect(ws.sent).toEqual([{ type: 'auth', token: 'pubsub-token' }])
    expect(socket.send({ type: 'seen' })).toBe(false)
    ws.receive({ event: 'ready', data: {} })
    expect(socket.status).toBe('online')
    expect(statuses).toEqual(['online'])
    expect(socket.send({ type: 'seen' })).toBe(true)
    expect(ws.sent).toEqual([{ type: 'auth', token: 'pubsub-token' }, { type: 'seen' }])
    expect(ws.url).not.toContain('pubsub-token')
  })

  it('hands frames on, drops pongs and anything that is not a frame', () => {
    const { frames } = connect()
    const ws = FakeWebSocket.last
    ws.open()
    ws.receive({ event: 'ready', data: {} })
    ws.receive({ event: 'pong', data: {} })
    ws.receive('not json')
    ws.receive({ nothing: true })
    ws.receive({ event: 'message.created', data: { id: 5 } })
    expect(frames.map((f) => f.event)).toEqual(['ready', 'message.created'])
  })

  it('reconnects with growing jittered delays, each time with the newest ?after= cursor', async () => {
    const { statuses, setAfter } = connect()
    FakeWebSocket.last.open()
    FakeWebSocket.last.receive({ event: 'ready', data: {} })
    setAfter(41)
    FakeWebSocket.last.drop()
    expect(statuses.at(-1)).toBe('waiting')
    await vi.advanceTimersByTimeAsync(749)
    expect(FakeWebSocket.instances).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(FakeWebSocket.instances).toHaveLength(2)
    expect(FakeWebSocket.last.url).toBe('wss://x.test/live?after=41')

    setAfter(57)
    FakeWebSocket.last.drop()
    await vi.advanceTimersByTimeAsync(1499)
    expect(FakeWebSocket.instances).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(FakeWebSocket.instances).toHaveLength(3)
    expect(FakeWebSocket.last.url).toBe('wss://x.test/live?after=57')
    FakeWebSocket.last.open()
    expect(FakeWebSocket.last.sent[0]).toEqual({ type: 'auth', token: 'pubsub-token' })
  })

  it('starts the backoff over after a successful connection', async () => {
    connect()
    FakeWebSocket.last.drop()
    await vi.advanceTimersByTimeAsync(750)
    FakeWebSocket.last.drop()
    await vi.advanceTimersByTimeAsync(1500)
    FakeWebSocket.last.open()
    FakeWebSocket.last.receive({ event: 'ready', data: {} })
    FakeWebSocket.last.drop()
    await vi.advanceTimersByTimeAsync(750)
    expect(FakeWebSocket.instances).toHaveLength(4)
  })

  it('stops for good when the server refuses the token', async () => {
    const { frames, statuses } = connect()
    FakeWebSocket.last.open()
    FakeWebSocket.last.receive({ event: 'error', data: { code: 'unauthorized', message: 'no' } })
    expect(frames.at(-1)?.event).toBe('error')
    expect(statuses.at(-1)).toBe('closed')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(FakeWebSocket.instances).toHaveLength(1)
  })

  it('stops for good when its conversation or inbox is gone', async () => {
    const { statuses } = connect()
    FakeWebSocket.last.open()
    FakeWebSocket.last.receive({ event: 'error', data: { code: 'gone', message: 'deleted' } })
    expect(statuses.at(-1)).toBe('closed')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(FakeWebSocket.instances).toHaveLength(1)
  })

  it('keeps going after a non-fatal error frame', () => {
    const { socket } = connect()
    FakeWebSocket.last.open()
    FakeWebSocket.last.receive({ event: 'ready', data: {} })
    FakeWebSocket.last.receive({ event: 'error', data: { code: 'invalid_frame', message: '?' } })
    expect(socket.status).toBe('online')
  })

  it('pings while idle and reconnects when the link has gone quiet', async () => {
    connect()
    const ws = FakeWebSocket.last
    ws.open()
    ws.receive({ event: 'ready', data: {} })
    await vi.advanceTimersByTimeAsync(25_000)
    expect(ws.sent.at(-1)).toEqual({ type: 'ping' })
    ws.receive({ event: 'pong', data: {} })
    await vi.advanceTimersByTimeAsync(50_000)
    expect(FakeWebSocket.instances).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(25_000)
    expect(ws.closedByClient).toBe(true)
    await vi.advanceTimersByTimeAsync(750)
    expect(FakeWebSocket.instances).toHaveLength(2)
  })

  it('reconnectNow skips the remaining backoff', async () => {
    const { socket } = connect()
    FakeWebSocket.last.drop()
    FakeWebSocket.last.onclose = null
    socket.reconnectNow()
    expect(FakeWebSocket.instances).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(5000)
    expect(FakeWebSocket.instances).toHaveLength(2)
  })

  it('close() closes the socket and never reconnects', async () => {
    const { socket } = connect()
    const ws = FakeWebSocket.last
    ws.open()
    socket.close()
    expect(ws.closedByClient).toBe(true)
    ws.drop()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(FakeWebSocket.instances).toHaveLength(1)
    expect(socket.status).toBe('closed')
  })

  it('drops the link at once when the browser reports it is offline, and comes back through reconnectNow', async () => {
    const network = new EventTarget()
    const statuses: SocketStatus[] = []
    const socket = createLiveSocket({
      url: () => 'wss://x.test/live',
      onFrame: () => {},
      onStatus: (status) => statuses.push(status),
      WebSocket: FakeWebSocket as unknown as typeof WebSocket,
      network,
    })
    const ws = FakeWebSocket.last
    ws.open()
    ws.receive({ event: 'ready', data: {} })
    network.dispatchEvent(new Event('offline'))
    expect(ws.closedByClient).toBe(true)
    expect(socket.status).toBe('waiting')
    socket.reconnectNow()
    expect(FakeWebSocket.instances).toHaveLength(2)
    socket.close()
    network.dispatchEvent(new Event('offline'))
    expect(socket.status).toBe('closed')
    expect(statuses).toEqual(['online', 'waiting', 'connecting', 'closed'])
  })
})

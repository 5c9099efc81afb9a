import { describe, expect, it, vi } from 'vitest'
import type { LiveSocket, SocketStatus } from '../../../protocol/client/socket'
import { createSharedLive, type SocketHandlers } from '../../../protocol/client/tabs'
import type { ServerFrame } from '../../../protocol/realtime'
import { FakeLocks, fakeBroadcastChannel } from '../fake-tabs'
import { settle } from '../helpers'

interface Tab {
  frames: ServerFrame[]
  statuses: SocketStatus[]
  signals: unknown[]
  sockets: (LiveSocket & { handlers: SocketHandlers; sent: unknown[] })[]
  live: ReturnType<typeof createSharedLive>
}

function openTab(locks?: FakeLocks, Channel?: typeof BroadcastChannel): Tab {
  const tab: Omit<Tab, 'live'> = { frames: [], statuses: [], signals: [], sockets: [] }
  const live = createSharedLive({
    name: 'parley:s1:4',
    locks: locks as unknown as LockManager,
    BroadcastChannel: Channel,
    onFrame: (frame) => tab.frames.push(frame),
    onStatus: (status) => tab.statuses.push(status),
    onSignal: (signal) => tab.signals.push(signal),
    createSocket(handlers) {
      const socket = {
        handlers,
        sent: [] as unknown[],
        status: 'online' as SocketStatus,
        send: vi.fn((frame: unknown) => {
          socket.sent.push(frame)
          return true
        }),
        reconnectNow: vi.fn(),
        close: vi.fn(),
      }
      tab.sockets.push(socket)
      return socket
    },
  })
  return Object.assign(tab, { live })
}

const frame: ServerFrame = { event: 'message.created', data: { id: 1 } }

describe('createSharedLive', () => {
  it('opens one socket for all tabs; the others receive its frames over the channel', async () => {
    const locks = new FakeLocks()
    const Channel = fakeBroadcastChannel()
    const a = openTab(locks, Channel)
    const b = openTab(locks, Channel)
    await settle()
    expect(a.sockets).toHaveLength(1)
    expect(b.sockets).toHaveLength(0)
    expect(a.live.leader).toBe(true)
    expect(b.live.leader).toBe(false)

    a.sockets[0]?.handlers.onStatus('online')
    a.sockets[0]?.handlers.onFrame(frame)
    await settle()
    expect(a.frames).toEqual([frame])
    expect(b.frames).toEqual([frame])
    expect(b.statuses).toContain('online')
  })

  it("relays a follower tab's frames through the leader's socket", async () => {
    const locks = new FakeLocks()
    const Channel = fakeBroadcastChannel()
    const a = openTab(locks, Channel)
    await settle()
    const b = openTab(locks, Channel)
    await settle()
    // b asked for the status on joining; the leader answered.
    expect(b.statuses).toEqual(['online'])
    expect(b.live.send({ type: 'typing', status: 'on' })).toBe(true)
    await settle()
    expect(a.sockets[0]?.sent).toEqual([{ type: 'typing', status: 'on' }])
  })

  it('a follower refuses to send while no leader is online, so the caller can use HTTP', async () => {
    const locks = new FakeLocks()
    const Channel = fakeBroadcastChannel()
    openTab(locks, Channel)
    const b = openTab(locks, Channel)
    expect(b.live.send({ type: 'seen' })).toBe(false)
  })

  it('hands the socket to the next tab when the leader closes', async () => {
    const locks = new FakeLocks()
    const Channel = fakeBroadcastChannel()
    const a = openTab(locks, Channel)
    const b = openTab(locks, Channel)
    await settle()
    a.live.close()
    await settle()
    expect(a.sockets[0]?.close).toHaveBeenCalled()
    expect(b.sockets).toHaveLength(1)
    expect(b.live.leader).toBe(true)
  })

  it('passes small signals (the "seen" mark) to the other tabs', async () => {
    const locks = new FakeLocks()
    const Channel = fakeBroadcastChannel()
    const a = openTab(locks, Channel)
    const b = openTab(locks, Channel)
    a.live.signal({ seen: 12 })
    await settle()
    expect(b.signals).toEqual([{ seen: 12 }])
    expect(a.signals).toEqual([])
  })

  it('gives every tab its own socket where Web Locks or BroadcastChannel are missing', async () => {
    const a = openTab(undefined, fakeBroadcastChannel())
    const b = openTab(new FakeLocks(), undefined)
    await settle()
    expect(a.sockets).toHaveLength(1)
    expect(b.sockets).toHaveLength(1)
  })
})

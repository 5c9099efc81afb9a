import { fireEvent, screen } from '@testing-library/preact'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { openRoom, roomUrl } from '../../../dashboard/src/conversation/room'
import { TYPING_EXPIRES_MS } from '../../../dashboard/src/conversation/store'
import { ACCOUNT, FakeServer, ME, message } from './fake-server'
import { FakeWebSocket } from './fake-socket'
import { renderPane, settle } from './harness'

let server: FakeServer
beforeEach(() => {
  server = new FakeServer()
  localStorage.clear()
})
afterEach(() => {
  vi.useRealTimers()
  document.body.innerHTML = ''
})

const typingFrame = (on: boolean, user: object, isPrivate = false) => ({
  event: on ? 'conversation.typing_on' : 'conversation.typing_off',
  data: { conversation: { id: 7 }, user, is_private: isPrivate },
})

describe('the room socket', () => {
  it('opens the conversation socket after the newest message, with no auth frame', async () => {
    server.messages = [message(1), message(2)]
    await renderPane(server)
    const socket = FakeWebSocket.last
    expect(socket.url).toBe('ws://localhost:8787/api/v1/accounts/1/conversations/7/live?after=2')
    socket.ready()
    expect(socket.sent.some((f) => f.type === 'auth')).toBe(false)
  })

  it('reconnects with backoff and asks for what came after the newest message held', async () => {
    vi.useFakeTimers()
    const frames: unknown[] = []
    let after = 3
    const room = openRoom({
      url: () => roomUrl('http://localhost:8787', 1, 7, after),
      onFrame: (frame) => frames.push(frame),
      WebSocket: FakeWebSocket as never,
      random: () => 0,
    })
    FakeWebSocket.last.ready()
    after = 9
    FakeWebSocket.last.drop()
    expect(room.status).toBe('waiting')
    vi.advanceTimersByTime(500)
    expect(FakeWebSocket.last.url.endsWith('/live?after=9')).toBe(true)
    room.close()
  })

  it('reconnects at once when the browser comes back online', async () => {
    await renderPane(server)
    FakeWebSocket.last.ready()
    const dropped = FakeWebSocket.last
    dropped.drop()
    window.dispatchEvent(new Event('online'))
    expect(FakeWebSocket.last).not.toBe(dropped)
  })

  it('stops for good on close code 4403', async () => {
    vi.useFakeTimers()
    const before = FakeWebSocket.instances.length
    const room = openRoom({
      url: () => 'ws://x/live',
      onFrame: () => {},
      WebSocket: FakeWebSocket as never,
    })
    FakeWebSocket.last.drop(4403)
    vi.advanceTimersByTime(60_000)
    expect(room.status).toBe('refused')
    expect(FakeWebSocket.instances.length).toBe(before + 1)
  })

  it('tells the agent when the room refuses the socket (4410: deleted)', async () => {
    await renderPane(server)
    FakeWebSocket.last.ready()
    FakeWebSocket.last.drop(4410)
    await settle(1)
    expect(screen.getByRole('alert').textContent).toContain('no longer follow this conversation')
  })

  it('takes the conversation off the screen when access to it is taken away (4403)', async () => {
    server.messages = [message(30, { content: 'Card ending 4242' })]
    const { services } = await renderPane(server)
    FakeWebSocket.last.ready()
    expect(screen.getByText('Card ending 4242')).toBeTruthy()
    FakeWebSocket.last.drop(4403)
    await settle(1)
    expect(screen.queryByText('Card ending 4242')).toBeNull()
    expect(screen.queryByRole('textbox', { name: 'Reply' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Back to inbox' }))
    expect(services.navigate).toHaveBeenCalledWith(`/app/accounts/${ACCOUNT}/dashboard`)
  })

  it('shows "Visitor is typing…" from the room and clears it on typing_off', async () => {
    await renderPane(server)
    FakeWebSocket.last.ready()
    FakeWebSocket.last.receive(typingFrame(true, { id: 12, type: 'contact' }))
    await settle(1)
    expect(screen.getByText('Visitor is typing…')).toBeTruthy()
    FakeWebSocket.last.receive(typingFrame(false, { id: 12, type: 'contact' }))
    await settle(1)
    expect(screen.queryByText('Visitor is typing…')).toBeNull()
  })

  it('clears a typing indicator that was never turned off', async () => {
    await renderPane(server)
    vi.useFakeTimers()
    FakeWebSocket.last.ready()
    FakeWebSocket.last.receive(typingFrame(true, { id: 12, type: 'contact' }))
    vi.advanceTimersByTime(TYPING_EXPIRES_MS + 1)
    vi.useRealTimers()
    await settle(1)
    expect(screen.queryByText('Visitor is typing…')).toBeNull()
  })

  it('shows a colleague typing, but never the agent themself', async () => {
    await renderPane(server)
    FakeWebSocket.last.ready()
    FakeWebSocket.last.receive(typingFrame(true, { id: ME.id, name: ME.name, type: 'user' }))
    FakeWebSocket.last.receive(typingFrame(true, { id: 6, name: 'Sam', type: 'user' }, true))
    await settle(1)
    expect(screen.getByText('Sam is typing…')).toBeTruthy()
    expect(screen.queryByText(`${ME.name} is typing…`)).toBeNull()
  })

  it('sends typing on while the agent writes a reply, throttled, and off when sent', async () => {
    await renderPane(server)
    const socket = FakeWebSocket.last
    socket.ready()
    const box = screen.getByRole('textbox', { name: 'Reply' })
    fireEvent.input(box, { target: { value: 'H' } })
    fireEvent.input(box, { target: { value: 'He' } })
    fireEvent.input(box, { target: { value: 'Hey' } })
    const typing = () => socket.sent.filter((f) => f.type === 'typing')
    expect(typing()).toEqual([{ type: 'typing', status: 'on' }])
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await settle()
    expect(typing()).toEqual([
      { type: 'typing', status: 'on' },
      { type: 'typing', status: 'off' },
    ])
  })

  it('sends typing off after a pause in typing', async () => {
    await renderPane(server)
    const socket = FakeWebSocket.last
    socket.ready()
    vi.useFakeTimers()
    fireEvent.input(screen.getByRole('textbox', { name: 'Reply' }), { target: { value: 'Hi' } })
    vi.advanceTimersByTime(4000)
    expect(socket.sent.filter((f) => f.type === 'typing').at(-1)).toEqual({
      type: 'typing',
      status: 'off',
    })
  })

  it('marks typing in a private note private, which the room shows agents only', async () => {
    await renderPane(server)
    const socket = FakeWebSocket.last
    socket.ready()
    fireEvent.click(screen.getByRole('button', { name: 'Private note' }))
    fireEvent.input(screen.getByRole('textbox', { name: 'Private note' }), {
      target: { value: 'internal' },
    })
    expect(socket.sent.filter((f) => f.type === 'typing')).toEqual([
      { type: 'typing', status: 'on', is_private: true },
    ])
  })

  it('tells the room the agent has seen a visitor message that arrives while looking', async () => {
    await renderPane(server)
    const socket = FakeWebSocket.last
    socket.ready()
    socket.receive({ event: 'message.created', data: message(3, { content: 'Anyone?' }) })
    expect(socket.sent).toContainEqual({ type: 'seen' })
    expect(server.callsTo('POST', '/update_last_seen').length).toBe(1)
  })
})

import { fireEvent, screen } from '@testing-library/preact'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FakeServer, message } from './fake-server'
import { FakeWebSocket } from './fake-socket'
import { renderPane, settle } from './harness'

let server: FakeServer
beforeEach(() => {
  server = new FakeServer()
  localStorage.clear()
})
afterEach(() => {
  document.body.innerHTML = ''
})

const write = (text: string) =>
  fireEvent.input(screen.getByRole('textbox', { name: 'Reply' }), { target: { value: text } })
const clickSend = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }))
const posts = () => server.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/messages'))
const colleagueReply = (id: number, extra = {}) =>
  message(id, {
    content: 'Sam answered',
    message_type: 1,
    created_at: Math.floor(Date.now() / 1000) + 1,
    sender: { id: 6, name: 'Sam', type: 'user' } as never,
    ...extra,
  })

describe('a colleague replied while the agent was writing', () => {
  it('warns before sending and sends only on "Send anyway"', async () => {
    await renderPane(server)
    const socket = FakeWebSocket.last
    socket.ready()
    write('My answer')
    socket.receive({ event: 'message.created', data: colleagueReply(3) })
    await settle()
    clickSend()
    await settle()
    const warning = screen.getByRole('alert')
    expect(warning.textContent).toContain('Sam replied since you started writing')
    expect(posts()).toHaveLength(0)
    fireEvent.click(screen.getByRole('button', { name: 'Send anyway' }))
    await settle()
    expect(posts()).toHaveLength(1)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('"Review" keeps the draft unsent, and a second send after reviewing goes out', async () => {
    await renderPane(server)
    const socket = FakeWebSocket.last
    socket.ready()
    write('My answer')
    socket.receive({ event: 'message.created', data: colleagueReply(3) })
    await settle()
    clickSend()
    await settle()
    fireEvent.click(screen.getByRole('button', { name: 'Review' }))
    await settle()
    expect(screen.queryByRole('alert')).toBeNull()
    expect((screen.getByRole('textbox', { name: 'Reply' }) as HTMLTextAreaElement).value).toBe(
      'My answer',
    )
    expect(posts()).toHaveLength(0)
    clickSend()
    await settle()
    expect(posts()).toHaveLength(1)
  })

  it('does not warn for a private note, the visitor, or a reply older than the draft', async () => {
    await renderPane(server)
    const socket = FakeWebSocket.last
    socket.ready()
    socket.receive({ event: 'message.created', data: colleagueReply(2, { created_at: 1 }) })
    write('My answer')
    socket.receive({ event: 'message.created', data: colleagueReply(3, { private: true }) })
    socket.receive({ event: 'message.created', data: message(4) })
    await settle()
    clickSend()
    await settle()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(posts()).toHaveLength(1)
  })
})

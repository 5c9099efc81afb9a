import { screen } from '@testing-library/preact'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { conversation, FakeServer, ME, message } from './fake-server'
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

const roster = (agents: { id: number; name: string }[]) => ({
  event: 'room.roster',
  data: { agents, total: agents.length },
})

describe('colleagues in the conversation', () => {
  it('says which colleagues are viewing, by name, never the agent themself', async () => {
    await renderPane(server)
    const socket = FakeWebSocket.last
    socket.ready()
    socket.receive(roster([{ id: ME.id, name: ME.name }]))
    await settle(1)
    expect(screen.queryByText(/is viewing/)).toBeNull()
    socket.receive(
      roster([
        { id: ME.id, name: ME.name },
        { id: 6, name: 'Sam' },
      ]),
    )
    await settle(1)
    expect(screen.getByText('Sam is viewing')).toBeTruthy()
    socket.receive(roster([{ id: ME.id, name: ME.name }]))
    await settle(1)
    expect(screen.queryByText('Sam is viewing')).toBeNull()
  })

  it('shows an activity line (self-assigned) as soon as the conversation changes, without a reload', async () => {
    server.messages = [message(1)]
    await renderPane(server)
    const socket = FakeWebSocket.last
    socket.ready()
    server.messages.push(
      message(2, { content: 'Sam self-assigned this conversation', message_type: 2 }),
    )
    socket.receive({ event: 'conversation.updated', data: conversation() })
    await settle()
    expect(screen.getByText('Sam self-assigned this conversation')).toBeTruthy()
  })
})

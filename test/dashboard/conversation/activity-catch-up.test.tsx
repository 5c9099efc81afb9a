import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FeedFrame } from '../../../dashboard/src/live/types'
import { FakeServer, message } from './fake-server'
import { FakeWebSocket } from './fake-socket'
import { renderPane, settle } from './harness'

// A change of the conversation writes activity lines ("… resolved the conversation") that come
// with no message frame of their own: a conversation frame has the open pane fetch what is newer.
// The room's frame does it while the room is live; the feed's copy while the room is away.

let server: FakeServer
beforeEach(() => {
  server = new FakeServer()
  localStorage.clear()
})
afterEach(() => {
  document.body.innerHTML = ''
})

const afterCalls = () => server.callsTo('GET', '/messages').filter((c) => c.query.get('after'))
const activity = (id: number) =>
  message(id, { message_type: 2, content: 'Admin resolved the conversation' })

describe('activity lines after a status change', () => {
  it("arrive from the feed's status_changed while the room is not live", async () => {
    server.messages = [message(1)]
    const { services } = await renderPane(server)
    server.messages.push(activity(2))
    services.feed.push({
      event: 'conversation.status_changed',
      data: { ...server.conversation, status: 'resolved' },
    } as unknown as FeedFrame)
    await settle()
    expect(afterCalls().at(-1)?.query.get('after')).toBe('1')
    expect(document.body.textContent).toContain('Admin resolved the conversation')
  })

  it("come once, from the room's frame, while the room is live", async () => {
    server.messages = [message(1)]
    const { services } = await renderPane(server)
    FakeWebSocket.last.ready()
    await settle(1)
    server.messages.push(activity(2))
    const data = { ...server.conversation, status: 'resolved' }
    services.feed.push({ event: 'conversation.status_changed', data } as unknown as FeedFrame)
    await settle()
    expect(afterCalls()).toHaveLength(0)
    FakeWebSocket.last.receive({ event: 'conversation.status_changed', data })
    await settle()
    expect(afterCalls()).toHaveLength(1)
    expect(document.body.textContent).toContain('Admin resolved the conversation')
  })
})

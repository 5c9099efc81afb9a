import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FeedFrame } from '../../../dashboard/src/live/types'
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

const renderedIds = () =>
  Array.from(document.querySelectorAll('.cv-list > li')).map((li) =>
    Number(li.textContent?.match(/message (\d+)/)?.[1]),
  )

describe('resync after a reconnect', () => {
  it('reloads what came after the newest message held, with no message missed or doubled', async () => {
    server.messages = [message(1), message(2), message(3)]
    const { services } = await renderPane(server)
    FakeWebSocket.last.ready()
    // One arrived live before the drop, two while the feed was away.
    FakeWebSocket.last.receive({ event: 'message.created', data: message(4) })
    server.messages.push(message(4), message(5), message(6))
    services.feed.resync()
    await settle()
    const call = server.callsTo('GET', '/messages').at(-1)
    expect(call?.query.get('after')).toBe('4')
    expect(renderedIds()).toEqual([1, 2, 3, 4, 5, 6])
    // The room's own replay of the same messages changes nothing.
    FakeWebSocket.last.receive({ event: 'message.created', data: message(5) })
    FakeWebSocket.last.receive({ event: 'message.created', data: message(6) })
    await settle(1)
    expect(renderedIds()).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('follows the after cursor page by page when more than a page was missed', async () => {
    server.messages = [message(1)]
    const { services } = await renderPane(server)
    for (let id = 2; id <= 150; id++) server.messages.push(message(id))
    services.feed.resync()
    await settle(10)
    const afters = server.callsTo('GET', '/messages').map((c) => c.query.get('after'))
    expect(afters.filter(Boolean)).toEqual(['1', '101'])
    expect(document.querySelectorAll('.cv-list > li').length).toBe(60)
    expect(renderedIds().at(-1)).toBe(150)
  })

  it('reloads the conversation record too', async () => {
    const { services } = await renderPane(server)
    server.conversation = { ...server.conversation, status: 'resolved' }
    services.feed.resync()
    await settle()
    expect(document.body.textContent).toContain('Reopen')
  })

  it('follows a status change that arrives on the account feed', async () => {
    const { services } = await renderPane(server)
    services.feed.push({
      event: 'conversation.status_changed',
      data: { ...server.conversation, status: 'resolved' },
    } as unknown as FeedFrame)
    await settle(1)
    expect(document.body.textContent).toContain('Reopen')
  })

  it("takes this conversation's messages from the account feed as well, once", async () => {
    const { services } = await renderPane(server)
    FakeWebSocket.last.ready()
    const frame = { event: 'message.created', data: message(8) } as unknown as FeedFrame
    services.feed.push(frame)
    FakeWebSocket.last.receive({ event: 'message.created', data: message(8) })
    services.feed.push({
      event: 'message.created',
      data: message(9, { conversation_id: 99 }),
    } as unknown as FeedFrame)
    await settle(1)
    expect(renderedIds()).toEqual([8])
  })
})

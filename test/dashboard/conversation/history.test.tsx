import { fireEvent, screen } from '@testing-library/preact'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WINDOW } from '../../../dashboard/src/conversation/windowing'
import { FakeServer, message } from './fake-server'
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

const scrollToTop = () => {
  const list = screen.getByRole('region', { name: 'Messages' })
  list.scrollTop = 0
  fireEvent.scroll(list)
}

describe('long histories', () => {
  it('renders only a window of a 5,000-message conversation, ending with the newest', async () => {
    const all = Array.from({ length: 5000 }, (_, i) => message(i + 1))
    server.on('GET', '/messages', () => ({ body: { meta: {}, payload: all } }))
    await renderPane(server)
    const ids = renderedIds()
    expect(ids.length).toBe(WINDOW)
    expect(ids.at(-1)).toBe(5000)
    expect(ids[0]).toBe(5000 - WINDOW + 1)
    expect(screen.queryByText('message 1')).toBeNull()
  })

  it('moves the window towards older messages held in memory when scrolled to the top', async () => {
    const all = Array.from({ length: 5000 }, (_, i) => message(i + 1))
    server.on('GET', '/messages', () => ({ body: { meta: {}, payload: all } }))
    await renderPane(server)
    scrollToTop()
    await settle()
    const ids = renderedIds()
    expect(ids.length).toBe(WINDOW)
    expect(ids[0]).toBe(5000 - WINDOW - 20 + 1)
    expect(ids.at(-1)).toBe(4980)
    // No page was asked of the server: those messages were already held.
    expect(server.callsTo('GET', '/messages').length).toBe(1)
  })

  it('loads the older page with `before` when scrolled to the top of what is held', async () => {
    server.messages = Array.from({ length: 45 }, (_, i) => message(i + 1))
    await renderPane(server)
    expect(renderedIds()).toEqual(Array.from({ length: 20 }, (_, i) => i + 26))
    scrollToTop()
    await settle()
    const older = server.callsTo('GET', '/messages').at(-1)
    expect(older?.query.get('before')).toBe('26')
    expect(renderedIds()).toEqual(Array.from({ length: 40 }, (_, i) => i + 6))
  })

  it('keeps the message the agent was reading in place when the older page lands above it', async () => {
    // happy-dom has no layout: each message is 50 px tall, the list scrolls freely.
    const offsetTop = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetTop')
    Object.defineProperty(HTMLElement.prototype, 'offsetTop', {
      configurable: true,
      get(this: HTMLElement) {
        return this.parentElement ? Array.from(this.parentElement.children).indexOf(this) * 50 : 0
      },
    })
    let scrolled = 0
    const scrollTop = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop')
    Object.defineProperty(Element.prototype, 'scrollTop', {
      configurable: true,
      get: () => scrolled,
      set: (value: number) => {
        scrolled = value
      },
    })
    try {
      server.messages = Array.from({ length: 45 }, (_, i) => message(i + 1))
      await renderPane(server)
      scrollToTop()
      await settle()
      // Message 26 was at the top (0 px); 20 older ones now sit above it.
      expect(renderedIds()[20]).toBe(26)
      expect(scrolled).toBe(20 * 50)
    } finally {
      if (offsetTop) Object.defineProperty(HTMLElement.prototype, 'offsetTop', offsetTop)
      if (scrollTop) Object.defineProperty(Element.prototype, 'scrollTop', scrollTop)
    }
  })

  it('offers a "Load older messages" button until the first message is reached', async () => {
    server.messages = Array.from({ length: 25 }, (_, i) => message(i + 1))
    await renderPane(server)
    fireEvent.click(screen.getByRole('button', { name: 'Load older messages' }))
    await settle()
    expect(renderedIds()).toEqual(Array.from({ length: 25 }, (_, i) => i + 1))
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull()
  })

  it('stays on what the agent reads when a message arrives while scrolled up', async () => {
    const { FakeWebSocket } = await import('./fake-socket')
    const all = Array.from({ length: 200 }, (_, i) => message(i + 1))
    server.on('GET', '/messages', () => ({ body: { meta: {}, payload: all } }))
    await renderPane(server)
    scrollToTop()
    await settle()
    const before = renderedIds()
    FakeWebSocket.last.ready()
    FakeWebSocket.last.receive({ event: 'message.created', data: message(201) })
    await settle(1)
    expect(renderedIds()).toEqual(before)
    fireEvent.click(screen.getByRole('button', { name: 'Show newer messages' }))
    fireEvent.click(screen.getByRole('button', { name: 'Show newer messages' }))
    await settle(1)
    expect(renderedIds().at(-1)).toBe(201)
    expect(screen.queryByRole('button', { name: 'Show newer messages' })).toBeNull()
  })

  it('says when a conversation has no messages', async () => {
    await renderPane(server)
    expect(screen.getByText('No messages yet.')).toBeTruthy()
  })
})

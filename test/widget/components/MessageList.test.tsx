import { fireEvent, screen, within } from '@testing-library/preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MessageList } from '../../../widget/src/components/MessageList'
import { localMessage } from '../../../widget/src/store/messages'
import { createTestWidget, message, renderWith, settle } from '../helpers'

describe('<MessageList>', () => {
  it('is a polite live log named "Messages", reachable by keyboard', () => {
    const { widget } = createTestWidget()
    renderWith(widget, <MessageList />)
    const log = screen.getByRole('log', { name: 'Messages' })
    expect(log.getAttribute('aria-live')).toBe('polite')
    expect(log.getAttribute('aria-relevant')).toBe('additions')
    expect(log.tabIndex).toBe(0)
    expect(within(log).getByText('Send us a message and we will get back to you.')).toBeTruthy()
  })

  it('adds new messages to the log in order, with who wrote them', async () => {
    const { widget } = createTestWidget()
    renderWith(widget, <MessageList />)
    widget.state.messages.value = [
      message({ id: 1, content: 'How can I help?' }),
      message({ id: 2, content: 'My order is late', message_type: 0, sender: null }),
    ]
    await settle()
    const items = screen.getByRole('log').querySelectorAll('.message')
    expect(items).toHaveLength(2)
    expect(items[0]?.textContent).toContain('Ana')
    expect(items[0]?.textContent).toContain('How can I help?')
    expect(items[1]?.classList.contains('mine')).toBe(true)
    expect(items[1]?.textContent).toContain('You')
  })

  it('says "Sent", then "Read" once the agent has seen the latest own message', async () => {
    const { widget } = createTestWidget()
    widget.state.conversation.value = { id: 1, status: 'open', agentLastSeenAt: 0 }
    widget.state.messages.value = [
      message({ id: 1, message_type: 0, content: 'first', created_at: 100 }),
      message({ id: 2, message_type: 0, content: 'second', created_at: 200 }),
    ]
    renderWith(widget, <MessageList />)
    expect(screen.getAllByText('Sent')).toHaveLength(1)
    widget.state.conversation.value = { id: 1, status: 'open', agentLastSeenAt: 200 }
    await settle()
    expect(screen.getByText('Read')).toBeTruthy()
    expect(screen.queryByText('Sent')).toBeNull()
  })

  it('offers earlier messages when there are more, and loads them on request', async () => {
    const { widget } = createTestWidget()
    const loadOlder = vi.spyOn(widget, 'loadOlder').mockResolvedValue()
    widget.state.messages.value = [message({ id: 40 })]
    widget.state.hasOlder.value = true
    renderWith(widget, <MessageList />)
    fireEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }))
    expect(loadOlder).toHaveBeenCalled()
    widget.state.hasOlder.value = false
    await settle()
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull()
  })

  it('keeps one node per message when the optimistic copy is confirmed', async () => {
    const { widget } = createTestWidget()
    const local = localMessage({ echoId: 'e1', content: 'hi', createdAt: 1_700_000_000_000 }, 1)
    widget.state.messages.value = [local]
    renderWith(widget, <MessageList />)
    const before = screen.getByText('hi').closest('.message')
    widget.state.messages.value = [{ ...local, id: 9, delivery: undefined }]
    await settle()
    expect(screen.getByText('hi').closest('.message')).toBe(before)
  })
})

/** Stands in for the browser's layout: the log's scroll metrics, and its ResizeObserver. */
function fakeLayout() {
  const observed: { callback: () => void; targets: Element[] }[] = []
  vi.stubGlobal(
    'ResizeObserver',
    class {
      entry: { callback: () => void; targets: Element[] }
      constructor(callback: () => void) {
        this.entry = { callback, targets: [] }
        observed.push(this.entry)
      }
      // A new target is reported once at once, as browsers do.
      observe(target: Element) {
        if (this.entry.targets.includes(target)) return
        this.entry.targets.push(target)
        this.entry.callback()
      }
      disconnect() {
        this.entry.targets = []
      }
    },
  )
  const metrics = { scrollHeight: 1000, clientHeight: 300 }
  return {
    metrics,
    /** Gives the log its metrics; scrollTop is clamped as a browser does. */
    attach(log: HTMLElement) {
      let top = 0
      Object.defineProperty(log, 'scrollHeight', { get: () => metrics.scrollHeight })
      Object.defineProperty(log, 'clientHeight', { get: () => metrics.clientHeight })
      Object.defineProperty(log, 'scrollTop', {
        get: () => top,
        set: (value: number) => {
          top = Math.max(0, Math.min(value, metrics.scrollHeight - metrics.clientHeight))
        },
      })
    },
    /** What a size change of the log or its content does: the observers are told. */
    resized(target: Element) {
      for (const entry of observed) if (entry.targets.includes(target)) entry.callback()
    },
  }
}

const bottom = (log: HTMLElement) => log.scrollHeight - log.clientHeight

describe('<MessageList> following the newest message', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  function scene() {
    const layout = fakeLayout()
    const { widget } = createTestWidget()
    widget.state.messages.value = [message({ id: 1, content: 'Hello' })]
    renderWith(widget, <MessageList />)
    const log = screen.getByRole('log')
    layout.attach(log)
    return { layout, widget, log }
  }

  it('stays on the newest message when the log shrinks (a pasted text grows the text box) or its content grows (an image loads)', async () => {
    const { layout, log } = scene()
    log.scrollTop = bottom(log)
    fireEvent.scroll(log)
    // The text box grew by three lines: the log is shorter, scrollTop unchanged, no scroll event.
    layout.metrics.clientHeight = 200
    expect(log.scrollTop).toBe(700)
    layout.resized(log)
    expect(log.scrollTop).toBe(800)
    // An attachment's image loaded in the last message: the content is taller.
    layout.metrics.scrollHeight = 1300
    layout.resized(log.querySelector('.message:last-of-type') as Element)
    expect(log.scrollTop).toBe(1100)
    expect(screen.queryByRole('button', { name: /New messages/ })).toBeNull()
  })

  it('keeps the place of a visitor who scrolled up, and offers replies that arrive below with a "new messages" button that takes them down', async () => {
    const { layout, widget, log } = scene()
    log.scrollTop = bottom(log)
    fireEvent.scroll(log)
    log.scrollTop = 100
    fireEvent.scroll(log)
    layout.metrics.scrollHeight = 1200
    widget.state.messages.value = [
      ...widget.state.messages.value,
      message({ id: 2, content: 'Are you there?' }),
      message({ id: 3, content: 'We can help with that.' }),
    ]
    await settle()
    layout.resized(log)
    expect(log.scrollTop).toBe(100)
    const jump = screen.getByRole('button', { name: 'New messages' })
    fireEvent.click(jump)
    await settle()
    expect(log.scrollTop).toBe(bottom(log))
    expect(screen.queryByRole('button', { name: /New messages/ })).toBeNull()
    expect(document.activeElement).toBe(log)
  })

  it('a size change and the scroll event that follows it do not stop following: only scrolling up does', async () => {
    const { layout, widget, log } = scene()
    log.scrollTop = bottom(log)
    fireEvent.scroll(log)
    // A pasted text grows the text box: the log shrinks, the observer takes it back down, and
    // the browser then reports that scroll.
    layout.metrics.clientHeight = 180
    layout.resized(log)
    fireEvent.scroll(log)
    widget.state.messages.value = [...widget.state.messages.value, message({ id: 2 })]
    layout.metrics.scrollHeight = 1200
    await settle()
    layout.resized(log.querySelector('.message:last-of-type') as Element)
    expect(log.scrollTop).toBe(bottom(log))
    expect(screen.queryByRole('button', { name: /New messages/ })).toBeNull()
  })
})

describe('<MessageList> following, when the browser reports a scroll late', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('a scroll event that arrives after the content grew, before the observer reports it, does not stop following', async () => {
    const layout = fakeLayout()
    const { widget } = createTestWidget()
    widget.state.messages.value = [message({ id: 1, content: 'Hello' })]
    renderWith(widget, <MessageList />)
    const log = screen.getByRole('log')
    layout.attach(log)
    log.scrollTop = bottom(log)
    fireEvent.scroll(log)
    // An agent's long reply lands: the content is 200 px taller. The scroll event of the last
    // scroll down is dispatched in the next frame, before the observers run, and reads the new
    // height against the old position.
    layout.metrics.scrollHeight = 1200
    fireEvent.scroll(log)
    layout.resized(log.querySelector('.message:last-of-type') as Element)
    expect(log.scrollTop).toBe(bottom(log))
    expect(screen.queryByRole('button', { name: /New messages/ })).toBeNull()
  })
})

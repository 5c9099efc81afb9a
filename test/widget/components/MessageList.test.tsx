import { fireEvent, screen, within } from '@testing-library/preact'
import { describe, expect, it, vi } from 'vitest'
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

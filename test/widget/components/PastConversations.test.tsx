import { fireEvent, screen, within } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { Panel } from '../../../widget/src/components/Panel'
import { FakeServer } from '../fake-server'
import { createTestWidget, renderWith, settle } from '../helpers'

/**
 * A visitor who came back: a first conversation the team answered and resolved, then a second
 * one still open, which is the one on screen.
 */
async function returningVisitor(lock = false) {
  const server = new FakeServer()
  server.config.lock_to_single_conversation = lock
  const t = createTestWidget({ server })
  t.widget.open()
  await settle()
  t.widget.send('Where is my order?')
  await settle()
  const first = server.conversations[0]
  if (!first) throw new Error('no conversation')
  server.addMessage(first.id, { content: 'It ships today' })
  await t.widget.endConversation()
  t.widget.startNewConversation()
  t.widget.send('Can I change the address?')
  await settle()
  renderWith(t.widget, <Panel />)
  await settle()
  return { ...t, first }
}

async function openPast() {
  fireEvent.click(screen.getByRole('button', { name: 'Past conversations' }))
  // The part chunk arrives, then the list it asks for.
  await settle()
  await settle()
  return screen.getByRole('region', { name: 'Past conversations' })
}

describe('past conversations', () => {
  it('offers no list to a visitor who has not written yet', async () => {
    const { widget } = createTestWidget()
    renderWith(widget, <Panel />)
    await settle()
    expect(screen.queryByRole('button', { name: 'Past conversations' })).toBeNull()
  })

  it('lists the visitor’s conversations, newest first, with their last message and status', async () => {
    await returningVisitor()
    const past = await openPast()
    // The view says where the visitor is: its heading takes the focus.
    expect(document.activeElement).toBe(
      within(past).getByRole('heading', { name: 'Past conversations' }),
    )
    const items = within(past).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      'Can I change the address?Open',
      'It ships todayResolved',
    ])
    // The chat itself is out of the way while the list shows.
    expect(screen.queryByRole('log')).toBeNull()
  })

  it('opens an earlier conversation with its messages, and starts a new one from there', async () => {
    const { widget, first } = await returningVisitor()
    const past = await openPast()
    fireEvent.click(within(past).getByRole('button', { name: /It ships today/ }))
    await settle()
    expect(widget.state.conversation.value).toMatchObject({ id: first.id, status: 'resolved' })
    const log = screen.getByRole('log', { name: 'Messages' })
    expect(log.textContent).toContain('Where is my order?')
    expect(log.textContent).toContain('It ships today')
    expect(log.textContent).not.toContain('Can I change the address?')
    expect(screen.getByText('This conversation has ended.')).toBeTruthy()

    const again = await openPast()
    fireEvent.click(within(again).getByRole('button', { name: 'Start a new conversation' }))
    await settle()
    expect(widget.state.conversation.value).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Type your message' }))
  })

  it('goes back to the chat it came from', async () => {
    await returningVisitor()
    const past = await openPast()
    fireEvent.click(within(past).getByRole('button', { name: 'Back to the chat' }))
    await settle()
    expect(screen.queryByRole('region', { name: 'Past conversations' })).toBeNull()
    expect(screen.getByRole('log', { name: 'Messages' }).textContent).toContain(
      'Can I change the address?',
    )
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Type your message' }))
  })

  it('offers no new conversation while one is open when the inbox locks to one conversation', async () => {
    const { server } = await returningVisitor(true)
    const past = await openPast()
    expect(within(past).getAllByRole('listitem')).toHaveLength(2)
    expect(within(past).queryByRole('button', { name: 'Start a new conversation' })).toBeNull()

    // Once every conversation is resolved, the locked inbox lets a new one start.
    for (const conversation of server.conversations) conversation.status = 'resolved'
    fireEvent.click(within(past).getByRole('button', { name: 'Back to the chat' }))
    await settle()
    const again = await openPast()
    expect(within(again).getByRole('button', { name: 'Start a new conversation' })).toBeTruthy()
  })
})

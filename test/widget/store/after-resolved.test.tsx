import { screen } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { Notice } from '../../../widget/src/components/Notice'
import { FakeServer } from '../fake-server'
import { createTestWidget, renderWith, settle, stored } from '../helpers'

/** A visitor whose open conversation the team resolves before the widget hears of it. */
async function resolvedBehindTheVisitorsBack() {
  const server = new FakeServer()
  server.allowMessagesAfterResolved = false
  const t = createTestWidget({ server })
  t.widget.open()
  await settle()
  t.widget.send('first question')
  await settle()
  const old = server.conversations[0]
  if (!old) throw new Error('no conversation')
  server.addMessage(old.id, { content: 'Answered, closing' })
  old.status = 'resolved'
  return { ...t, old }
}

describe('a message to a resolved conversation that allows no more messages', () => {
  it('follows the visitor to the new conversation the server started, and says so', async () => {
    const { widget, server, env, old } = await resolvedBehindTheVisitorsBack()
    renderWith(widget, <Notice />)
    widget.send('one more thing')
    await settle()
    const fresh = server.conversations[1]
    expect(fresh?.id).not.toBe(old.id)
    expect(old.status).toBe('resolved')
    expect(widget.state.conversation.value).toMatchObject({ id: fresh?.id, status: 'open' })
    expect(stored()).toMatchObject({ conversationId: fresh?.id })
    // Subscribed to the new conversation's live updates, the old one's closed.
    const live = env.lives.at(-1)
    expect(live?.options.url()).toContain(`/conversations/${fresh?.id}/live`)
    expect(
      env.lives.filter((l) => l.options.url().includes(`/conversations/${old.id}/`)),
    ).toSatisfy((lives: { closed: boolean }[]) => lives.every((l) => l.closed))
    // Its history, not the resolved one's.
    expect(widget.state.messages.value.map((m) => m.content)).toEqual(['one more thing'])
    expect(screen.getByRole('alert').textContent).toContain(
      'This conversation was resolved; your message started a new one',
    )
    // A reply in the new conversation shows (the old filter would have dropped it).
    live?.frame('message.created', server.addMessage(fresh?.id as number, { content: 'Hi again' }))
    expect(widget.state.messages.value.map((m) => m.content)).toEqual([
      'one more thing',
      'Hi again',
    ])
  })

  it('puts two messages in a row in one new conversation', async () => {
    const { widget, server, old } = await resolvedBehindTheVisitorsBack()
    widget.send('second')
    widget.send('third')
    await settle()
    widget.send('fourth')
    await settle()
    expect(server.conversations).toHaveLength(2)
    const fresh = server.conversations[1]
    const contents = (id: number | undefined) =>
      server.messages.filter((m) => m.conversation_id === id && m.message_type === 0)
    expect(contents(fresh?.id).map((m) => m.content)).toEqual(['second', 'third', 'fourth'])
    expect(contents(old.id).map((m) => m.content)).toEqual(['first question'])
    expect(widget.state.messages.value.map((m) => m.content)).toEqual(['second', 'third', 'fourth'])
    expect(widget.state.outbox.value).toEqual([])
  })
})

import { screen } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { en } from '../../../protocol/i18n/widget.en'
import type { Message } from '../../../widget/src/client/types'
import { MessageList } from '../../../widget/src/components/MessageList'
import { RICH } from '../../../widget/src/i18n/rich'
import { FakeServer } from '../fake-server'
import { createTestWidget, renderWith, settle } from '../helpers'

/** A template message (message_type 3) as the worker's automations send it: no sender. */
const template = (server: FakeServer, conversationId: number, fields: Partial<Message>) =>
  server.addMessage(conversationId, { message_type: 3, sender: undefined, ...fields })

describe('automatic messages arriving by socket as the conversation starts', () => {
  it('shows the greeting and the out-of-office message at once, under the inbox name', async () => {
    const server = new FakeServer()
    const { widget, env } = createTestWidget({ server })
    widget.open()
    renderWith(widget, <MessageList />)
    await settle()
    widget.send('Hello?')
    await settle()
    const conversation = server.conversations[0]
    if (!conversation) throw new Error('no conversation')
    const live = env.lives.at(-1)
    expect(live?.options.url()).toContain(`/conversations/${conversation.id}/live`)
    live?.frame('message.created', template(server, conversation.id, { content: 'Welcome!' }))
    live?.frame(
      'message.created',
      template(server, conversation.id, { content: 'We are away until Monday.' }),
    )
    await settle()
    expect(screen.getByText('Welcome!')).toBeTruthy()
    expect(screen.getByText('We are away until Monday.')).toBeTruthy()
    expect(widget.state.messages.value.map((m) => m.content)).toEqual([
      'Hello?',
      'Welcome!',
      'We are away until Monday.',
    ])
    expect(screen.getAllByText('Acme Support').length).toBeGreaterThanOrEqual(2)
  })

  it('shows a greeting that arrives before the first message is answered', async () => {
    const server = new FakeServer()
    const { widget, env } = createTestWidget({ server })
    widget.open()
    renderWith(widget, <MessageList />)
    await settle()
    widget.send('Hi')
    // Let the conversation be created and the socket open, but not the message's POST answer.
    for (let i = 0; i < 200 && !env.lives.length; i++) await Promise.resolve()
    const conversation = server.conversations[0]
    if (!conversation) throw new Error('no conversation yet')
    // The visitor's message is not answered yet (still the local copy, without an id).
    expect(widget.state.messages.value.find((m) => m.content === 'Hi')?.id).toBeUndefined()
    env.lives
      .at(-1)
      ?.frame('message.created', template(server, conversation.id, { content: 'Greetings!' }))
    expect(widget.state.messages.value.map((m) => m.content)).toContain('Greetings!')
    await settle()
    expect(screen.getByText('Greetings!')).toBeTruthy()
  })

  it('draws the email and CSAT questions (input_email, input_csat) when they arrive', async () => {
    const server = new FakeServer()
    const { widget, env } = createTestWidget({ server })
    widget.open()
    renderWith(widget, <MessageList />)
    await settle()
    widget.send('Anyone there?')
    await settle()
    const id = server.conversations[0]?.id as number
    const live = env.lives.at(-1)
    live?.frame(
      'message.created',
      template(server, id, {
        content: 'Get notified by email',
        content_type: 'input_email',
      }),
    )
    live?.frame(
      'message.created',
      template(server, id, {
        content: 'Please rate the conversation',
        content_type: 'input_csat',
      }),
    )
    await settle()
    expect(screen.getByText('Get notified by email')).toBeTruthy()
    expect(screen.getByText('Please rate the conversation')).toBeTruthy()
    expect(screen.getByRole('textbox', { name: en.rich.emailLabel })).toBeTruthy()
    for (const rating of RICH.en.ratings) {
      expect(screen.getByRole('button', { name: rating })).toBeTruthy()
    }
  })
})

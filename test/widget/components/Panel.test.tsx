import { screen } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { Panel } from '../../../widget/src/components/Panel'
import { FakeServer } from '../fake-server'
import { createTestWidget, renderWith, settle } from '../helpers'

describe('<Panel>', () => {
  it('says it is loading until the inbox settings arrive', async () => {
    const { widget } = createTestWidget()
    renderWith(widget, <Panel />)
    expect(screen.getByRole('status').textContent).toBe('Loading…')
    await settle()
    expect(screen.getByRole('dialog', { name: 'Chat with Acme Support' })).toBeTruthy()
    expect(screen.getByRole('log', { name: 'Messages' })).toBeTruthy()
  })

  it('shows the pre-chat form first when the inbox asks for one, loading it on first use', async () => {
    const server = new FakeServer()
    server.config.pre_chat_form_enabled = true
    server.config.pre_chat_form_options = {
      pre_chat_fields: [
        { name: 'email', label: 'Email', type: 'email', required: true, enabled: true },
      ],
    }
    const { widget } = createTestWidget({ server })
    await settle()
    renderWith(widget, <Panel />)
    // The form is a chunk: "Loading…" stands in for it until it has arrived.
    expect(screen.getByRole('status').textContent).toBe('Loading…')
    await settle()
    expect(screen.getByRole('button', { name: 'Start conversation' })).toBeTruthy()
    expect(screen.queryByRole('log')).toBeNull()
  })

  it('replaces the composer with a way to start over once the conversation has ended', async () => {
    const { widget } = createTestWidget()
    await settle()
    widget.state.conversation.value = { id: 1, status: 'resolved', agentLastSeenAt: 0 }
    renderWith(widget, <Panel />)
    expect(screen.getByText('This conversation has ended.')).toBeTruthy()
    expect(screen.queryByRole('textbox', { name: 'Type your message' })).toBeNull()
    screen.getByRole('button', { name: 'Start a new conversation' }).click()
    await settle()
    expect(screen.getByRole('textbox', { name: 'Type your message' })).toBeTruthy()
  })
})

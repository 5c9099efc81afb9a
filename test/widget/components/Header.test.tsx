import { fireEvent, screen } from '@testing-library/preact'
import { describe, expect, it, vi } from 'vitest'
import { Header } from '../../../widget/src/components/Header'
import { createTestWidget, renderWith, settle } from '../helpers'

describe('<Header>', () => {
  it('shows the inbox texts, and falls back to translated defaults', async () => {
    const { widget } = createTestWidget()
    renderWith(widget, <Header />)
    expect(screen.getByRole('heading', { name: 'Hi there!' })).toBeTruthy()
    await settle()
    expect(screen.getByRole('heading', { name: 'Welcome to Acme' })).toBeTruthy()
    expect(screen.getByText('We reply fast')).toBeTruthy()
    expect(screen.getByText('Typically replies in a few minutes')).toBeTruthy()
  })

  it("prefers the page's chatwootSettings texts over the inbox's", async () => {
    const { widget } = createTestWidget({
      settings: { welcomeTitle: 'Need help?', welcomeDescription: 'Ask away' },
    })
    await settle()
    renderWith(widget, <Header />)
    expect(screen.getByRole('heading', { name: 'Need help?' })).toBeTruthy()
    expect(screen.getByText('Ask away')).toBeTruthy()
  })

  it('offers "End conversation" only while a conversation is going', async () => {
    const { widget } = createTestWidget()
    const end = vi.spyOn(widget, 'endConversation').mockResolvedValue()
    const close = vi.spyOn(widget, 'close')
    renderWith(widget, <Header />)
    expect(screen.queryByRole('button', { name: 'End conversation' })).toBeNull()
    widget.state.conversation.value = { id: 1, status: 'open', agentLastSeenAt: 0 }
    await settle()
    fireEvent.click(screen.getByRole('button', { name: 'End conversation' }))
    expect(end).toHaveBeenCalled()
    widget.state.conversation.value = { id: 1, status: 'resolved', agentLastSeenAt: 0 }
    await settle()
    expect(screen.queryByRole('button', { name: 'End conversation' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Close chat' }))
    expect(close).toHaveBeenCalled()
  })

  it('hides "End conversation" when the page turned it off', async () => {
    const { widget } = createTestWidget({ settings: { enableEndConversation: false } })
    widget.state.conversation.value = { id: 1, status: 'open', agentLastSeenAt: 0 }
    renderWith(widget, <Header />)
    expect(screen.queryByRole('button', { name: 'End conversation' })).toBeNull()
  })
})

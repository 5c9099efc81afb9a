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
    // One click only asks; End ends.
    expect(end).not.toHaveBeenCalled()
    expect(screen.getByText('End this conversation?')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'End' }))
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

  it('asks before ending: Cancel and Escape keep the conversation, focus back on the ✓', async () => {
    const { widget } = createTestWidget()
    const end = vi.spyOn(widget, 'endConversation').mockResolvedValue()
    widget.state.conversation.value = { id: 1, status: 'open', agentLastSeenAt: 0 }
    renderWith(widget, <Header />)
    await settle()
    const endButton = screen.getByRole('button', { name: 'End conversation' })
    fireEvent.click(endButton)
    expect(endButton.getAttribute('aria-expanded')).toBe('true')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }))
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await settle()
    expect(screen.queryByText('End this conversation?')).toBeNull()
    expect(document.activeElement).toBe(endButton)
    fireEvent.click(endButton)
    fireEvent.keyDown(screen.getByRole('button', { name: 'Cancel' }), { key: 'Escape' })
    await settle()
    expect(screen.queryByText('End this conversation?')).toBeNull()
    expect(end).not.toHaveBeenCalled()
  })

  it('shows whether the team is online with the available agents, initials without an avatar', async () => {
    const { widget } = createTestWidget()
    renderWith(widget, <Header />)
    await settle()
    const inbox = widget.state.inbox.value
    if (!inbox) throw new Error('no inbox')
    widget.state.inbox.value = {
      ...inbox,
      online: true,
      available_agents: [
        { id: 1, name: 'Jane Doe', avatar_url: '' },
        { id: 2, name: 'Sam', avatar_url: 'https://example.com/sam.png' },
      ],
    }
    await settle()
    expect(screen.getByText('We are online')).toBeTruthy()
    expect(screen.getByRole('img', { name: 'Jane Doe' }).textContent).toBe('JD')
    expect(screen.getByRole('img', { name: 'Sam' }).querySelector('img')?.src).toBe(
      'https://example.com/sam.png',
    )
    widget.state.inbox.value = { ...inbox, online: false, available_agents: [] }
    await settle()
    expect(screen.getByText('We are away right now')).toBeTruthy()
    expect(screen.queryByRole('img', { name: 'Jane Doe' })).toBeNull()
    // One reply-time line, not two.
    expect(screen.getAllByText(/replies in/)).toHaveLength(1)
  })

  it("still ends the chat when the team chunk fails to load: the browser's confirm asks", async () => {
    const { widget, env } = createTestWidget()
    env.loadPart = () => Promise.reject(new Error('chunk blocked'))
    const end = vi.spyOn(widget, 'endConversation').mockResolvedValue()
    const ask = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true)
    vi.stubGlobal('confirm', ask)
    widget.state.conversation.value = { id: 1, status: 'open', agentLastSeenAt: 0 }
    renderWith(widget, <Header />)
    await settle()
    expect(widget.parts.failed.value.team).toBe(true)
    const endButton = screen.getByRole('button', { name: 'End conversation' })
    // Cancelled in the browser's dialog: the conversation goes on.
    fireEvent.click(endButton)
    await settle()
    expect(ask).toHaveBeenCalledWith('End conversation')
    expect(end).not.toHaveBeenCalled()
    // Confirmed: it ends.
    fireEvent.click(endButton)
    await settle()
    expect(ask).toHaveBeenCalledTimes(2)
    expect(end).toHaveBeenCalledTimes(1)
    vi.unstubAllGlobals()
  })
})

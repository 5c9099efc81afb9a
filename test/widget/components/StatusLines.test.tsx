import { fireEvent, screen } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { ConnectionBanner } from '../../../widget/src/components/ConnectionBanner'
import { Icon } from '../../../widget/src/components/Icon'
import { Notice } from '../../../widget/src/components/Notice'
import { TypingIndicator } from '../../../widget/src/components/TypingIndicator'
import { createTestWidget, renderWith, settle } from '../helpers'

describe('<ConnectionBanner>', () => {
  it('is an always-present status region that speaks up when offline or reconnecting', async () => {
    const { widget } = createTestWidget()
    renderWith(widget, <ConnectionBanner />)
    const status = screen.getByRole('status')
    expect(status.textContent).toBe('')
    widget.state.connection.value = 'waiting'
    await settle()
    expect(status.textContent).toBe('Reconnecting…')
    widget.state.online.value = false
    await settle()
    expect(status.textContent).toBe(
      'You are offline. Messages will be sent when you are back online.',
    )
  })
})

describe('<TypingIndicator>', () => {
  it('announces who is typing, with the dots hidden from screen readers', async () => {
    const { widget } = createTestWidget()
    renderWith(widget, <TypingIndicator />)
    const status = screen.getByRole('status')
    expect(status.textContent).toBe('')
    widget.state.agentTyping.value = 'Ana'
    await settle()
    expect(status.textContent).toBe('Ana is typing…')
    expect(status.querySelector('.dots')?.getAttribute('aria-hidden')).toBe('true')
  })
})

describe('<Notice>', () => {
  it('shows a problem as an alert until dismissed', async () => {
    const { widget } = createTestWidget()
    renderWith(widget, <Notice />)
    expect(screen.queryByRole('alert')).toBeNull()
    widget.state.notice.value = 'Something broke'
    await settle()
    expect(screen.getByRole('alert').textContent).toContain('Something broke')
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    await settle()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('<Icon>', () => {
  it('is decorative', () => {
    const { widget } = createTestWidget()
    renderWith(widget, <Icon name="send" />)
    const svg = document.querySelector('svg')
    expect(svg?.getAttribute('aria-hidden')).toBe('true')
    expect(svg?.getAttribute('focusable')).toBe('false')
  })
})

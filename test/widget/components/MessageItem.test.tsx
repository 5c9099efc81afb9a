import { fireEvent, screen } from '@testing-library/preact'
import { describe, expect, it, vi } from 'vitest'
import { WidgetContext } from '../../../widget/src/components/context'
import { MessageItem } from '../../../widget/src/components/MessageItem'
import { localMessage } from '../../../widget/src/store/messages'
import { createTestWidget, message, renderWith, settle } from '../helpers'

describe('<MessageItem>', () => {
  it('fetches the interactive-message chunk only when such a message shows, then draws it', async () => {
    const { widget, env } = createTestWidget()
    const loadPart = vi.spyOn(env, 'loadPart')
    await settle()
    const { rerender } = renderWith(widget, <MessageItem message={message({ id: 1 })} />)
    await settle()
    expect(loadPart).not.toHaveBeenCalled()

    const survey = message({ id: 2, content_type: 'input_csat', message_type: 3 })
    rerender(
      <WidgetContext.Provider value={widget}>
        <MessageItem message={survey} />
      </WidgetContext.Provider>,
    )
    expect(screen.queryByRole('group')).toBeNull()
    await settle()
    expect(loadPart.mock.calls).toEqual([['rich']])
    expect(
      screen.getByRole('group', { name: 'How would you rate this conversation?' }),
    ).toBeTruthy()
  })

  it('names the agent, a bot, or the inbox for automated messages', async () => {
    const { widget } = createTestWidget()
    await settle()
    renderWith(
      widget,
      <>
        <MessageItem message={message({ id: 1 })} />
        <MessageItem message={message({ id: 2, sender: { id: 3, name: '', type: 'agent_bot' } })} />
        <MessageItem message={message({ id: 3, message_type: 3, sender: null })} />
      </>,
    )
    const authors = [...document.querySelectorAll('.author')].map((a) => a.textContent)
    expect(authors).toEqual(['Ana', 'Bot', 'Acme Support'])
  })

  it('shows the delivery state of an unconfirmed message', () => {
    const { widget } = createTestWidget()
    const local = localMessage({ echoId: 'e1', content: 'hi', createdAt: 1_700_000_000_000 }, 1)
    renderWith(widget, <MessageItem message={local} />)
    expect(screen.getByText('Waiting for a connection, will send automatically')).toBeTruthy()
  })

  it('says why a message failed and offers Retry', () => {
    const { widget } = createTestWidget()
    const retry = vi.spyOn(widget, 'retry').mockImplementation(() => {})
    const local = {
      ...localMessage({ echoId: 'e1', content: 'hi', createdAt: 1_700_000_000_000 }, 1),
      delivery: 'failed' as const,
      error: 'Content is too long',
    }
    renderWith(widget, <MessageItem message={local} />)
    expect(screen.getByText(/Not sent: Content is too long/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(retry).toHaveBeenCalledWith('e1')
  })

  it('renders text as text, never as HTML, and links web addresses', () => {
    const { widget } = createTestWidget()
    renderWith(
      widget,
      <MessageItem
        message={message({ content: '<img src=x onerror=alert(1)> see https://acme.test/help.' })}
      />,
    )
    expect(document.querySelector('img')).toBeNull()
    const link = screen.getByRole('link', { name: 'https://acme.test/help' })
    expect(link.getAttribute('href')).toBe('https://acme.test/help')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('shows a time with the message', () => {
    const { widget } = createTestWidget()
    renderWith(widget, <MessageItem message={message({ created_at: 1_700_000_000 })} />)
    expect(document.querySelector('time')?.getAttribute('datetime')).toBe(
      '2023-11-14T22:13:20.000Z',
    )
  })
})

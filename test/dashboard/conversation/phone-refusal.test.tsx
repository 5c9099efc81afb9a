import { fireEvent, screen, within } from '@testing-library/preact'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { conversation, FakeServer } from './fake-server'
import { renderPane, settle } from './harness'

let server: FakeServer
beforeEach(() => {
  server = new FakeServer()
  localStorage.clear()
})
afterEach(() => {
  document.body.innerHTML = ''
})

const WINDOW_CLOSED = "Outside WhatsApp's 24-hour window: only an approved template can be sent"

describe('a reply the server refuses to send as a text', () => {
  it('is marked not sent with the reason the server gave, in words', async () => {
    await renderPane(server)
    server.on('POST', '/messages', () => ({
      status: 422,
      body: { error: 'validation_failed', message: WINDOW_CLOSED },
    }))
    fireEvent.input(screen.getByRole('textbox', { name: 'Reply' }), {
      target: { value: 'Are you still there?' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await settle()
    const [item] = Array.from(document.querySelectorAll('.cv-list > li')).filter((li) =>
      li.textContent?.includes('Are you still there?'),
    )
    expect(item?.classList.contains('cv-failed')).toBe(true)
    expect(within(item as HTMLElement).getByText('Not sent')).toBeTruthy()
    expect(within(item as HTMLElement).getByText(WINDOW_CLOSED)).toBeTruthy()
  })

  it('is announced above the text box before writing, for a contact who opted out', async () => {
    server.conversation = conversation({
      meta: { ...conversation().meta, reply_refusal: 'opted_out' } as never,
    })
    await renderPane(server)
    const notice = document.querySelector('.cv-reply-refusal') as HTMLElement
    expect(notice.getAttribute('role')).toBe('status')
    expect(notice.textContent).toContain('opted out of texts from this number')
    const box = screen.getByRole('textbox', { name: 'Reply' })
    expect(box.getAttribute('aria-describedby')?.split(' ')).toContain(notice.id)
  })
})

import { fireEvent, screen, within } from '@testing-library/preact'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { conversation, FakeServer, message } from './fake-server'
import { renderPane, settle } from './harness'

let server: FakeServer
beforeEach(() => {
  server = new FakeServer()
  localStorage.clear()
})
afterEach(() => {
  document.body.innerHTML = ''
})

const HTML =
  '<p>Hello <b>team</b></p><script>window.pwned = 1</script>' +
  '<img src="x" onerror="window.pwned = 2"><img src="https://tracker.example.com/pixel.gif">'

function mail(id: number, email: Record<string, unknown> = {}, extra = {}) {
  return message(id, {
    content: 'Where is my order?',
    content_attributes: {
      email: {
        subject: 'Order 1234',
        from: ['alex@example.com'],
        to: ['support@shop.example.com'],
        cc: ['boss@example.com'],
        text_content: {
          full: 'Where is my order?\n\nOn Monday you wrote:\n> It has shipped',
          reply: 'Where is my order?',
        },
        html_content: { full: HTML, reply: '<p>Where is my order?</p>' },
        ...email,
      },
    },
    ...extra,
  })
}

const item = (text: string) =>
  Array.from(document.querySelectorAll<HTMLElement>('.cv-list > li')).find((li) =>
    li.textContent?.includes(text),
  ) as HTMLElement

/** The message's HTML frame, once its lazily loaded chunk has arrived. */
const frameOf = (li: HTMLElement) =>
  vi.waitFor(() => {
    const frame = li.querySelector('iframe')
    if (!frame) throw new Error('no frame yet')
    return frame
  })

const emailConversation = () => {
  server.conversation = conversation({
    meta: { ...conversation().meta, channel: 'Channel::Email' },
  })
}

describe('an email message', () => {
  it('shows its subject, from, to and cc above the trimmed text, without the quoted history', async () => {
    server.messages = [mail(1)]
    await renderPane(server)
    const li = item('Order 1234')
    expect(within(li).getByText('Order 1234')).toBeTruthy()
    const headers = within(li).getByLabelText('Email details')
    expect(headers.textContent).toContain('Fromalex@example.com')
    expect(headers.textContent).toContain('Tosupport@shop.example.com')
    expect(headers.textContent).toContain('Ccboss@example.com')
    expect(within(li).getByText('Where is my order?')).toBeTruthy()
    expect(li.textContent).not.toContain('It has shipped')
    expect(li.querySelector('iframe')).toBeNull()
    expect(li.querySelector('.cv-email-badge')).toBeNull()
  })

  it('reveals the full original on "Show full message": the text, and the HTML in a sandboxed frame', async () => {
    server.messages = [mail(1)]
    await renderPane(server)
    const li = item('Order 1234')
    const toggle = within(li).getByRole('button', { name: 'Show full message' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(toggle)
    await settle(1)
    expect(li.querySelector('.cv-email-text')?.textContent).toContain('> It has shipped')
    // The frame and its sanitiser are a chunk of their own, fetched on the first open.
    const frame = await frameOf(li)
    expect(frame.getAttribute('sandbox')).toBe('')
    expect(frame.getAttribute('title')).toBe('Full message as sent (HTML)')

    fireEvent.click(within(li).getByRole('button', { name: 'Hide full message' }))
    await settle(1)
    expect(li.querySelector('iframe')).toBeNull()
  })

  it('renders its HTML sanitised: no <script>, no onerror, and remote images blocked by the frame’s CSP until asked for', async () => {
    server.messages = [mail(1)]
    await renderPane(server)
    const li = item('Order 1234')
    fireEvent.click(within(li).getByRole('button', { name: 'Show full message' }))
    await frameOf(li)
    const srcdoc = () =>
      (li.querySelector('iframe') as HTMLIFrameElement).getAttribute('srcdoc') ?? ''
    // The sanitiser's output itself is checked in Chromium (test/e2e/email-conversation.test.ts):
    // happy-dom's DOM defeats DOMPurify, and the frame then fails closed, showing no HTML.
    expect(srcdoc()).not.toMatch(/<script/i)
    expect(srcdoc()).not.toContain('pwned')
    expect(srcdoc()).not.toMatch(/onerror/i)
    expect(srcdoc()).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data: cid:">`,
    )

    fireEvent.click(within(li).getByRole('button', { name: 'Load remote images' }))
    await settle(1)
    expect(srcdoc()).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data: https:">`,
    )
    expect(within(li).queryByRole('button', { name: 'Load remote images' })).toBeNull()
  })

  it('marks an auto-reply and a bounce with a badge', async () => {
    server.messages = [
      mail(1, { subject: 'Out of office', auto_reply: true }),
      mail(2, { subject: 'Undeliverable', kind: 'bounce' }),
    ]
    await renderPane(server)
    expect(item('Out of office').querySelector('.cv-email-badge')?.textContent).toBe('Auto-reply')
    expect(item('Undeliverable').querySelector('.cv-email-badge')?.textContent).toBe('Bounce')
  })

  it('warns when the conversation’s sender failed mail authentication, and only then', async () => {
    server.conversation = conversation({
      additional_attributes: { mail_auth: { spf: 'fail', dkim: 'none', dmarc: 'fail' } },
    })
    const view = await renderPane(server)
    expect(screen.getByText(/failed email authentication/)).toBeTruthy()
    view.unmount()

    server.conversation = conversation({
      additional_attributes: { mail_auth: { spf: 'fail', dkim: 'pass', dmarc: 'pass' } },
    })
    await renderPane(server)
    expect(screen.queryByText(/failed email authentication/)).toBeNull()
  })
})

describe('a reply the server could not send', () => {
  it('shows the reason and retries through POST …/messages/:id/retry', async () => {
    server.messages = [
      message(3, {
        content: 'Your order shipped',
        message_type: 1,
        status: 'failed',
        content_attributes: { external_error: 'Sending domain not verified' },
      }),
    ]
    server.on('POST', '/messages/3/retry', () => ({
      body: { ...server.messages[0], status: 'sent', content_attributes: {} },
    }))
    await renderPane(server)
    const li = item('Your order shipped')
    expect(within(li).getByText('Not sent: Sending domain not verified')).toBeTruthy()
    expect(within(li).queryByText('Sent')).toBeNull()

    fireEvent.click(within(li).getByRole('button', { name: 'Retry' }))
    await settle()
    expect(server.callsTo('POST', '/messages/3/retry').map((c) => c.path)).toEqual([
      '/api/v1/accounts/1/conversations/7/messages/3/retry',
    ])
    const after = item('Your order shipped')
    expect(after.textContent).not.toContain('Sending domain not verified')
    expect(within(after).getByText('Sent')).toBeTruthy()
  })

  it('says so when the retry itself is refused', async () => {
    server.messages = [
      message(3, { content: 'Your order shipped', message_type: 1, status: 'failed' }),
    ]
    server.on('POST', '/messages/3/retry', () => ({
      status: 422,
      body: { error: 'validation_failed', message: 'Only failed email replies can be retried' },
    }))
    await renderPane(server)
    fireEvent.click(within(item('Your order shipped')).getByRole('button', { name: 'Retry' }))
    await settle()
    expect(screen.getByRole('alert').textContent).toBe(
      'Retry failed: Only failed email replies can be retried',
    )
  })
})

describe('the composer on an email conversation', () => {
  const type = (label: string, value: string) =>
    fireEvent.input(screen.getByLabelText(label), { target: { value } })

  it('sends Cc and Bcc as Chatwoot’s cc_emails and bcc_emails', async () => {
    emailConversation()
    await renderPane(server)
    type('Cc', 'boss@example.com, ops@example.com')
    type('Bcc', 'audit@example.com')
    type('Reply', 'On its way')
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await settle()
    expect(server.callsTo('POST', '/messages').at(-1)?.body).toMatchObject({
      content: 'On its way',
      cc_emails: 'boss@example.com,ops@example.com',
      bcc_emails: 'audit@example.com',
    })
    expect((screen.getByLabelText('Cc') as HTMLInputElement).value).toBe('')
  })

  it('refuses to send while an address is malformed, and names it', async () => {
    emailConversation()
    await renderPane(server)
    type('Cc', 'boss@example.com, not-an-address')
    type('Reply', 'On its way')
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await settle()
    expect(server.callsTo('POST', '/messages')).toEqual([])
    expect(screen.getByRole('alert').textContent).toBe('Not an email address: not-an-address')
    expect(screen.getByLabelText('Cc').getAttribute('aria-invalid')).toBe('true')
  })

  it('has no Cc or Bcc on a website conversation, nor on a private note', async () => {
    await renderPane(server)
    expect(screen.queryByLabelText('Cc')).toBeNull()
    document.body.innerHTML = ''
    emailConversation()
    await renderPane(server)
    fireEvent.click(screen.getByRole('button', { name: 'Private note' }))
    await settle(1)
    expect(screen.queryByLabelText('Cc')).toBeNull()
  })
})

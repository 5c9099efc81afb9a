import { screen, within } from '@testing-library/preact'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FakeServer, message } from './fake-server'
import { renderPane } from './harness'

let server: FakeServer
beforeEach(() => {
  server = new FakeServer()
  localStorage.clear()
})
afterEach(() => {
  document.body.innerHTML = ''
})

describe('message rendering', () => {
  it('shows the sender and the time of each message', async () => {
    server.messages = [message(1, { content: 'Hi there' })]
    await renderPane(server)
    const item = screen.getByText('Hi there').closest('li') as HTMLElement
    expect(within(item).getByText('Alex Visitor')).toBeTruthy()
    expect(item.querySelector('time')?.getAttribute('datetime')).toBe(
      new Date((1_763_000_000 + 1) * 1000).toISOString(),
    )
  })

  it('labels private notes "Private note" and styles them apart', async () => {
    server.messages = [
      message(1, { content: 'Public answer', message_type: 1 }),
      message(2, { content: 'Internal only', message_type: 1, private: true }),
    ]
    await renderPane(server)
    const note = screen.getByText('Internal only').closest('li') as HTMLElement
    const reply = screen.getByText('Public answer').closest('li') as HTMLElement
    expect(within(note).getByText('Private note')).toBeTruthy()
    expect(note.classList.contains('cv-note')).toBe(true)
    expect(reply.classList.contains('cv-note')).toBe(false)
    expect(within(reply).queryByText('Private note')).toBeNull()
  })

  it('shows activity messages as lines, not bubbles', async () => {
    server.messages = [message(1, { content: 'Jane resolved the conversation', message_type: 2 })]
    await renderPane(server)
    const line = screen.getByText('Jane resolved the conversation').closest('li') as HTMLElement
    expect(line.classList.contains('cv-activity')).toBe(true)
    expect(line.classList.contains('cv-message')).toBe(false)
  })

  it('shows images inline with alt text and other files as links', async () => {
    const file = (id: number, type: string, name: string) => ({
      id,
      message_id: 1,
      file_type: type,
      account_id: 1,
      extension: null,
      data_url: `https://files.example.com/a/${name}`,
      thumb_url: `https://files.example.com/t/${name}`,
      file_size: 10,
      width: null,
      height: null,
    })
    server.messages = [
      message(1, {
        attachments: [file(1, 'image', 'photo.png'), file(2, 'file', 'invoice.pdf')],
      }),
    ]
    await renderPane(server)
    const image = screen.getByRole('img', { name: 'Image: photo.png' }) as HTMLImageElement
    expect(image.src).toBe('https://files.example.com/t/photo.png')
    const link = screen.getByRole('link', { name: 'Download invoice.pdf' }) as HTMLAnchorElement
    expect(link.href).toBe('https://files.example.com/a/invoice.pdf')
  })

  it('never links a javascript: attachment', async () => {
    server.messages = [
      message(1, {
        attachments: [
          {
            id: 1,
            message_id: 1,
            file_type: 'file',
            account_id: 1,
            extension: null,
            data_url: 'javascript:alert(1)',
            thumb_url: '',
            file_size: 1,
            width: null,
            height: null,
          },
        ],
      }),
    ]
    await renderPane(server)
    expect(document.querySelector('a[href^="javascript"]')).toBeNull()
  })

  it('marks outgoing messages "Seen" up to contact_last_seen_at, and the rest "Sent"', async () => {
    server.messages = [
      message(1, { content: 'First reply', message_type: 1 }),
      message(2, { content: 'Second reply', message_type: 1 }),
    ]
    server.conversation.contact_last_seen_at = 1_763_000_001
    await renderPane(server)
    const first = screen.getByText('First reply').closest('li') as HTMLElement
    const second = screen.getByText('Second reply').closest('li') as HTMLElement
    expect(within(first).getByText('Seen')).toBeTruthy()
    expect(within(second).getByText('Sent')).toBeTruthy()
  })

  it('turns a reply "Seen" when the room says the visitor read the conversation', async () => {
    const { FakeWebSocket } = await import('./fake-socket')
    server.messages = [message(1, { content: 'A reply', message_type: 1 })]
    await renderPane(server)
    const item = screen.getByText('A reply').closest('li') as HTMLElement
    expect(within(item).queryByText('Seen')).toBeNull()
    FakeWebSocket.last.ready()
    FakeWebSocket.last.receive({
      event: 'conversation.read',
      data: { conversation_id: 7, contact_last_seen_at: 1_763_000_100 },
    })
    await new Promise((r) => setTimeout(r, 0))
    expect(within(screen.getByText('A reply').closest('li') as HTMLElement).getByText('Seen'))
  })

  it('announces a message that arrives live in a polite live region', async () => {
    const { FakeWebSocket } = await import('./fake-socket')
    await renderPane(server)
    FakeWebSocket.last.ready()
    FakeWebSocket.last.receive({
      event: 'message.created',
      data: message(3, { content: 'Hello?' }),
    })
    await new Promise((r) => setTimeout(r, 0))
    const region = document.querySelector('[aria-live="polite"][role="status"]') as HTMLElement
    expect(region.textContent).toBe('New message from Alex Visitor: Hello?')
  })
})

import { fireEvent, screen, within } from '@testing-library/preact'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FakeServer, message } from './fake-server'
import { FakeWebSocket } from './fake-socket'
import { renderPane, settle } from './harness'

let server: FakeServer
beforeEach(() => {
  server = new FakeServer()
  localStorage.clear()
})
afterEach(() => {
  document.body.innerHTML = ''
})

const send = (text: string) => {
  const box = screen.getByRole('textbox', { name: 'Reply' })
  fireEvent.input(box, { target: { value: text } })
  fireEvent.click(screen.getByRole('button', { name: 'Send' }))
}
const itemsWith = (text: string) =>
  Array.from(document.querySelectorAll('.cv-list > li')).filter((li) =>
    li.textContent?.includes(text),
  )

describe('optimistic sending', () => {
  it('shows the message at once, marked pending, before the server answers', async () => {
    await renderPane(server)
    const release = server.hold('POST', '/messages')
    send('on its way')
    await settle()
    const [item] = itemsWith('on its way')
    expect(item?.classList.contains('cv-pending')).toBe(true)
    expect(within(item as HTMLElement).getByText('Sending…')).toBeTruthy()
    release()
    await settle()
    const [sent] = itemsWith('on its way')
    expect(sent?.classList.contains('cv-pending')).toBe(false)
    expect(within(sent as HTMLElement).getByText('Sent')).toBeTruthy()
  })

  it('marks a refused send failed with Retry; Retry reuses the echo_id; the echo replaces it', async () => {
    await renderPane(server)
    let refuse = true
    server.on('POST', '/messages', () =>
      refuse ? { status: 422, body: { error: 'validation_failed', message: 'No' } } : undefined,
    )
    send('exactly once')
    await settle()
    let [item] = itemsWith('exactly once')
    expect(item?.classList.contains('cv-failed')).toBe(true)
    expect(within(item as HTMLElement).getByText('Not sent')).toBeTruthy()

    refuse = false
    fireEvent.click(within(item as HTMLElement).getByRole('button', { name: 'Retry' }))
    await settle()
    const [first, second] = server
      .callsTo('POST', '/messages')
      .map((c) => c.body as { echo_id: string })
    expect(second?.echo_id).toBe(first?.echo_id)
    expect(first?.echo_id).toBeTruthy()

    // The room's echo of the same message (same echo_id, same id) changes nothing.
    const saved = server.messages.at(-1)
    FakeWebSocket.last.ready()
    FakeWebSocket.last.receive({ event: 'message.created', data: saved })
    await settle(1)
    const items = itemsWith('exactly once')
    expect(items.length).toBe(1)
    ;[item] = items
    expect(item?.classList.contains('cv-failed')).toBe(false)
    expect(item?.classList.contains('cv-pending')).toBe(false)
    expect(within(item as HTMLElement).getByText('Sent')).toBeTruthy()
  })

  it('lets the echo frame replace the pending message when it comes before the POST answer', async () => {
    await renderPane(server)
    FakeWebSocket.last.ready()
    const release = server.hold('POST', '/messages')
    send('race')
    await settle()
    const [post] = server.callsTo('POST', '/messages')
    const echoId = (post?.body as { echo_id: string } | undefined)?.echo_id
    expect(itemsWith('race')[0]?.classList.contains('cv-pending')).toBe(true)
    FakeWebSocket.last.receive({
      event: 'message.created',
      data: message(900, { content: 'race', message_type: 1, echo_id: echoId }),
    })
    await settle(1)
    expect(itemsWith('race').length).toBe(1)
    expect(itemsWith('race')[0]?.classList.contains('cv-pending')).toBe(false)
    release()
    await settle()
    expect(itemsWith('race').length).toBe(1)
  })
})

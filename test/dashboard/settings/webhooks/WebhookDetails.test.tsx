import { act, fireEvent, screen, waitFor, within } from '@testing-library/preact'
import { describe, expect, it, vi } from 'vitest'
import {
  WATCH_INTERVAL_MS,
  WATCH_TRIES,
} from '../../../../dashboard/src/settings/webhooks/useDeliveries'
import {
  base,
  delivery,
  FakeWebhooksServer,
  PAGE_PATH,
  renderPage,
  settle,
  webhook,
} from './harness'

const logRows = () =>
  within(screen.getByRole('table', { name: 'Deliveries of CRM, newest first' }))
    .getAllByRole('row')
    .slice(1)
const statuses = () => screen.getAllByRole('status').map((s) => s.textContent)

function serverWithOne() {
  const server = new FakeWebhooksServer()
  server.webhooks = [webhook(1, { name: 'CRM', secret: 'whsec_original' })]
  return server
}

describe("a webhook's details (?webhook=ID)", () => {
  it('opens from the list by a deep link and shows the secret masked until revealed', async () => {
    const server = serverWithOne()
    const { navigated } = await renderPage(server)
    fireEvent.click(screen.getByRole('link', { name: 'Deliveries and secret for CRM' }))
    await settle()
    expect(navigated).toEqual([`${PAGE_PATH}?webhook=1`])
    expect(
      screen.getByRole('heading', { level: 2, name: 'Deliveries and secret for CRM' }),
    ).toBeTruthy()
    expect(screen.queryByText('whsec_original')).toBeNull()
    const reveal = screen.getByRole('button', { name: 'Reveal secret' })
    expect(reveal.getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(reveal)
    await settle(1)
    expect(screen.getByText('whsec_original')).toBeTruthy()
    expect(reveal.getAttribute('aria-pressed')).toBe('true')
    // How to verify: the three headers, and a Node example to copy.
    expect(screen.getByText(/webhook-signature header/)).toBeTruthy()
    const example = screen.getByText('Node example', { selector: 'figcaption' }).closest('figure')
    expect(example?.textContent).toContain("createHmac('sha256', key)")
  })

  it('rotates the secret after asking and shows the new one', async () => {
    const server = serverWithOne()
    await renderPage(server, '?webhook=1')
    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }))
    fireEvent.click(screen.getByRole('button', { name: 'Rotate' }))
    await settle()
    expect(
      server.calls.some(
        (c) => c.method === 'POST' && c.path === `${base}/webhooks/1/rotate_secret`,
      ),
    ).toBe(true)
    expect(screen.getByText(/^whsec_rotated/)).toBeTruthy()
    expect(statuses()).toContain('New secret made and shown above; update your receiver.')
  })

  it('lists deliveries with event, status, attempts, response code, time and last error', async () => {
    const server = serverWithOne()
    server.deliveries.set(1, [
      delivery(12, { event: 'message_created', status: 'succeeded' }),
      delivery(11, {
        event: 'contact_created',
        status: 'failed',
        attempts: 3,
        last_response_code: 500,
        last_error: 'HTTP 500',
      }),
      delivery(10, {
        status: 'dead',
        last_response_code: null,
        last_error: 'timeout after 15000 ms',
      }),
    ])
    await renderPage(server, '?webhook=1')
    expect(
      within(screen.getByRole('table', { name: /Deliveries of CRM/ }))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Event', 'Status', 'Attempts', 'Response code', 'Time', 'Last error', 'Actions'])
    const cells = logRows().map((row) =>
      within(row as HTMLElement)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent),
    )
    expect(cells).toEqual([
      ['message_created', 'Succeeded', '1', '200'],
      ['contact_created', 'Failed', '3', '500'],
      ['message_created', 'Dead', '1', '—'],
    ])
    expect(within(logRows()[1] as HTMLElement).getByText('HTTP 500')).toBeTruthy()
    expect(logRows()[0]?.querySelector('time')?.getAttribute('datetime')).toBe(
      new Date((1_763_000_000 + 12) * 1000).toISOString(),
    )
  })

  it('pages through older deliveries and refreshes to the newest', async () => {
    const server = serverWithOne()
    server.deliveries.set(
      1,
      Array.from({ length: 30 }, (_, i) => delivery(30 - i)),
    )
    await renderPage(server, '?webhook=1')
    expect(logRows()).toHaveLength(25)
    fireEvent.click(screen.getByRole('button', { name: 'Load older deliveries' }))
    await settle()
    expect(logRows()).toHaveLength(30)
    expect(server.calls.at(-1)?.query.get('before')).toBe('6')
    expect(screen.queryByRole('button', { name: 'Load older deliveries' })).toBeNull()
    server.deliveries.get(1)?.unshift(delivery(31, { event: 'contact_updated' }))
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }))
    await settle()
    expect(logRows()).toHaveLength(25)
    expect(within(logRows()[0] as HTMLElement).getByText('contact_updated')).toBeTruthy()
  })

  it('redelivers a delivery and shows it pending again', async () => {
    const server = serverWithOne()
    server.deliveries.set(1, [
      delivery(11, { status: 'dead', last_response_code: 500, last_error: 'HTTP 500' }),
    ])
    await renderPage(server, '?webhook=1')
    fireEvent.click(screen.getByRole('button', { name: 'Redeliver message_created delivery 11' }))
    await settle()
    expect(
      server.calls.some(
        (c) => c.method === 'POST' && c.path === `${base}/webhooks/1/deliveries/11/redeliver`,
      ),
    ).toBe(true)
    expect(within(logRows()[0] as HTMLElement).getByText('Pending')).toBeTruthy()
    expect(statuses()).toContain('Delivery 11 queued again.')
  })

  it('sends a test event from the list, opens the log and follows the delivery until it settles', async () => {
    const server = serverWithOne()
    server.testProgress = [{ status: 'pending' }, { status: 'succeeded', attempts: 1 }]
    const { navigated } = await renderPage(server)
    fireEvent.click(screen.getByRole('button', { name: 'Send test event to CRM' }))
    await settle()
    expect(
      server.calls.some((c) => c.method === 'POST' && c.path === `${base}/webhooks/1/test`),
    ).toBe(true)
    expect(navigated).toEqual([`${PAGE_PATH}?webhook=1`])
    expect(statuses()).toContain('Test event queued for CRM; waiting for the receiver…')
    expect(within(logRows()[0] as HTMLElement).getByText('webhook_test')).toBeTruthy()
    // The log is read again (once a second) until the test delivery is no longer pending.
    await waitFor(() => expect(statuses()).toContain('Test event succeeded: HTTP 200.'), {
      timeout: 5000,
    })
    const row = within(logRows()[0] as HTMLElement)
    expect(row.getByText('Succeeded')).toBeTruthy()
    expect(row.getByText('200')).toBeTruthy()
  })

  it('stops looking after ten reads and says the test event is still pending', async () => {
    const server = serverWithOne()
    server.testProgress = [{ status: 'pending' }]
    await renderPage(server, '?webhook=1')
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Send test event to CRM' }))
      for (let i = 0; i < 15; i++) {
        await act(async () => {
          await vi.advanceTimersByTimeAsync(WATCH_INTERVAL_MS)
        })
      }
    } finally {
      vi.useRealTimers()
    }
    await settle()
    const reads = server.calls.filter((c) => c.path === `${base}/webhooks/1/deliveries`)
    // One read when the page opened, then WATCH_TRIES while watching: no more.
    expect(reads).toHaveLength(1 + WATCH_TRIES)
    expect(statuses()).toContain('The test event is still pending: use Refresh to look again.')
  })

  it('says so when the webhook in the link is not in the account', async () => {
    await renderPage(serverWithOne(), '?webhook=99')
    expect(screen.getByText('Webhook 99 is not in this account.')).toBeTruthy()
  })
})

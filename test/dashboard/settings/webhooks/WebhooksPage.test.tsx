import { fireEvent, screen, within } from '@testing-library/preact'
import { describe, expect, it } from 'vitest'
import { ALL_EVENTS, base, FakeWebhooksServer, renderPage, settle, webhook } from './harness'

const rows = () =>
  within(screen.getByRole('table', { name: 'Webhooks' }))
    .getAllByRole('row')
    .slice(1)

describe('the webhooks list', () => {
  it('lists each webhook with its URL, subscribed events and inbox scope', async () => {
    const server = new FakeWebhooksServer()
    server.webhooks = [
      webhook(1, { name: 'CRM', url: 'https://crm.example.com/hook' }),
      webhook(2, {
        subscriptions: ['message_created', 'contact_created'],
        inbox: { id: 3, name: 'Support' },
      }),
    ]
    await renderPage(server)
    expect(screen.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeTruthy()
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'URL',
      'Events',
      'Inbox',
      'Actions',
    ])
    const [first, second] = rows().map((row) => within(row as HTMLElement))
    expect(first?.getByText('CRM')).toBeTruthy()
    expect(first?.getByText('https://crm.example.com/hook')).toBeTruthy()
    expect(first?.getByText('All events')).toBeTruthy()
    expect(first?.getByText('All inboxes')).toBeTruthy()
    expect(second?.getByText('message_created')).toBeTruthy()
    expect(second?.getByText('contact_created')).toBeTruthy()
    expect(second?.getByText('Support')).toBeTruthy()
    expect(
      first?.getByRole('link', { name: 'Deliveries and secret for CRM' }).getAttribute('href'),
    ).toBe('/app/accounts/1/settings/webhooks?webhook=1')
  })

  it('says so when there are none', async () => {
    await renderPage(new FakeWebhooksServer())
    expect(screen.getByText('No webhooks yet. Add one with "Add webhook".')).toBeTruthy()
  })
})

describe('adding and editing a webhook', () => {
  it('creates a webhook with the URL, the ticked events and an inbox', async () => {
    const server = new FakeWebhooksServer()
    await renderPage(server)
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }))
    await settle()
    const events = screen.getByRole('group', { name: 'Events to send' })
    const boxes = within(events).getAllByRole('checkbox') as HTMLInputElement[]
    expect(boxes.map((box) => box.value)).toEqual(ALL_EVENTS)
    expect(boxes.every((box) => box.checked)).toBe(true)
    fireEvent.input(screen.getByLabelText('URL'), {
      target: { value: 'https://crm.example.com/in' },
    })
    for (const box of boxes) {
      if (!['message_created', 'conversation_created'].includes(box.value)) fireEvent.click(box)
    }
    fireEvent.change(screen.getByLabelText('Inbox'), { target: { value: '3' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await settle()
    const created = server.calls.find((c) => c.method === 'POST' && c.path === `${base}/webhooks`)
    expect(created?.body).toEqual({
      url: 'https://crm.example.com/in',
      name: null,
      inbox_id: 3,
      subscriptions: ['conversation_created', 'message_created'],
    })
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Webhook created.')
    expect(rows()).toHaveLength(1)
    expect(within(rows()[0] as HTMLElement).getByText('Support')).toBeTruthy()
  })

  it('shows the API refusing no events by the events group', async () => {
    const server = new FakeWebhooksServer()
    await renderPage(server)
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }))
    await settle()
    fireEvent.input(screen.getByLabelText('URL'), { target: { value: 'https://x.example.com' } })
    for (const box of within(screen.getByRole('group', { name: 'Events to send' })).getAllByRole(
      'checkbox',
    )) {
      fireEvent.click(box)
    }
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await settle()
    const group = screen.getByRole('group', { name: 'Events to send' })
    expect(group.getAttribute('aria-invalid')).toBe('true')
    expect(within(group).getByText('Events must name at least one event')).toBeTruthy()
    expect(server.webhooks).toEqual([])
  })

  it('edits a webhook with its current events ticked', async () => {
    const server = new FakeWebhooksServer()
    server.webhooks = [webhook(1, { name: 'CRM', subscriptions: ['contact_created'] })]
    await renderPage(server)
    fireEvent.click(screen.getByRole('button', { name: 'Edit CRM' }))
    await settle()
    const boxes = within(screen.getByRole('group', { name: 'Events to send' })).getAllByRole(
      'checkbox',
    ) as HTMLInputElement[]
    expect(boxes.filter((box) => box.checked).map((box) => box.value)).toEqual(['contact_created'])
    fireEvent.click(boxes.find((box) => box.value === 'contact_updated') as HTMLInputElement)
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await settle()
    const patch = server.calls.find((c) => c.method === 'PATCH')
    expect(patch?.path).toBe(`${base}/webhooks/1`)
    expect(patch?.body.subscriptions).toEqual(['contact_created', 'contact_updated'])
  })

  it('deletes a webhook after asking', async () => {
    const server = new FakeWebhooksServer()
    server.webhooks = [webhook(1, { name: 'CRM' })]
    await renderPage(server)
    fireEvent.click(screen.getByRole('button', { name: 'Delete CRM' }))
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    await settle()
    expect(server.calls.some((c) => c.method === 'DELETE' && c.path === `${base}/webhooks/1`)).toBe(
      true,
    )
    expect(screen.getByText('No webhooks yet. Add one with "Add webhook".')).toBeTruthy()
  })
})

import { fireEvent, screen, within } from '@testing-library/preact'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { agent, conversation, FakeServer, ME } from './fake-server'
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

const bodyOf = (path: string) => server.callsTo('POST', path).at(-1)?.body

describe('actions', () => {
  it('assigns the agent picked, and "Assign to me" assigns the signed-in agent', async () => {
    await renderPane(server)
    fireEvent.change(screen.getByRole('combobox', { name: 'Assignee' }), {
      target: { value: '6' },
    })
    await settle()
    expect(bodyOf('/assignments')).toEqual({ assignee_id: 6 })
    expect((screen.getByRole('combobox', { name: 'Assignee' }) as HTMLSelectElement).value).toBe(
      '6',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Assign to me' }))
    await settle()
    expect(bodyOf('/assignments')).toEqual({ assignee_id: ME.id })
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull()
  })

  it('assigns a team', async () => {
    await renderPane(server)
    fireEvent.change(screen.getByRole('combobox', { name: 'Team' }), { target: { value: '2' } })
    await settle()
    expect(bodyOf('/assignments')).toEqual({ team_id: 2 })
  })

  it('sets and clears the priority', async () => {
    await renderPane(server)
    const priority = screen.getByRole('combobox', { name: 'Priority' })
    fireEvent.change(priority, { target: { value: 'urgent' } })
    await settle()
    expect(bodyOf('/toggle_priority')).toEqual({ priority: 'urgent' })
    fireEvent.change(priority, { target: { value: '' } })
    await settle()
    expect(bodyOf('/toggle_priority')).toEqual({ priority: null })
  })

  it('adds and removes labels from the Labels menu', async () => {
    server.conversation = conversation({ labels: ['billing'] })
    await renderPane(server)
    fireEvent.click(screen.getByRole('button', { name: 'Labels' }))
    const menu = screen.getByRole('dialog', { name: 'Labels' })
    fireEvent.click(within(menu).getByRole('checkbox', { name: 'vip' }))
    await settle()
    expect(bodyOf('/labels')).toEqual({ labels: ['billing', 'vip'] })
    fireEvent.click(within(menu).getByRole('checkbox', { name: 'billing' }))
    await settle()
    expect(bodyOf('/labels')).toEqual({ labels: ['vip'] })
  })

  it('resolves with "Resolve" and reopens with "Reopen"', async () => {
    await renderPane(server)
    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }))
    await settle()
    expect(bodyOf('/toggle_status')).toEqual({ status: 'resolved' })
    expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Reopen' }))
    await settle()
    expect(bodyOf('/toggle_status')).toEqual({ status: 'open' })
    expect(screen.getByRole('button', { name: 'Resolve' })).toBeTruthy()
  })

  it('snoozes until the next reply (no time) and for one hour', async () => {
    await renderPane(server)
    fireEvent.click(screen.getByRole('button', { name: 'Snooze' }))
    fireEvent.click(screen.getByRole('button', { name: 'Until next reply' }))
    await settle()
    expect(bodyOf('/toggle_status')).toEqual({ status: 'snoozed', snoozed_until: null })
    fireEvent.click(screen.getByRole('button', { name: 'Snooze' }))
    const before = Math.floor(Date.now() / 1000)
    fireEvent.click(screen.getByRole('button', { name: 'For 1 hour' }))
    await settle()
    const body = bodyOf('/toggle_status') as { snoozed_until: number }
    expect(body.snoozed_until - before).toBeGreaterThanOrEqual(3600)
    expect(body.snoozed_until - before).toBeLessThan(3610)
  })

  it('snoozes until a custom time', async () => {
    await renderPane(server)
    fireEvent.click(screen.getByRole('button', { name: 'Snooze' }))
    fireEvent.input(screen.getByLabelText('Snooze until'), {
      target: { value: '2099-01-02T10:30' },
    })
    fireEvent.submit(screen.getByLabelText('Snooze until').closest('form') as HTMLFormElement)
    await settle()
    expect(bodyOf('/toggle_status')).toEqual({
      status: 'snoozed',
      snoozed_until: Math.floor(new Date('2099-01-02T10:30').getTime() / 1000),
    })
  })

  it('closes a menu on Escape and gives the focus back to its button', async () => {
    await renderPane(server)
    const button = screen.getByRole('button', { name: 'Snooze' })
    fireEvent.click(button)
    const menu = screen.getByRole('dialog', { name: 'Snooze' })
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(menu.contains(document.activeElement)).toBe(true)
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' })
    await settle(1)
    expect(screen.queryByRole('dialog', { name: 'Snooze' })).toBeNull()
    expect(document.activeElement).toBe(button)
  })

  it('lets Escape close an empty menu too (no keyboard trap)', async () => {
    server.on('GET', '/labels', (call) =>
      call.path.endsWith('/accounts/1/labels') ? { body: { payload: [] } } : undefined,
    )
    await renderPane(server)
    const button = screen.getByRole('button', { name: 'Labels' })
    fireEvent.click(button)
    const menu = screen.getByRole('dialog', { name: 'Labels' })
    expect(menu.textContent).toBe('No labels in this account')
    expect(document.activeElement).toBe(menu)
    fireEvent.keyDown(menu, { key: 'Escape' })
    await settle(1)
    expect(screen.queryByRole('dialog', { name: 'Labels' })).toBeNull()
    expect(document.activeElement).toBe(button)
  })

  it('shows a refused change and keeps what the server has', async () => {
    await renderPane(server)
    server.on('POST', '/toggle_status', () => ({
      status: 403,
      body: { error: 'forbidden', message: 'Not yours' },
    }))
    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }))
    await settle()
    expect(screen.getByRole('alert').textContent).toContain('Not yours')
    expect(screen.getByRole('button', { name: 'Resolve' })).toBeTruthy()
  })

  it("follows another agent's changes live from the room", async () => {
    await renderPane(server)
    FakeWebSocket.last.ready()
    FakeWebSocket.last.receive({
      event: 'conversation.status_changed',
      data: conversation({ status: 'resolved' }),
    })
    await settle(1)
    expect(screen.getByRole('button', { name: 'Reopen' })).toBeTruthy()
    const updated = conversation({ priority: 'high', labels: ['vip'] })
    updated.meta = { ...updated.meta, assignee: agent(6) as never }
    FakeWebSocket.last.receive({ event: 'conversation.updated', data: updated })
    await settle(1)
    expect((screen.getByRole('combobox', { name: 'Priority' }) as HTMLSelectElement).value).toBe(
      'high',
    )
    expect((screen.getByRole('combobox', { name: 'Assignee' }) as HTMLSelectElement).value).toBe(
      '6',
    )
    expect(screen.getByRole('button', { name: 'Resolve' })).toBeTruthy()
  })
})

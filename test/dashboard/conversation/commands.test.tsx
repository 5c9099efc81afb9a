import { screen } from '@testing-library/preact'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeServer } from './fake-server'
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

describe('commands from the shortcuts', () => {
  it('"reply" and "note" focus the composer in that mode', async () => {
    const { services } = await renderPane(server)
    services.commands.emit('note')
    await settle(1)
    const note = screen.getByRole('textbox', { name: 'Private note' })
    expect(document.activeElement).toBe(note)
    services.commands.emit('reply')
    await settle(1)
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Reply' }))
  })

  it('"resolve" resolves the conversation', async () => {
    const { services } = await renderPane(server)
    services.commands.emit('resolve')
    await settle()
    expect(server.callsTo('POST', '/toggle_status').at(-1)?.body).toEqual({ status: 'resolved' })
  })

  it('"assign" focuses the assignee picker', async () => {
    const { services } = await renderPane(server)
    services.commands.emit('assign')
    await settle(1)
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Assignee' }))
  })

  it('"snooze" and "label" open their menus with the focus inside', async () => {
    const { services } = await renderPane(server)
    services.commands.emit('snooze')
    await settle(1)
    const snooze = screen.getByRole('dialog', { name: 'Snooze' })
    expect(snooze.contains(document.activeElement)).toBe(true)
    services.commands.emit('label')
    await settle(1)
    expect(screen.queryByRole('dialog', { name: 'Snooze' })).toBeNull()
    const labels = screen.getByRole('dialog', { name: 'Labels' })
    expect(labels.contains(document.activeElement)).toBe(true)
  })

  it('stops listening, and closes its socket, when the pane closes', async () => {
    const { services, unmount } = await renderPane(server)
    unmount()
    // Preact runs the effect cleanups of an unmounted tree after the render.
    await vi.waitFor(() => expect(FakeWebSocket.last.closedByClient).toBe(true))
    services.commands.emit('resolve')
    await settle()
    expect(server.callsTo('POST', '/toggle_status')).toEqual([])
  })
})

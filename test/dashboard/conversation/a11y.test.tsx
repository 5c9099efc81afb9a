import { fireEvent, screen } from '@testing-library/preact'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FakeServer, message } from './fake-server'
import { renderPane, settle } from './harness'

let server: FakeServer
beforeEach(() => {
  server = new FakeServer()
  localStorage.clear()
})
afterEach(() => {
  document.body.innerHTML = ''
})

/** axe's serious and critical findings (layout-dependent rules cannot run without a layout). */
async function seriousViolations(): Promise<string[]> {
  const results = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  })
  expect(results.passes.map((p) => p.id)).toContain('aria-valid-attr-value')
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

describe('accessibility', () => {
  it('has no serious or critical axe violation with messages, notes and the canned list open', async () => {
    server.messages = [
      message(1, { content: 'Hello' }),
      message(2, { content: 'Note', message_type: 1, private: true }),
      message(3, { content: 'assigned', message_type: 2 }),
    ]
    await renderPane(server)
    fireEvent.input(screen.getByRole('textbox', { name: 'Reply' }), { target: { value: '/he' } })
    await settle()
    expect(screen.getByRole('listbox')).toBeTruthy()
    expect(await seriousViolations()).toEqual([])
  })

  it('has no serious or critical axe violation with the snooze menu open', async () => {
    await renderPane(server)
    fireEvent.click(screen.getByRole('button', { name: 'Snooze' }))
    expect(await seriousViolations()).toEqual([])
  })

  it('uses no inline style attribute anywhere (the CSP forbids them)', async () => {
    server.messages = [message(1)]
    await renderPane(server)
    fireEvent.click(screen.getByRole('button', { name: 'Labels' }))
    await settle(1)
    expect(document.querySelectorAll('[style]').length).toBe(0)
  })
})

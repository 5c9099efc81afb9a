import { fireEvent, screen, within } from '@testing-library/preact'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FakeServer } from './fake-server'
import { renderPane, settle } from './harness'

let server: FakeServer
beforeEach(() => {
  server = new FakeServer()
  localStorage.clear()
  server.on('GET', '/inbox_members/1', () => ({
    body: {
      payload: [
        { id: 7, name: 'Ana Ruiz', available_name: 'Ana Ruiz' },
        { id: 8, name: 'Bo Chen', available_name: 'Bo' },
      ],
    },
  }))
})
afterEach(() => {
  document.body.innerHTML = ''
})

const type = (box: HTMLElement, text: string) => fireEvent.input(box, { target: { value: text } })

describe('mentions in a private note', () => {
  it("offers the inbox's agents after @ and inserts Chatwoot's mention form on Enter, without sending", async () => {
    await renderPane(server)
    fireEvent.click(screen.getByRole('button', { name: 'Private note' }))
    const box = screen.getByRole('textbox', { name: 'Private note' }) as HTMLTextAreaElement
    type(box, 'Can you look, @an')
    await settle()
    const listbox = screen.getByRole('listbox', { name: 'Agents to mention' })
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['@Ana Ruiz'])
    expect(box.getAttribute('aria-controls')).toBe(listbox.id)
    fireEvent.keyDown(box, { key: 'Enter' })
    await settle()
    expect(box.value).toBe('Can you look, [@Ana Ruiz](mention://user/7/Ana%20Ruiz) ')
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(server.callsTo('POST', '/messages')).toEqual([])
  })

  it('offers no one in a reply to the visitor', async () => {
    await renderPane(server)
    type(screen.getByRole('textbox', { name: 'Reply' }), 'Hi @an')
    await settle()
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(server.callsTo('GET', '/inbox_members/1')).toEqual([])
  })
})

import { fireEvent, screen, within } from '@testing-library/preact'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { draftKey } from '../../../dashboard/src/conversation/drafts'
import { ACCOUNT, DISPLAY_ID, FakeServer } from './fake-server'
import { renderPane, settle } from './harness'

let server: FakeServer
beforeEach(() => {
  server = new FakeServer()
  localStorage.clear()
})
afterEach(() => {
  document.body.innerHTML = ''
})

const type = (box: HTMLElement, text: string) => fireEvent.input(box, { target: { value: text } })
const sentBodies = () =>
  server.callsTo('POST', '/messages').map((c) => c.body as Record<string, unknown>)

describe('composer modes', () => {
  it('is a textbox named "Reply" that becomes "Private note" with the toggle', async () => {
    await renderPane(server)
    const replyToggle = screen.getByRole('button', { name: 'Reply' })
    const noteToggle = screen.getByRole('button', { name: 'Private note' })
    expect(screen.getByRole('textbox', { name: 'Reply' })).toBeTruthy()
    expect(replyToggle.getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(noteToggle)
    expect(screen.getByRole('textbox', { name: 'Private note' })).toBeTruthy()
    expect(noteToggle.getAttribute('aria-pressed')).toBe('true')
    expect(replyToggle.getAttribute('aria-pressed')).toBe('false')
  })

  it('sends a private note with private: true and a reply with private: false', async () => {
    await renderPane(server)
    type(screen.getByRole('textbox', { name: 'Reply' }), 'to the visitor')
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    fireEvent.click(screen.getByRole('button', { name: 'Private note' }))
    type(screen.getByRole('textbox', { name: 'Private note' }), 'agents only')
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await settle()
    expect(sentBodies().map((b) => [b.content, b.private])).toEqual([
      ['to the visitor', false],
      ['agents only', true],
    ])
  })
})

describe('send keys', () => {
  it('sends on Enter and adds a line on Shift+Enter when the setting is Enter', async () => {
    await renderPane(server)
    const box = screen.getByRole('textbox', { name: 'Reply' })
    type(box, 'first line')
    expect(fireEvent.keyDown(box, { key: 'Enter', shiftKey: true })).toBe(true)
    await settle()
    expect(sentBodies()).toEqual([])
    fireEvent.keyDown(box, { key: 'Enter' })
    await settle()
    expect(sentBodies().map((b) => b.content)).toEqual(['first line'])
    expect((box as HTMLTextAreaElement).value).toBe('')
  })

  it('leaves Enter to the textbox and sends on Mod+Enter when the setting is Mod+Enter', async () => {
    const { services } = await renderPane(server)
    services.preferences.value = { sendWith: 'mod_enter', shortcuts: true, sound: 'hidden' }
    await settle(1)
    const box = screen.getByRole('textbox', { name: 'Reply' })
    type(box, 'hello')
    expect(fireEvent.keyDown(box, { key: 'Enter' })).toBe(true)
    await settle()
    expect(sentBodies()).toEqual([])
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true })
    await settle()
    type(box, 'again')
    fireEvent.keyDown(box, { key: 'Enter', metaKey: true })
    await settle()
    expect(sentBodies().map((b) => b.content)).toEqual(['hello', 'again'])
  })

  it('always sends on Mod+Enter, whatever the setting', async () => {
    await renderPane(server)
    const box = screen.getByRole('textbox', { name: 'Reply' })
    type(box, 'quick')
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true })
    await settle()
    expect(sentBodies().map((b) => b.content)).toEqual(['quick'])
  })

  it('sends nothing for an empty box', async () => {
    await renderPane(server)
    type(screen.getByRole('textbox', { name: 'Reply' }), '   ')
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await settle()
    expect(sentBodies()).toEqual([])
  })
})

describe('drafts', () => {
  it('keeps a draft per conversation and mode in localStorage and restores it', async () => {
    const first = await renderPane(server)
    type(screen.getByRole('textbox', { name: 'Reply' }), 'reply draft')
    fireEvent.click(screen.getByRole('button', { name: 'Private note' }))
    type(screen.getByRole('textbox', { name: 'Private note' }), 'note draft')
    expect(localStorage.getItem(draftKey(ACCOUNT, DISPLAY_ID, 'reply'))).toBe('reply draft')
    expect(localStorage.getItem(draftKey(ACCOUNT, DISPLAY_ID, 'note'))).toBe('note draft')
    expect(draftKey(ACCOUNT, DISPLAY_ID, 'reply')).not.toBe(draftKey(ACCOUNT, 8, 'reply'))
    first.unmount()

    await renderPane(server)
    const reply = screen.getByRole('textbox', { name: 'Reply' }) as HTMLTextAreaElement
    expect(reply.value).toBe('reply draft')
    fireEvent.click(screen.getByRole('button', { name: 'Private note' }))
    const note = screen.getByRole('textbox', { name: 'Private note' }) as HTMLTextAreaElement
    expect(note.value).toBe('note draft')
  })

  it('clears the draft once the message is sent', async () => {
    await renderPane(server)
    const box = screen.getByRole('textbox', { name: 'Reply' })
    type(box, 'sent soon')
    fireEvent.keyDown(box, { key: 'Enter' })
    await settle()
    expect(localStorage.getItem(draftKey(ACCOUNT, DISPLAY_ID, 'reply'))).toBeNull()
  })
})

describe('canned responses', () => {
  it('offers matching canned responses as a listbox when the text starts with /', async () => {
    await renderPane(server)
    const box = screen.getByRole('textbox', { name: 'Reply' })
    type(box, '/he')
    await settle()
    const listbox = screen.getByRole('listbox', { name: 'Canned responses' })
    const options = within(listbox).getAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual([
      '/helloHello! How can I help?',
      '/helpOur help centre is at example.com/help',
    ])
    expect(server.callsTo('GET', '/canned_responses').at(-1)?.query.get('search')).toBe('he')
    expect(box.getAttribute('aria-controls')).toBe(listbox.id)
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]?.id)
    expect(options[0]?.getAttribute('aria-selected')).toBe('true')
  })

  it('moves with the arrow keys and inserts the active response on Enter without sending', async () => {
    await renderPane(server)
    const box = screen.getByRole('textbox', { name: 'Reply' }) as HTMLTextAreaElement
    type(box, '/he')
    await settle()
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    const options = within(screen.getByRole('listbox')).getAllByRole('option')
    expect(options[1]?.getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(box, { key: 'Enter' })
    await settle()
    expect(box.value).toBe('Our help centre is at example.com/help')
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(sentBodies()).toEqual([])
  })

  it('closes the listbox on Escape and keeps the text', async () => {
    await renderPane(server)
    const box = screen.getByRole('textbox', { name: 'Reply' }) as HTMLTextAreaElement
    type(box, '/hel')
    await settle()
    expect(screen.getByRole('listbox')).toBeTruthy()
    fireEvent.keyDown(box, { key: 'Escape' })
    await settle(1)
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(box.value).toBe('/hel')
  })

  it('shows no listbox for text that does not start with /', async () => {
    await renderPane(server)
    type(screen.getByRole('textbox', { name: 'Reply' }), 'hello /he')
    await settle()
    expect(screen.queryByRole('listbox')).toBeNull()
  })
})

describe('attachments', () => {
  it('sends picked files as multipart attachments[] with the echo_id', async () => {
    await renderPane(server)
    server.on('POST', '/messages', () => ({ status: 500, body: { error: 'x', message: 'x' } }))
    const input = document.querySelector('input[type="file"]') as HTMLInputElement
    const file = new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' })
    fireEvent.change(input, { target: { files: [file] } })
    expect(screen.getByRole('button', { name: 'Remove invoice.pdf' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await settle()
    const body = server.callsTo('POST', '/messages')[0]?.body as FormData
    expect(body).toBeInstanceOf(FormData)
    expect((body.get('attachments[]') as File).name).toBe('invoice.pdf')
    expect(body.get('echo_id')).toBeTruthy()
    expect(body.get('private')).toBe('false')
  })

  it('takes pasted files as attachments', async () => {
    await renderPane(server)
    const box = screen.getByRole('textbox', { name: 'Reply' })
    const file = new File(['png'], 'shot.png', { type: 'image/png' })
    fireEvent.paste(box, { clipboardData: { files: [file] } })
    await settle(1)
    expect(screen.getByRole('button', { name: 'Remove shot.png' })).toBeTruthy()
  })
})

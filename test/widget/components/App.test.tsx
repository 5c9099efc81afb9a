import { fireEvent } from '@testing-library/preact'
import { describe, expect, it, vi } from 'vitest'
import { es } from '../../../widget/src/i18n/es'
import { FakeServer } from '../fake-server'
import { fakeEnv, settle } from '../helpers'
import { mountWidget } from '../mount-helpers'

describe('<App> mounted in the launcher', () => {
  it('opens a named dialog, moves focus to the composer, and Esc closes back to the launcher', async () => {
    const w = mountWidget()
    await settle()
    await w.controller.run({ type: 'toggle', state: 'open' })
    await settle()
    const dialog = w.view.getByRole('dialog', { name: 'Chat with Acme Support' })
    expect(dialog).toBeTruthy()
    const composer = w.view.getByRole('textbox', { name: 'Type your message' })
    await vi.waitFor(() => expect(w.focused()).toBe(composer))
    expect(w.launcher.button.getAttribute('aria-expanded')).toBe('true')
    expect(w.launcher.host.dataset.open).toBe('')
    // The launcher's close icon (app.css shows it while expanded), next to its chat icon.
    const icons = w.launcher.button.querySelectorAll('svg[aria-hidden="true"]')
    expect([...icons].map((icon) => icon.getAttribute('class'))).toEqual([
      'chat',
      'icon icon-close',
    ])

    fireEvent.keyDown(w.focused() as Element, { key: 'Escape' })
    await settle()
    expect(w.view.queryByRole('dialog')).toBeNull()
    await vi.waitFor(() => expect(w.focused()).toBe(w.launcher.button))
    expect(w.events.map((e) => e.event)).toEqual(['opened', 'closed'])
  })

  it('the close button closes it too; a close from the page API leaves page focus alone', async () => {
    const w = mountWidget()
    await w.controller.run({ type: 'toggle', state: 'open' })
    await settle()
    fireEvent.click(w.view.getByRole('button', { name: 'Close chat' }))
    await settle()
    expect(w.view.queryByRole('dialog')).toBeNull()

    const pageInput = document.createElement('input')
    document.body.append(pageInput)
    await w.controller.run({ type: 'toggle', state: 'open' })
    await settle()
    pageInput.focus()
    await w.controller.run({ type: 'toggle', state: 'close' })
    await settle()
    expect(document.activeElement).toBe(pageInput)
  })

  it('sends what the visitor types and shows it in the message log', async () => {
    const w = mountWidget()
    await w.controller.run({ type: 'toggle' })
    await settle()
    const box = w.view.getByRole('textbox', { name: 'Type your message' })
    fireEvent.input(box, { target: { value: 'Where is my order?' } })
    fireEvent.keyDown(box, { key: 'Enter' })
    await settle()
    const log = w.view.getByRole('log', { name: 'Messages' })
    expect(log.getAttribute('aria-live')).toBe('polite')
    expect(log.textContent).toContain('Where is my order?')
    expect(w.server.calls('POST', /\/messages$/)).toHaveLength(1)
    expect((box as HTMLTextAreaElement).value).toBe('')
  })

  it('speaks Arabic right to left, and follows setLocale at run time', async () => {
    const w = mountWidget({ settings: { locale: 'ar' } })
    await w.controller.run({ type: 'toggle', state: 'open' })
    await settle()
    const root = w.container.querySelector('.parley') as HTMLElement
    expect(root.dir).toBe('rtl')
    expect(root.lang).toBe('ar')
    expect(w.view.getByRole('button', { name: 'إغلاق المحادثة' })).toBeTruthy()
    expect(w.launcher.button.getAttribute('aria-label')).toBe('إغلاق المحادثة')

    await w.controller.run({ type: 'setLocale', locale: 'es' })
    await settle()
    expect(root.dir).toBe('ltr')
    expect(w.view.getByRole('button', { name: 'Cerrar chat' })).toBeTruthy()
  })

  it('uses the inbox locale when the page sets none, and Portuguese for pt_BR', async () => {
    const server = new FakeServer()
    server.config.locale = 'pt_BR'
    const w = mountWidget({ server })
    await w.controller.run({ type: 'toggle', state: 'open' })
    await settle()
    expect(w.view.getByRole('button', { name: 'Fechar chat' })).toBeTruthy()
  })

  it('switches colour scheme with setColorScheme, defaulting to the system preference', async () => {
    const w = mountWidget()
    const root = w.container.querySelector('.parley') as HTMLElement
    expect(root.dataset.scheme).toBe('auto')
    await w.controller.run({ type: 'setColorScheme', scheme: 'dark' })
    await settle()
    expect(root.dataset.scheme).toBe('dark')
  })

  it('themes the launcher and header from the inbox settings', async () => {
    const server = new FakeServer()
    server.config.widget_color = '#0b5cad'
    server.config.position = 'left'
    const w = mountWidget({ server })
    await settle()
    expect(w.launcher.host.style.getPropertyValue('--parley-color')).toBe('#0b5cad')
    expect(w.launcher.host.dataset.position).toBe('left')
    await w.controller.run({ type: 'toggle', state: 'open' })
    await settle()
    expect(w.view.getByRole('heading', { name: 'Welcome to Acme' })).toBeTruthy()
    expect(w.view.getByText('We reply fast')).toBeTruthy()
    expect(w.view.getByText('Typically replies in a few minutes')).toBeTruthy()
  })

  it('puts the unread count on the launcher badge and in its name, 99+ past 99', async () => {
    const server = new FakeServer()
    const contact = server.addContact()
    const conversation = server.addConversation(contact.source_id)
    server.addMessage(conversation.id)
    localStorage.setItem(
      `parley:${server.inbox}`,
      JSON.stringify({
        sourceId: contact.source_id,
        pubsubToken: contact.pubsub_token,
        conversationId: conversation.id,
      }),
    )
    const w = mountWidget({ server })
    const button = w.launcher.button
    await settle()
    w.env.live?.frame('message.created', server.addMessage(conversation.id))
    await settle()
    expect(button.getAttribute('aria-label')).toBe('Open chat, 2 unread')
    expect(button.dataset.unread).toBe('2')
    for (let i = 0; i < 98; i++)
      w.env.live?.frame('message.created', server.addMessage(conversation.id))
    await settle()
    expect(button.getAttribute('aria-label')).toBe('Open chat, 100 unread')
    expect(button.dataset.unread).toBe('99+')
    await w.controller.run({ type: 'toggle', state: 'open' })
    await settle()
    expect(button.getAttribute('aria-label')).toBe('Close chat')
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(button.dataset.unread).toBeUndefined()
  })

  it("keeps the loader's name for the launcher while the wanted language's strings load", async () => {
    const env = fakeEnv()
    let deliver: (strings: typeof es) => void = () => {}
    env.loadStrings = () =>
      new Promise((resolve) => {
        deliver = resolve
      })
    const w = mountWidget({ settings: { locale: 'es', launcherTitle: 'Hablemos' }, env })
    const button = w.launcher.button
    button.setAttribute('aria-label', 'Hablemos')
    await settle()
    expect(button.getAttribute('aria-label')).toBe('Hablemos')
    // Open before the strings are there: the panel speaks English for now, and so does the launcher.
    await w.controller.run({ type: 'toggle', state: 'open' })
    await settle()
    expect(button.getAttribute('aria-label')).toBe('Close chat')
    expect(button.getAttribute('aria-expanded')).toBe('true')
    deliver(es)
    await settle()
    expect(button.getAttribute('aria-label')).toBe('Cerrar chat')
    await w.controller.run({ type: 'toggle', state: 'close' })
    await settle()
    expect(button.getAttribute('aria-label')).toBe('Hablemos')
    expect(button.getAttribute('aria-expanded')).toBe('false')
  })

  it('shows a retry when the inbox cannot be loaded', async () => {
    const server = new FakeServer()
    server.failures.push({ match: /^GET $/, status: 503 })
    const w = mountWidget({ server })
    await w.controller.run({ type: 'toggle', state: 'open' })
    await settle()
    expect(w.view.getByRole('alert').textContent).toContain('We could not load the chat.')
    fireEvent.click(w.view.getByRole('button', { name: 'Try again' }))
    await settle()
    expect(w.view.getByRole('textbox', { name: 'Type your message' })).toBeTruthy()
  })

  it('destroy() removes the panel and stops listening', async () => {
    const w = mountWidget()
    await w.controller.run({ type: 'toggle', state: 'open' })
    await settle()
    w.controller.destroy()
    expect(w.launcher.root.querySelector('.parley-app')).toBeNull()
    expect(w.launcher.button.querySelector('.icon-close')).toBeNull()
    expect(w.launcher.button.querySelector('.chat')).not.toBeNull()
  })
})

import { fireEvent, render, screen } from '@testing-library/preact'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../../dashboard/src/api/schema'
import { App } from '../../../dashboard/src/app/App'
import { createRouter, type Router } from '../../../dashboard/src/app/router'
import { en } from '../../../dashboard/src/i18n'
import { es } from '../../../dashboard/src/i18n/es'
import { fakeApi, listAnswer } from '../fake-api'
import { FakeWebSocket } from '../fake-socket'

let router: Router | undefined

beforeEach(() => {
  FakeWebSocket.reset()
  vi.stubGlobal('WebSocket', FakeWebSocket)
})
afterEach(() => {
  router?.dispose()
  vi.unstubAllGlobals()
  document.documentElement.lang = ''
})

/** The app signed in as an agent whose profile keeps `uiSettings`, opened at `path`. */
function start(path: string, uiSettings: Record<string, unknown>, browserLanguages: string[] = []) {
  history.replaceState(null, '', path)
  const profile = {
    id: 5,
    name: 'Ada Agent',
    email: 'ada@example.test',
    ui_settings: uiSettings,
    accounts: [{ id: 1, name: 'Acme', role: 'administrator', availability: 'online' }],
  } as unknown as Profile
  const patches: unknown[] = []
  const { api } = fakeApi(async (url, request) => {
    if (url.pathname === '/api/v1/profile' && request.method === 'PATCH') {
      patches.push(await request.json())
      return Response.json(profile)
    }
    if (url.pathname === '/api/v1/profile') return Response.json(profile)
    if (url.pathname === '/api/v1/accounts/1/conversations') return listAnswer([])
    if (url.pathname === '/api/v1/accounts/1/contacts') {
      return Response.json({ meta: { count: 0, current_page: 1 }, payload: [] })
    }
    return undefined
  })
  router = createRouter(window)
  render(<App api={api} router={router} strings={en} browserLanguages={browserLanguages} />)
  return { patches }
}

describe('the dashboard in Spanish', () => {
  it("shows the contacts page in Spanish when the agent's profile chose es", async () => {
    start('/app/accounts/1/contacts', { locale: 'es' })
    await screen.findByRole('heading', { name: es.contacts.title, level: 1 })
    expect(screen.getByText(es.contacts.description)).toBeTruthy()
    expect(screen.getByRole('searchbox', { name: es.contacts.search })).toBeTruthy()
    expect(screen.queryByText(en.contacts.description)).toBeNull()
    expect(document.documentElement.lang).toBe('es')
  })

  it('shows a settings page in Spanish too', async () => {
    start('/app/accounts/1/settings/labels', { locale: 'es' })
    await screen.findByRole('navigation', { name: es.settings.settingsNavigation })
    expect(await screen.findByText(es.labels.description)).toBeTruthy()
  })

  it("follows the browser's language when the agent chose none", async () => {
    start('/app/accounts/1/contacts', {}, ['es-MX', 'en'])
    await screen.findByText(es.contacts.description)
  })

  it('stays English for an agent who chose English in a Spanish browser', async () => {
    start('/app/accounts/1/contacts', { locale: 'en' }, ['es-ES'])
    await screen.findByText(en.contacts.description)
    expect(document.documentElement.lang).toBe('en')
  })

  it("switches every screen when the agent picks Español, saved in the profile's ui_settings", async () => {
    const { patches } = start('/app/accounts/1/contacts', {})
    await screen.findByText(en.contacts.description)
    fireEvent.keyDown(document.body, { key: '?' })
    const picker = await screen.findByLabelText(en.shell.language)
    fireEvent.change(picker, { target: { value: 'es' } })
    await screen.findByText(es.contacts.description)
    expect(patches).toEqual([{ ui_settings: { locale: 'es' } }])
    expect(document.documentElement.lang).toBe('es')
  })
})

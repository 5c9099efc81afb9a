import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../../dashboard/src/api/schema'
import { App } from '../../../dashboard/src/app/App'
import { createRouter, type Router } from '../../../dashboard/src/app/router'
import { en } from '../../../dashboard/src/i18n'
import { conversation, fakeApi, listAnswer, ME } from '../fake-api'
import { FakeWebSocket } from '../fake-socket'

const profile = {
  id: ME,
  name: 'Ada Agent',
  email: 'ada@example.test',
  ui_settings: {},
  accounts: [{ id: 1, name: 'Acme', role: 'agent', availability: 'online' }],
} as unknown as Profile

let router: Router | undefined

beforeEach(() => {
  FakeWebSocket.reset()
  vi.stubGlobal('WebSocket', FakeWebSocket)
})
afterEach(() => {
  router?.dispose()
  vi.unstubAllGlobals()
})

function start(path: string, signedIn: boolean) {
  history.replaceState(null, '', path)
  let session = signedIn
  const { api, requests } = fakeApi(async (url) => {
    if (url.pathname === '/api/v1/profile') {
      return session
        ? Response.json(profile)
        : Response.json({ error: 'unauthorized', message: 'no' }, { status: 401 })
    }
    if (url.pathname === '/auth/sign_in') {
      session = true
      return Response.json({ data: profile })
    }
    if (url.pathname === '/auth/sign_out') {
      session = false
      return Response.json({ success: true })
    }
    if (url.pathname === '/api/v1/accounts/1/conversations') {
      if (!session) return Response.json({ error: 'unauthorized', message: 'no' }, { status: 401 })
      return listAnswer([conversation(3, { unread_count: 2, name: 'Bea' }), conversation(2)])
    }
    return undefined
  })
  router = createRouter(window)
  render(<App api={api} router={router} strings={en} />)
  return {
    requests,
    expire: () => {
      session = false
    },
  }
}

/** The account feed connects; the list loads once it is live. */
async function feedLive() {
  await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0))
  act(() => (FakeWebSocket.instances[0] as FakeWebSocket | undefined)?.ready())
  await screen.findByText('Bea')
}

/** axe's serious and critical findings (layout-dependent rules cannot run without a layout). */
async function seriousViolations(): Promise<string[]> {
  const results = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  })
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

describe('the app', () => {
  it('sends a visitor without a session to the sign-in page', async () => {
    start('/app/accounts/1/dashboard', false)
    await screen.findByRole('heading', { name: en.shell.signInTitle })
    await waitFor(() => expect(location.pathname).toBe('/app/login'))
  })

  it('opens the first account after signing in', async () => {
    start('/app', false)
    await screen.findByRole('heading', { name: en.shell.signInTitle })
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'ada@example.test' } })
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'pw' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(location.pathname).toBe('/app/accounts/1/dashboard'))
    expect(FakeWebSocket.instances[0]?.url).toBe('ws://localhost:8787/api/v1/accounts/1/live')
  })

  it('shows the inbox with landmarks, a skip link and the unread count in the title', async () => {
    start('/app/accounts/1/dashboard', true)
    await feedLive()
    expect(screen.getByRole('navigation', { name: en.shell.mainNavigation })).toBeTruthy()
    expect(screen.getByRole('main')).toBeTruthy()
    expect(screen.getByRole('link', { name: en.shell.skipToMain }).getAttribute('href')).toBe(
      '#main',
    )
    expect(screen.getByRole('list', { name: en.shell.conversations }).children).toHaveLength(2)
    await waitFor(() => expect(document.title).toBe('(1) Parley'))
  })

  it('switches Mine / Unassigned / All as tabs, by click or arrow keys, and asks for that list', async () => {
    const { requests } = start('/app/accounts/1/dashboard', true)
    await feedLive()
    const mine = screen.getByRole('tab', { name: `${en.shell.tabMine} 1` })
    expect(mine.getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(mine.id)
    fireEvent.keyDown(mine, { key: 'ArrowRight' })
    const unassigned = screen.getByRole('tab', { name: /^Unassigned/ })
    await waitFor(() => expect(unassigned.getAttribute('aria-selected')).toBe('true'))
    expect(document.activeElement).toBe(unassigned)
    fireEvent.keyDown(unassigned, { key: 'End' })
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /^All/ }).getAttribute('aria-selected')).toBe('true'),
    )
    const asked = requests
      .filter((u) => u.pathname.endsWith('/conversations'))
      .map((u) => u.searchParams.get('assignee_type'))
    expect(asked).toEqual(['me', 'unassigned', 'all'])
  })

  it('opens the next conversation with j and goes back with the browser', async () => {
    start('/app/accounts/1/dashboard', true)
    await feedLive()
    fireEvent.keyDown(document.body, { key: 'j' })
    await waitFor(() => expect(location.pathname).toBe('/app/accounts/1/conversations/3'))
    await waitFor(() => expect(document.title).toBe('Parley'))
    expect(screen.getByRole('link', { name: /Bea/ }).getAttribute('aria-current')).toBe('page')
    act(() => {
      history.replaceState(null, '', '/app/accounts/1/dashboard')
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    await waitFor(() => expect(screen.getByText(en.shell.noConversationOpen)).toBeTruthy())
  })

  it('returns to sign-in when the feed says the session ended', async () => {
    start('/app/accounts/1/dashboard', true)
    await feedLive()
    act(() => FakeWebSocket.instances[0]?.drop(4401))
    await screen.findByRole('heading', { name: en.shell.signInTitle })
    expect(location.pathname).toBe('/app/login')
  })

  it('returns to sign-in when an API call says the session ended', async () => {
    const { expire } = start('/app/accounts/1/dashboard', true)
    await feedLive()
    expire()
    fireEvent.click(screen.getByRole('tab', { name: `${en.shell.tabAll} 3` }))
    await screen.findByRole('heading', { name: en.shell.signInTitle })
    await waitFor(() => expect(location.pathname).toBe('/app/login'))
  })

  it('runs the account menu from the keyboard: arrows move, Escape closes and gives focus back', async () => {
    start('/app/accounts/1/dashboard', true)
    await feedLive()
    const button = screen.getByRole('button', { name: /Account menu for Ada Agent/ })
    fireEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    const menu = screen.getByRole('menu')
    const items = screen.getAllByRole('menuitem')
    await waitFor(() => expect(document.activeElement).toBe(items[0]))
    fireEvent.keyDown(menu, { key: 'ArrowUp' })
    expect(document.activeElement).toBe(items.at(-1))
    fireEvent.keyDown(menu, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(items[0])
    fireEvent.keyDown(menu, { key: 'Escape' })
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'))
    expect(document.activeElement).toBe(button)
  })

  it('signs out from the account menu', async () => {
    const { requests } = start('/app/accounts/1/dashboard', true)
    await feedLive()
    fireEvent.click(screen.getByRole('button', { name: /Account menu for Ada Agent/ }))
    fireEvent.click(screen.getByRole('menuitem', { name: en.shell.signOut }))
    await screen.findByRole('heading', { name: en.shell.signInTitle })
    expect(requests.some((u) => u.pathname === '/auth/sign_out')).toBe(true)
    await waitFor(() => expect(FakeWebSocket.instances[0]?.closedByClient).toBe(true))
  })

  it('has no serious or critical axe violation on the sign-in page', async () => {
    start('/app/login', false)
    await screen.findByRole('heading', { name: en.shell.signInTitle })
    expect(await seriousViolations()).toEqual([])
  })

  it('has no serious or critical axe violation on the inbox, its menu and the cheat sheet', async () => {
    start('/app/accounts/1/dashboard', true)
    await feedLive()
    fireEvent.click(screen.getByRole('button', { name: /Account menu for Ada Agent/ }))
    expect(await seriousViolations()).toEqual([])
    fireEvent.keyDown(document.body, { key: '?' })
    const dialog = await screen.findByRole('dialog', { name: en.shell.shortcutsTitle })
    expect(dialog.contains(document.activeElement)).toBe(true)
    expect(await seriousViolations()).toEqual([])
    fireEvent.keyDown(dialog, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})

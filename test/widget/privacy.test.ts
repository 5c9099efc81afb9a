import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mountApp } from '../../widget/src/app/mount'
import { startLoader } from '../../widget/src/loader/start'
import { FakeWebSocket } from '../protocol/fake-socket'
import { FakeLocks, fakeBroadcastChannel } from '../protocol/fake-tabs'
import { FakeServer } from './fake-server'
import { settle } from './helpers'
import { clearGlobals, launcherButton, loaderScript, win } from './loader/harness'

let server: FakeServer
let channels: string[]

beforeEach(() => {
  clearGlobals()
  FakeWebSocket.reset()
  server = new FakeServer()
  channels = []
  const Channel = fakeBroadcastChannel()
  vi.stubGlobal('fetch', server.fetch)
  vi.stubGlobal('WebSocket', FakeWebSocket)
  vi.stubGlobal(
    'BroadcastChannel',
    class extends Channel {
      constructor(name: string) {
        super(name)
        channels.push(name)
      }
    },
  )
  Object.defineProperty(navigator, 'locks', { value: new FakeLocks(), configurable: true })
})
afterEach(() => {
  vi.unstubAllGlobals()
  clearGlobals()
})

/** The whole widget as a page gets it: the loader, and the real app behind it. */
function embed() {
  const script = loaderScript({ 'data-inbox': server.inbox, 'data-base-url': server.baseUrl })
  return startLoader({ window: win, script, importApp: async () => mountApp })
}

describe('privacy', () => {
  it('stores nothing, sets no cookie and opens no socket or channel until the visitor opens it', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem')
    const sdk = embed()
    launcherButton().dispatchEvent(new Event('pointerenter'))
    sdk.setLocale('es')
    sdk.setColorScheme('dark')
    sdk.setConversationCustomAttributes({ cart: 3 })
    await settle()
    expect(
      document.querySelector('parley-widget')?.shadowRoot?.querySelector('.parley-app'),
    ).not.toBeNull()
    expect(setItem).not.toHaveBeenCalled()
    expect(localStorage.length + sessionStorage.length).toBe(0)
    expect(document.cookie).toBe('')
    expect(FakeWebSocket.instances).toHaveLength(0)
    expect(channels).toEqual([])
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET '])

    launcherButton().click()
    await settle()
    expect(Object.keys(localStorage)).toEqual([`parley:${server.inbox}`])
    expect(document.cookie).toBe('')

    const box = document
      .querySelector('parley-widget')
      ?.shadowRoot?.querySelector('textarea') as HTMLTextAreaElement
    box.value = 'hello'
    box.dispatchEvent(new Event('input', { bubbles: true }))
    await settle()
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
    await settle()
    expect(FakeWebSocket.instances).toHaveLength(1)
    expect(channels).toHaveLength(1)
    const socket = FakeWebSocket.last
    socket.open()
    expect(socket.sent[0]).toMatchObject({ type: 'auth' })
    expect(socket.url).not.toContain(
      (
        JSON.parse(localStorage.getItem(`parley:${server.inbox}`) ?? '{}') as {
          pubsubToken: string
        }
      ).pubsubToken,
    )

    sdk.reset()
    await settle()
    expect(localStorage.length).toBe(0)
    expect(socket.closedByClient).toBe(true)
    expect(document.cookie).toBe('')
  })

  it('lets setUser allow storage, yet writes nothing until there is something to keep', async () => {
    const sdk = embed()
    sdk.setUser('u-1', { name: 'Ada', email: 'ada@example.test' })
    await settle()
    expect(localStorage.length).toBe(0)
    expect(server.calls('POST', /^\/contacts$/)).toHaveLength(0)
    sdk.toggle('open')
    await settle()
    expect(server.calls('POST', /^\/contacts$/)[0]?.body).toEqual({
      name: 'Ada',
      email: 'ada@example.test',
      identifier: 'u-1',
    })
    expect(localStorage.length).toBe(1)
  })
})

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startLoader } from '../../../widget/src/loader/start'
import { settle } from '../helpers'
import {
  clearGlobals,
  fakeInboxFetch,
  launcherButton,
  loaderScript,
  recordingApp,
  start,
  win,
} from './harness'

beforeEach(() => {
  clearGlobals()
  fakeInboxFetch()
})
afterEach(() => {
  clearGlobals()
})

describe('the Chatwoot-compatible shim', () => {
  it('starts from data-inbox: draws a named launcher and offers the same API as Parley and $chatwoot', async () => {
    const app = recordingApp()
    const ready = vi.fn()
    win.addEventListener('chatwoot:ready', ready)
    start(loaderScript({ 'data-inbox': 'abc123' }), app.importApp)
    expect(win.$chatwoot).toBe(win.Parley)
    expect(typeof win.chatwootSDK?.run).toBe('function')
    expect(launcherButton().getAttribute('aria-label')).toBe('Open chat')
    expect(launcherButton().getAttribute('aria-expanded')).toBe('false')
    expect(win.$chatwoot).toMatchObject({
      websiteToken: 'abc123',
      baseUrl: 'https://chat.example.test',
      hasLoaded: true,
      isOpen: false,
      position: 'right',
    })
    await settle()
    expect(ready).toHaveBeenCalledTimes(1)
    expect(app.importApp).not.toHaveBeenCalled()
    win.removeEventListener('chatwoot:ready', ready)
  })

  it('chatwootSDK.run({websiteToken, baseUrl}) starts it once; later runs do nothing', () => {
    const app = recordingApp()
    win.chatwootSettings = { position: 'left', launcherTitle: 'Talk to us', locale: 'es' }
    start(loaderScript(), app.importApp)
    expect(document.querySelector('parley-widget')).toBeNull()
    win.chatwootSDK?.run({ websiteToken: 'tok', baseUrl: 'https://api.example.test/' })
    win.chatwootSDK?.run({ websiteToken: 'other', baseUrl: 'https://elsewhere.test' })
    expect(document.querySelectorAll('parley-widget')).toHaveLength(1)
    expect(win.$chatwoot?.websiteToken).toBe('tok')
    expect(win.$chatwoot?.baseUrl).toBe('https://api.example.test')
    expect(win.$chatwoot?.position).toBe('left')
    expect((document.querySelector('parley-widget') as HTMLElement).dataset.position).toBe('left')
    expect(launcherButton().getAttribute('aria-label')).toBe('Talk to us')
  })

  it('queues calls made before the app has loaded and replays them in order', async () => {
    const app = recordingApp()
    start(loaderScript({ 'data-inbox': 'abc' }), app.importApp)
    win.$chatwoot?.setUser('u-1', { name: 'Ada', email: 'ada@example.test', identifier_hash: 'h' })
    win.$chatwoot?.setCustomAttributes({ plan: 'pro' })
    win.$chatwoot?.deleteCustomAttribute('trial')
    win.$chatwoot?.setLabel('vip')
    win.$chatwoot?.removeLabel('new')
    win.$chatwoot?.setLocale('pt_BR')
    win.$chatwoot?.setColorScheme('dark')
    win.$chatwoot?.toggle('open')
    expect(app.importApp).toHaveBeenCalledTimes(1)
    const [url, nonce, target] = app.importApp.mock.calls[0] ?? []
    expect(url).toBe('https://chat.example.test/widget-app.js')
    // The script has no nonce ('' in browsers): none is passed on.
    expect(nonce || undefined).toBeUndefined()
    expect(target).toBe(win)
    await settle()
    expect(app.commands).toEqual([
      {
        type: 'setUser',
        identifier: 'u-1',
        user: { name: 'Ada', email: 'ada@example.test', identifier_hash: 'h' },
      },
      { type: 'setCustomAttributes', attributes: { plan: 'pro' } },
      { type: 'deleteCustomAttribute', key: 'trial' },
      { type: 'setLabel', label: 'vip' },
      { type: 'removeLabel', label: 'new' },
      { type: 'setLocale', locale: 'pt_BR' },
      { type: 'setColorScheme', scheme: 'dark' },
      { type: 'toggle', state: 'open' },
    ])
    expect(win.$chatwoot?.identifier).toBe('u-1')

    win.Parley?.close()
    expect(app.commands.at(-1)).toEqual({ type: 'toggle', state: 'close' })
  })

  it('queues calls made even before run(), and loads the app when the inbox is known', async () => {
    const app = recordingApp()
    start(loaderScript(), app.importApp)
    win.$chatwoot?.toggle()
    expect(app.importApp).not.toHaveBeenCalled()
    win.Parley?.init({ inbox: 'late' })
    await settle()
    expect(app.commands).toEqual([{ type: 'toggle', state: undefined }])
    expect(app.options?.inbox).toBe('late')
  })

  it('loads the app on hover or focus of the launcher, and toggles on click', async () => {
    const app = recordingApp()
    start(loaderScript({ 'data-inbox': 'abc' }), app.importApp)
    launcherButton().dispatchEvent(new Event('pointerenter'))
    expect(app.importApp).toHaveBeenCalledTimes(1)
    launcherButton().dispatchEvent(new Event('focus'))
    launcherButton().click()
    await settle()
    expect(app.importApp).toHaveBeenCalledTimes(1)
    expect(app.commands).toEqual([{ type: 'toggle' }])
  })

  it('hands the app the launcher, settings, inbox and an emitter of chatwoot:* events', async () => {
    const app = recordingApp()
    const opened = vi.fn()
    const onMessage = vi.fn()
    win.addEventListener('chatwoot:opened', opened)
    win.addEventListener('chatwoot:on-message', onMessage)
    start(
      loaderScript({ 'data-inbox': 'abc', 'data-base-url': 'https://api.example.test' }),
      app.importApp,
    )
    win.$chatwoot?.toggle('open')
    await settle()
    expect(app.options).toMatchObject({
      inbox: 'abc',
      baseUrl: 'https://api.example.test',
      assetBase: 'https://chat.example.test/',
    })
    expect(app.options?.launcher.button).toBe(launcherButton())
    app.options?.emit('opened')
    app.options?.emit('on-message', { id: 1, content: 'hi' })
    expect(opened).toHaveBeenCalledTimes(1)
    expect(onMessage.mock.calls[0]?.[0].detail).toEqual({ id: 1, content: 'hi' })
    expect(win.$chatwoot?.isOpen).toBe(true)
    app.options?.emit('closed')
    expect(win.$chatwoot?.isOpen).toBe(false)
    win.removeEventListener('chatwoot:opened', opened)
    win.removeEventListener('chatwoot:on-message', onMessage)
  })

  it('checks arguments at the call site, as Chatwoot does', () => {
    start(loaderScript({ 'data-inbox': 'abc' }), recordingApp().importApp)
    const sdk = win.$chatwoot!
    expect(() => sdk.setUser({} as unknown as string, { name: 'x' })).toThrow(TypeError)
    expect(() => sdk.setUser('u1', {})).toThrow(/name, email or avatar_url/)
    expect(() => sdk.setCustomAttributes('x' as unknown as Record<string, unknown>)).toThrow()
    expect(() => sdk.setLabel('')).toThrow()
    expect(() => sdk.setColorScheme('blue' as 'dark')).toThrow()
    sdk.setUser(42, { email: 'n@example.test' })
    expect(sdk.identifier).toBe('42')
  })

  it('reports a failed app download as chatwoot:error and tries again on the next intent', async () => {
    const errors = vi.fn()
    win.addEventListener('chatwoot:error', errors)
    const app = recordingApp()
    app.importApp.mockRejectedValueOnce(new Error('Could not load widget-app.js'))
    start(loaderScript({ 'data-inbox': 'abc' }), app.importApp)
    launcherButton().click()
    expect(launcherButton().getAttribute('aria-busy')).toBe('true')
    await settle()
    expect(errors.mock.calls[0]?.[0].detail).toEqual({ message: 'Could not load widget-app.js' })
    expect(launcherButton().hasAttribute('aria-busy')).toBe(false)
    launcherButton().click()
    await settle()
    expect(app.importApp).toHaveBeenCalledTimes(2)
    expect(app.commands).toEqual([{ type: 'toggle' }, { type: 'toggle' }])
    win.removeEventListener('chatwoot:error', errors)
  })

  it('hides and shows the bubble with toggleBubbleVisibility, without loading the app', () => {
    const app = recordingApp()
    start(loaderScript({ 'data-inbox': 'abc' }), app.importApp)
    win.$chatwoot?.toggleBubbleVisibility('hide')
    const host = document.querySelector('parley-widget') as HTMLElement
    expect(host.hasAttribute('data-hidden')).toBe(true)
    expect(win.$chatwoot?.hideMessageBubble).toBe(true)
    win.$chatwoot?.toggleBubbleVisibility('show')
    expect(host.hasAttribute('data-hidden')).toBe(false)
    expect(win.$chatwoot?.hideMessageBubble).toBe(false)
    expect(app.importApp).not.toHaveBeenCalled()
  })

  it('keeps its readable state current: locale and colour scheme (with their defaults), the bubble', () => {
    const app = recordingApp()
    win.chatwootSettings = { hideMessageBubble: true, darkMode: 'dark' }
    start(loaderScript({ 'data-inbox': 'abc', 'data-locale': 'ar' }), app.importApp)
    const sdk = win.$chatwoot!
    expect(sdk).toMatchObject({ locale: 'ar', darkMode: 'dark', hideMessageBubble: true })
    expect(launcherButton().getAttribute('aria-label')).toBe('فتح المحادثة')
    expect(document.querySelector('parley-widget')?.hasAttribute('data-hidden')).toBe(true)
    sdk.setLocale()
    sdk.setColorScheme()
    expect(sdk).toMatchObject({ locale: 'en', darkMode: 'light' })
    expect(() => sdk.setLocale('')).toThrow(/locale must be a non-empty string/)
    expect(sdk.locale).toBe('en')
    // Plain, enumerable properties, as Chatwoot's are.
    expect({ ...sdk }).toMatchObject({ locale: 'en', websiteToken: 'abc', hasLoaded: true })
  })

  it('passes an unknown toggle state on as a plain toggle', async () => {
    const app = recordingApp()
    start(loaderScript({ 'data-inbox': 'abc' }), app.importApp)
    win.$chatwoot?.toggle('sideways' as 'open')
    win.$chatwoot?.popoutChatWindow()
    await settle()
    expect(app.commands).toEqual([
      { type: 'toggle', state: undefined },
      { type: 'toggle', state: 'open' },
    ])
  })

  it('colours the launcher with the colour written into a loader whose URL names the inbox: no stylesheet, no request', async () => {
    const fetch = fakeInboxFetch({ widget_color: '#ffcc00' })
    const script = loaderScript()
    script.src = 'https://chat.example.test/widget.js?inbox=baked'
    startLoader({ window: win, script, importApp: recordingApp().importApp, color: '#0b5cad' })
    expect(win.$chatwoot?.websiteToken).toBe('baked')
    const host = document.querySelector('parley-widget') as HTMLElement
    expect(host.style.getPropertyValue('--parley-color')).toBe('#0b5cad')
    expect(host.style.getPropertyValue('--parley-on-color')).toBe('#ffffff')
    expect(host.shadowRoot?.querySelector('link')).toBeNull()
    // Past the idle-time work (requestIdleCallback, or 200 ms without it): still no request.
    await new Promise((resolve) => setTimeout(resolve, 300))
    // (Earlier tests' launchers may still ask for their inbox, "abc", at their idle time.)
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('baked'))).toEqual([])
  })

  it('keeps the default colour until the inbox settings arrive at idle time when the loader was served plain', async () => {
    const fetch = fakeInboxFetch({ widget_color: '#ffcc00' })
    const app = recordingApp()
    // The plain file keeps the slot, which is no colour.
    startLoader({
      window: win,
      script: loaderScript({ 'data-inbox': 'abc' }),
      importApp: app.importApp,
      color: '#parley-inbox-color',
    })
    const host = document.querySelector('parley-widget') as HTMLElement
    expect(host.style.getPropertyValue('--parley-color')).toBe('')
    expect(host.shadowRoot?.querySelector('link')).toBeNull()
    await vi.waitFor(() => expect(host.style.getPropertyValue('--parley-color')).toBe('#ffcc00'))
    expect(host.style.getPropertyValue('--parley-on-color')).toBe('#000000')
    // Intent later reuses the same answer for the app: one request in all.
    launcherButton().dispatchEvent(new Event('pointerenter'))
    await vi.waitFor(() => expect(app.options).toBeDefined())
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('asks for the inbox settings, without credentials, once there is intent, and hands them to the app', async () => {
    const fetch = fakeInboxFetch({ widget_color: '#ffcc00', welcome_title: 'Hi' })
    const app = recordingApp()
    start(loaderScript({ 'data-inbox': 'abc' }), app.importApp)
    launcherButton().dispatchEvent(new Event('pointerenter'))
    expect(fetch).toHaveBeenCalledWith('https://chat.example.test/public/api/v1/inboxes/abc', {
      credentials: 'omit',
    })
    await vi.waitFor(() => expect(app.options).toBeDefined())
    await expect(app.options?.inbox$).resolves.toEqual({
      widget_color: '#ffcc00',
      welcome_title: 'Hi',
    })
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('reports a failed settings request as a chatwoot:error event', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(async () => new Response('', { status: 503 }))
    const errors: unknown[] = []
    const listener = (event: Event) => errors.push((event as CustomEvent).detail)
    window.addEventListener('chatwoot:error', listener)
    try {
      start(loaderScript({ 'data-inbox': 'abc' }), recordingApp().importApp)
      launcherButton().dispatchEvent(new Event('focus'))
      await vi.waitFor(() => expect(errors).toEqual([{ message: 'inbox 503' }]))
    } finally {
      window.removeEventListener('chatwoot:error', listener)
    }
  })

  it('loads the app at idle time for a returning visitor, so replies can raise the badge', async () => {
    localStorage.setItem('parley:abc', JSON.stringify({ sourceId: 's', pubsubToken: 'p' }))
    const app = recordingApp()
    start(loaderScript({ 'data-inbox': 'abc' }), app.importApp)
    await vi.waitFor(() => expect(app.importApp).toHaveBeenCalledTimes(1))
  })
})

describe('reset()', () => {
  it('before the app has loaded, clears the stored session without loading anything', () => {
    localStorage.setItem('parley:abc', JSON.stringify({ sourceId: 's', pubsubToken: 'p' }))
    localStorage.setItem('unrelated', 'kept')
    const app = recordingApp()
    app.importApp.mockImplementation(() => new Promise(() => {}))
    start(loaderScript({ 'data-inbox': 'abc' }), app.importApp)
    win.$chatwoot?.reset()
    expect(localStorage.getItem('parley:abc')).toBeNull()
    expect(localStorage.getItem('unrelated')).toBe('kept')
    expect(app.importApp).not.toHaveBeenCalled()
  })

  it('drops identity calls still queued, and forwards to the app once it is there', async () => {
    const app = recordingApp()
    start(loaderScript({ 'data-inbox': 'abc' }), app.importApp)
    win.$chatwoot?.setUser('u1', { name: 'Ada' })
    win.$chatwoot?.setConversationCustomAttributes({ order: 7 })
    win.$chatwoot?.deleteConversationCustomAttribute('order')
    win.$chatwoot?.setLocale('es')
    win.$chatwoot?.reset()
    await settle()
    expect(app.commands).toEqual([{ type: 'setLocale', locale: 'es' }, { type: 'reset' }])
    expect(win.$chatwoot?.identifier).toBeUndefined()
    win.$chatwoot?.reset()
    expect(app.commands.at(-1)).toEqual({ type: 'reset' })
  })
})

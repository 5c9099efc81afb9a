import { effect } from '@preact/signals'
import { render } from 'preact'
import { createApiClient } from '../client/api'
import { App } from '../components/App'
import { Icon } from '../components/Icon'
import {
  type AppController,
  type LoaderSettings,
  type MountOptions,
  storageKey,
} from '../shared/protocol'
import { adoptAppStyles } from '../shared/styles'
import type { WidgetEnv } from '../store/context'
import { createSessionStore } from '../store/persist'
import { createWidgetState, type WidgetState } from '../store/state'
import { createWidget } from '../store/widget'
import appCss from '../styles/app.css?inline'
import { browserEnv } from './env'

/** What tests replace: the browser's fetch, storage and live connection. */
export interface MountOverrides {
  fetch?: typeof fetch
  storage?: Storage | null
  env?: WidgetEnv
}

function localStorageOf(win: Window): Storage | null {
  try {
    return win.localStorage
  } catch {
    return null
  }
}

/**
 * Names the launcher for its state: "Open chat" / "Close chat", with the unread count, in the
 * language the panel shows; and shows that count on its badge. While the wanted language's strings
 * load, a closed launcher with nothing unread keeps the name it has (the loader's, already in
 * that language).
 */
function labelLauncher(button: HTMLElement, state: WidgetState, settings: LoaderSettings) {
  return effect(() => {
    const open = state.isOpen.value
    const unread = state.unreadCount.value
    if (state.lang.value === state.wantedLang.value || open || unread > 0) {
      const labels = state.t.value.launcher
      const count = unread > 0 ? `, ${labels.unread.replace('{count}', `${unread}`)}` : ''
      const name = open ? labels.close : settings.launcherTitle || labels.open
      button.setAttribute('aria-label', name + count)
    }
    button.setAttribute('aria-expanded', `${open}`)
    // The badge: app.css draws it from this attribute.
    if (unread > 0) button.dataset.unread = unread > 99 ? '99+' : `${unread}`
    else delete button.dataset.unread
  })
}

/** Renders the panel into the launcher's shadow root and wires the app to the page. */
export function mountApp(options: MountOptions, overrides: MountOverrides = {}): AppController {
  const { launcher, settings } = options
  const win = launcher.host.ownerDocument.defaultView as Window & typeof globalThis
  const container = win.document.createElement('div')
  container.className = 'parley-app'
  // Hidden until the styles apply: at once, unless they come as a file (shared/styles.ts).
  container.hidden = true
  launcher.root.append(container)
  // The launcher's close icon, shown while open (app.css): rendered aside, then moved in once
  // the CSS that hides it while closed applies.
  const closeIcon = win.document.createDocumentFragment()
  render(<Icon name="close" />, closeIcon)
  adoptAppStyles(launcher.root, appCss, `${options.assetBase}widget-app.css`, options.nonce, () => {
    container.hidden = false
    launcher.button.append(closeIcon)
  })

  const state = createWidgetState({ settings, browserLanguage: win.navigator.language })
  const storage = overrides.storage !== undefined ? overrides.storage : localStorageOf(win)
  const widget = createWidget({
    state,
    api: createApiClient({
      baseUrl: options.baseUrl,
      inbox: options.inbox,
      fetch: overrides.fetch,
    }),
    store: createSessionStore(storage, options.inbox),
    env: overrides.env ?? browserEnv(win, options),
    emit: options.emit,
    inbox$: options.inbox$,
  })

  const disposers = [
    labelLauncher(launcher.button, state, settings),
    effect(() => {
      const open = state.isOpen.value
      const focusWasInPanel = container.contains(launcher.root.activeElement)
      if (open) launcher.host.dataset.open = ''
      else delete launcher.host.dataset.open
      // Back to the launcher (shown again on small screens by now), unless focus was on the page.
      if (!open && focusWasInPanel) launcher.button.focus()
    }),
    effect(() => {
      const inbox = state.inbox.value
      if (inbox?.widget_color) launcher.setColor(inbox.widget_color)
      launcher.host.dataset.position = settings.position ?? inbox?.position ?? 'right'
    }),
  ]

  const listeners: [EventTarget, string, (event: Event) => void][] = [
    [win, 'online', () => widget.online(true)],
    [win, 'offline', () => widget.online(false)],
    [win.document, 'visibilitychange', () => widget.visibility()],
    [
      win,
      'storage',
      (event) => {
        const { key, newValue } = event as StorageEvent
        if (key === storageKey(options.inbox)) widget.onStorage(newValue)
        else if (key === null) widget.onStorage(null)
      },
    ],
  ]
  for (const [target, type, listener] of listeners) target.addEventListener(type, listener)
  widget.online(win.navigator.onLine !== false)

  render(<App widget={widget} />, container)

  return {
    run: (command) => widget.run(command),
    destroy() {
      for (const dispose of disposers) dispose()
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener)
      widget.destroy()
      render(null, container)
      render(null, closeIcon)
      container.remove()
    },
  }
}
